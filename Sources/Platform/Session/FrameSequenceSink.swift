import Core

/// A fixed run of frames on a display, one per frame tick, each waited for until it is on the screen; then
/// either done, or holding the last frame until a signal (`navdisplay show`, which the VM display tests drive).
public final class FrameSequenceSink: EventSink {
    public let display: any Display
    public let count: Int
    private let makeFrame: (Int) -> (frame: FrameBuffer, changed: FrameChange)
    private let hold: Bool
    private let onHold: () -> Void
    public private(set) var shown = 0

    /// `makeFrame(i)` draws frame `i` of `count` and says what it changed from frame `i - 1`; with `hold`,
    /// `onHold` runs once the last one is up.
    public init(
        display: any Display, count: Int, hold: Bool,
        makeFrame: @escaping (Int) -> (frame: FrameBuffer, changed: FrameChange),
        onHold: @escaping () -> Void
    ) {
        self.display = display
        self.count = count
        self.hold = hold
        self.onHold = onHold
        self.makeFrame = makeFrame
    }

    public var name: String { "frames" }
    /// As fast as the display takes them; an hour apart once holding (only a signal ends it then).
    public var framePeriodSeconds: Double? { shown < count ? 0.001 : 3600 }
    public var finishedReason: String? { shown >= count && !hold ? "all frames shown" : nil }

    public func consume(_ events: [SensorEvent], now: Timestamp) throws {}

    public func frame(now: Timestamp) throws {
        guard shown < count else { return }
        let (frame, changed) = makeFrame(shown)
        try display.present(frame, changed: changed)
        try display.finishPendingFrames()
        shown += 1
        if shown == count && hold { onHold() }
    }
}
