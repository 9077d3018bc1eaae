import Core

/// What each of a display's scanout buffers lacks of the newest frame copied out, so that one frame is held to
/// find damage instead of one per buffer.
///
/// With page flips the back buffer holds the frame before last: bringing it up to date takes what changed since
/// the last frame plus what it already lacked. `copy(_:into:)` says which rectangle to write.
struct BufferDamage {
    /// The frame last copied into a buffer.
    private(set) var newest: FrameBuffer?
    /// Per buffer, where it may differ from `newest` (logical pixels); nil when it holds it. Before the first
    /// copy there is no newest frame, so the first copy into each buffer is whole.
    private var outdated: [PixelRect?]

    init(buffers: Int) {
        outdated = Array(repeating: nil, count: buffers)
    }

    /// True when buffer `index` holds `frame`'s pixels already.
    func holds(_ frame: FrameBuffer, buffer index: Int) -> Bool {
        guard outdated[index] == nil, let newest else { return false }
        return newest == frame
    }

    /// Records `frame` as copied into buffer `index` and returns the rectangle of it that must be written there;
    /// nil when the buffer holds it already. The newest frame is kept even when it changed nothing, so the scene
    /// can draw into the one before without copying it first.
    mutating func copy(_ frame: FrameBuffer, into index: Int) -> PixelRect? {
        let changed = FrameDamage.changedRect(from: newest, to: frame)
        var needed = changed
        if let lacking = outdated[index] { needed = needed?.union(lacking) ?? lacking }
        newest = frame
        for i in outdated.indices where i != index {
            if let changed { outdated[i] = outdated[i]?.union(changed) ?? changed }
        }
        outdated[index] = nil
        return needed
    }

    /// Forgets what every buffer holds (another client had the screen): the next copy into each is whole.
    mutating func forget() {
        newest = nil
        outdated = outdated.map { _ in nil }
    }
}
