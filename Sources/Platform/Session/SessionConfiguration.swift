import Core

/// Everything a command decides before its session runs: the clock, what feeds it, what consumes it, and when it
/// stops. A command is options → a `SessionConfiguration` → `Session(configuration).run()`.
public struct SessionConfiguration {
    /// Which clock the session's loop runs on.
    public enum Clock {
        /// CLOCK_MONOTONIC and epoll: live sensors, and recordings played on a screen at wall-clock pace.
        case system
        /// A recording's own time, starting at `start`: as fast as possible (`pacing` nil) or `pacing` recording
        /// seconds per wall second. Frames fall at the same recording times at any pace.
        case eventTime(start: Timestamp, pacing: Double?)
        /// A loop a test drives by hand.
        case manual(ManualLoop)
    }

    public var clock: Clock
    public var sources: [any EventSource]
    public var sinks: [any EventSink]
    /// SIGINT and SIGTERM stop the session (SIGHUP reloads) instead of ending the process.
    public var handlesSignals = true
    /// With `handlesSignals`, a display on a VT gives the screen away while another VT is in front (SIGUSR1
    /// releases, SIGUSR2 takes it back; see `ConsoleSwitching`).
    public var followsConsoleSwitches = true
    /// Stop this long after the start (`record --duration`); nil: no limit.
    public var stopAfterSeconds: Double?
    /// Stop when every source has finished (the end of a recording). Live sources never finish.
    public var endsWithInput = true
    /// At the end of a recording start it again (`replay --loop`), until a signal.
    public var repeatsInput = false
    /// With `repeatsInput`, stop after this many passes (tests); nil: no limit.
    public var passLimit: Int?
    /// Runs at every frame tick on the loop's thread: where a systemd watchdog ping goes, so a loop that stops
    /// turning stops the pings.
    public var heartbeat: (Timestamp) -> Void = { _ in }
    /// Where sources' notes go, with the source's name ("gpsd", "fix rate 5 Hz reached").
    public var note: (String, String) -> Void = { _, _ in }

    public init(clock: Clock, sources: [any EventSource], sinks: [any EventSink]) {
        self.clock = clock
        self.sources = sources
        self.sinks = sinks
    }
}

/// How a session ended.
public struct SessionResult: Sendable {
    public enum Stop: Equatable, Sendable {
        /// SIGINT or SIGTERM ("SIGTERM").
        case signal(String)
        /// Every source finished (a recording's end).
        case endOfInput
        /// A sink had what it came for (its reason: "calibration accepted").
        case sinkFinished(String)
        /// `stopAfterSeconds` passed.
        case timeLimit
        /// `passLimit` passes of a repeating recording were played.
        case passLimit
    }

    public var stop: Stop
    /// Passes through the recordings (1 for one replay; 0 for live sources).
    public var passes: Int
    /// Loop times at the start and at the end.
    public var start: Timestamp
    public var end: Timestamp
    /// Sinks that failed and were dropped while the session went on, with their errors.
    public var droppedSinks: [DroppedSink]

    public var seconds: Double { end.seconds(since: start) }
}

/// A sink the session dropped after it failed.
public struct DroppedSink: Sendable, Equatable {
    public var name: String
    public var error: String

    public init(name: String, error: String) {
        self.name = name
        self.error = error
    }
}
