import Core

/// What a `Session` runs on: descriptors with handlers, timers, one-shot wake-ups, signals and a clock.
///
/// Two implementations: `EventLoop` (epoll on CLOCK_MONOTONIC, for live runs and replays on a screen) and
/// `ManualLoop` (a clock that jumps from one due time to the next: replays by event time, and tests, which
/// advance it by hand as swift-nio's EmbeddedEventLoop does).
public protocol SessionLoop: AnyObject {
    /// The loop's clock.
    var now: Timestamp { get }
    /// Calls `handler` whenever `fd` is readable.
    func watch(_ fd: Int32, handler: @escaping () throws -> Void) throws
    /// Stops watching `fd`.
    func unwatch(_ fd: Int32)
    /// Calls `handler` every `periodSeconds`, the first one period from now.
    func addTimer(periodSeconds: Double, handler: @escaping (Timestamp) throws -> Void) throws -> any LoopTimer
    /// Calls `handler` once at `time` (at once when it has passed).
    func schedule(at time: Timestamp, handler: @escaping (Timestamp) throws -> Void) throws
    /// Calls `handler` with each SIGINT, SIGTERM or SIGHUP, and SIGUSR1 or SIGUSR2 (a VT switch away and back),
    /// instead of letting it end the process.
    func onSignal(_ handler: @escaping (Int32) throws -> Void) throws
    /// Runs handlers until `stop()`; a handler's error ends the run and is rethrown.
    func run() throws
    /// Makes `run()` return after the current handler.
    func stop()
}

/// A periodic timer of a `SessionLoop`.
public protocol LoopTimer: AnyObject {
    /// Changes the period; the next tick comes one new period from now. A paused timer ticks again.
    func setPeriod(seconds: Double) throws
    /// Stops the ticks until `setPeriod` is called (a source read at the frame ticks instead).
    func pause() throws
    /// Ticks that passed unserved while the loop was busy.
    var missedTicks: UInt64 { get }
}
