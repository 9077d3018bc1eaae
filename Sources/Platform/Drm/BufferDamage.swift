import Core

/// What each of a display's scanout buffers lacks of the newest frame copied out, from what each frame changed
/// (`FrameChange`), so that no frame is held to compare with.
///
/// With page flips the back buffer holds the frame before last: bringing it up to date takes what the new frame
/// changed plus what the buffer already lacked. `copy(_:into:)` says what to write.
struct BufferDamage {
    /// Per buffer, what it lacks of the newest frame copied out; `.none` when it holds it. A buffer that holds
    /// none of our frames yet (before the first copy into it) lacks all of it.
    private var outdated: [FrameChange]

    init(buffers: Int) {
        outdated = Array(repeating: .unknown, count: buffers)
    }

    /// True when buffer `index` holds the newest frame copied out.
    func holdsNewest(buffer index: Int) -> Bool { outdated[index] == .none }

    /// Records a frame that changed `change` from the one before it as copied into buffer `index`, and returns
    /// what of it must be written there.
    mutating func copy(_ change: FrameChange, into index: Int) -> FrameChange {
        let needed = outdated[index].followed(by: change)
        for i in outdated.indices where i != index { outdated[i] = outdated[i].followed(by: change) }
        outdated[index] = .none
        return needed
    }
}
