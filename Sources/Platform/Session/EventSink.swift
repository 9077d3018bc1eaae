import Core

/// What consumes a session's events: the navigation pipeline with its display, the durable recorder, the
/// `sensors` printer, the calibration collector.
///
/// Every sink sees every event, in order, at the loop time `now` it arrived. Sinks that draw ask for a frame tick
/// through `framePeriodSeconds`; the session's one frame timer then calls `frame(now:)`.
public protocol EventSink: AnyObject {
    /// A short name for logs and failures ("recorder", "display").
    var name: String { get }
    /// True when the session cannot go on without this sink (the display of `run`): its error ends the session.
    /// A failing sink that is not essential (the recorder of `run --record`) is dropped and the others are told.
    var isEssential: Bool { get }
    /// Seconds between frame ticks this sink wants now (it may change after each tick); nil for none.
    var framePeriodSeconds: Double? { get }
    /// The descriptors this sink owns and wants watched (a display's page-flip events).
    var fileDescriptors: [Int32] { get }
    /// Takes the events that arrived at `now`.
    func consume(_ events: [SensorEvent], now: Timestamp) throws
    /// A frame tick.
    func frame(now: Timestamp) throws
    /// `fd`, one of `fileDescriptors`, is readable.
    func handleReadable(_ fd: Int32, now: Timestamp) throws
    /// Asks the session to stop, with the reason, once the sink has what it came for (a calibration accepted).
    var finishedReason: String? { get }
    /// A recording starts again from the top (`replay --loop`): start afresh.
    func restart(now: Timestamp) throws
    /// SIGHUP.
    func reload()
    /// Another sink failed and was dropped (the display then says so: "RECORDING STOPPED").
    func sinkFailed(_ name: String, error: any Error)
    /// The session ends: flush and close. Called once, also after an error.
    func finish(now: Timestamp) throws
}

extension EventSink {
    public var isEssential: Bool { true }
    public var framePeriodSeconds: Double? { nil }
    public var fileDescriptors: [Int32] { [] }
    public func frame(now: Timestamp) throws {}
    public func handleReadable(_ fd: Int32, now: Timestamp) throws {}
    public var finishedReason: String? { nil }
    public func restart(now: Timestamp) throws {}
    public func reload() {}
    public func sinkFailed(_ name: String, error: any Error) {}
    public func finish(now: Timestamp) throws {}
}
