import Core

/// What feeds a session: IIO sensors, gpsd, a recording, later evdev buttons. (The design calls it a sensor
/// source; Core's `SensorSource` already names which sensor an event is about, so the protocol is `EventSource`.)
///
/// A source owns its descriptors and says which ones to watch through `fileDescriptors`; the session reads that
/// again after every call, so a reconnect (a new gpsd socket, a rebound IIO device's buffer) is re-watched by the
/// session, never by the caller. Losses and returns are `.sourceStatus` events like any other.
public protocol EventSource: AnyObject {
    /// A short name for logs ("gpsd", "magnetometer", "recording").
    var name: String { get }
    /// The descriptors to watch right now (they may change after any call).
    var fileDescriptors: [Int32] { get }
    /// How often `poll(now:)` is due (a sample rate, a reconnect timer); nil when never.
    var pollIntervalSeconds: Double? { get }
    /// When the source next has events without a descriptor telling (a recording's next sample), nil if never.
    var nextWakeTime: Timestamp? { get }
    /// True once the source has nothing more to give (the end of a recording); live sources never finish.
    var isFinished: Bool { get }
    /// True when the source's events may wait for the next frame tick: a recording replayed on a screen, or
    /// sensors whose captured samples keep the kernel's times however late they are read. While a sink asks for
    /// frame ticks, the session reads such a source just before a frame (a recording at `nextWakeTime`'s first
    /// tick, a polled source at every tick, its poll timer paused) instead of waking the loop for each event.
    /// It may change while running; the session looks again after every call.
    var isReadAtFrameTicks: Bool { get }
    /// Opens what it needs; the events say what is there.
    func start(now: Timestamp) -> [SensorEvent]
    /// Called at `pollIntervalSeconds` and at `nextWakeTime`: samples, due events, or a due reconnect.
    func poll(now: Timestamp) -> [SensorEvent]
    /// Called when `fd`, one of `fileDescriptors`, is readable.
    func read(_ fd: Int32, now: Timestamp) -> [SensorEvent]
    /// Called just before another source's events of `now` go out: what this source already holds from before
    /// `now` (a triggered buffer's samples, a recording's due events when read at the ticks), so every sink sees
    /// time order. (A sample still in flight in the kernel may come later with an earlier time: the session gives
    /// it the latest time handed out, `TimeOrderedEvents`.)
    func readHeld(now: Timestamp) -> [SensorEvent]
    /// Lines for the log since the last call (what came of `--gps-rate`, say).
    func takeNotes() -> [String]
    /// Starts a recording again from its first event (`replay --loop`); false when the source cannot.
    func rewind(now: Timestamp) -> Bool
    /// Lets go of every descriptor. Safe to call twice.
    func close()
}

extension EventSource {
    public var fileDescriptors: [Int32] { [] }
    public var pollIntervalSeconds: Double? { nil }
    public var nextWakeTime: Timestamp? { nil }
    public var isFinished: Bool { false }
    public var isReadAtFrameTicks: Bool { false }
    public func read(_ fd: Int32, now: Timestamp) -> [SensorEvent] { [] }
    public func readHeld(now: Timestamp) -> [SensorEvent] { [] }
    public func takeNotes() -> [String] { [] }
    public func rewind(now: Timestamp) -> Bool { false }
}
