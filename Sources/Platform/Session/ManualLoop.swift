import Core
import Glibc

/// A `SessionLoop` whose clock moves only when told: from one due timer or wake-up to the next.
///
/// `run()` plays everything scheduled in time order, as fast as the handlers go (a replay by event time), or, with
/// `pacing`, no faster than `pacing` loop seconds per wall second (waiting in `TerminationSignals.take`, so a
/// signal still ends it). Tests instead call `advance(by:)`, `makeReadable(_:)` and `deliver(signal:)`, and see
/// exactly what a live run would do at those times, without a descriptor, a thread or a sleep.
public final class ManualLoop: SessionLoop {
    public private(set) var now: Timestamp
    /// Loop seconds per wall second for `run()`; nil: as fast as possible.
    public let pacing: Double?
    /// With `pacing`, whether a pending SIGINT/SIGTERM/SIGHUP is taken while waiting (they must be blocked).
    private var signalHandler: ((Int32) throws -> Void)?
    private var handlers: [Int32: () throws -> Void] = [:]
    private var timers: [ManualTimer] = []
    private var wakeUps: [(time: Timestamp, order: Int, handler: (Timestamp) throws -> Void)] = []
    private var order = 0
    public private(set) var isStopped = false

    public init(start: Timestamp = Timestamp(nanoseconds: 0), pacing: Double? = nil) {
        now = start
        self.pacing = pacing
    }

    /// The descriptors being watched, for tests of re-watching after a reconnect.
    public var watchedDescriptors: Set<Int32> { Set(handlers.keys) }

    public func watch(_ fd: Int32, handler: @escaping () throws -> Void) throws { handlers[fd] = handler }
    public func unwatch(_ fd: Int32) { handlers[fd] = nil }

    public func addTimer(periodSeconds: Double, handler: @escaping (Timestamp) throws -> Void) throws -> any LoopTimer {
        let timer = ManualTimer(periodSeconds: periodSeconds, clock: { [unowned self] in self.now }, handler: handler)
        timers.append(timer)
        return timer
    }

    public func schedule(at time: Timestamp, handler: @escaping (Timestamp) throws -> Void) throws {
        order += 1
        wakeUps.append((max(time, now), order, handler))
    }

    public func onSignal(_ handler: @escaping (Int32) throws -> Void) throws { signalHandler = handler }

    public func stop() { isStopped = true }

    /// Plays every due handler in time order until `stop()` or nothing is left to do.
    public func run() throws {
        let wallStart = MonotonicClock.now()
        let loopStart = now
        while !isStopped, let next = nextDueTime() {
            if let pacing {
                let due = wallStart.adding(seconds: next.seconds(since: loopStart) / pacing)
                while !isStopped {
                    let wait = due.seconds(since: MonotonicClock.now())
                    guard wait > 0 else { break }
                    // A bounded wait that also takes a termination signal (the one wait a paced replay makes).
                    let ms = Int(checkedRounding: min(wait, 1) * 1000) ?? 1000
                    if let name = TerminationSignals.take(timeoutMilliseconds: max(ms, 1)) {
                        try deliver(signal: ManualLoop.number(of: name))
                    }
                }
                if isStopped { break }
            }
            try fire(upTo: next)
        }
    }

    /// Moves the clock forward by `seconds`, running every timer and wake-up that falls due, in order.
    public func advance(by seconds: Double) throws {
        let end = now.adding(seconds: seconds)
        while !isStopped, let next = nextDueTime(), next <= end { try fire(upTo: next) }
        if now < end { now = end }
    }

    /// Runs the handler of `fd` as if the descriptor had become readable.
    public func makeReadable(_ fd: Int32) throws {
        guard let handler = handlers[fd] else { return }
        try handler()
    }

    /// Hands `signal` to the session as the signal descriptor would.
    public func deliver(signal: Int32) throws { try signalHandler?(signal) }

    private func nextDueTime() -> Timestamp? {
        let timer = timers.lazy.filter { !$0.isPaused }.map(\.due).min()
        let wake = wakeUps.lazy.map(\.time).min()
        switch (timer, wake) {
        case (let t?, let w?): return min(t, w)
        case (let t?, nil): return t
        case (nil, let w?): return w
        case (nil, nil): return nil
        }
    }

    /// Runs what is due at `time`: wake-ups first (a recording's events at t come before the frame at t), then
    /// timers, each once.
    private func fire(upTo time: Timestamp) throws {
        now = max(now, time)
        while !isStopped,
            let i = wakeUps.indices.filter({ wakeUps[$0].time <= time }).min(by: {
                (wakeUps[$0].time, wakeUps[$0].order) < (wakeUps[$1].time, wakeUps[$1].order)
            })
        {
            let w = wakeUps.remove(at: i)
            try w.handler(now)
        }
        for timer in timers where !isStopped && !timer.isPaused && timer.due <= time {
            timer.due = timer.due.adding(seconds: timer.periodSeconds)
            try timer.handler(now)
        }
    }

    static func number(of signalName: String) -> Int32 {
        switch signalName {
        case "SIGINT": return SIGINT
        case "SIGHUP": return SIGHUP
        default: return SIGTERM
        }
    }
}

/// A periodic timer on the manual clock.
final class ManualTimer: LoopTimer {
    private(set) var periodSeconds: Double
    var due: Timestamp
    private(set) var isPaused = false
    let handler: (Timestamp) throws -> Void
    private let clock: () -> Timestamp
    var missedTicks: UInt64 { 0 }

    init(periodSeconds: Double, clock: @escaping () -> Timestamp, handler: @escaping (Timestamp) throws -> Void) {
        self.periodSeconds = max(periodSeconds, 1e-6)
        self.clock = clock
        due = clock().adding(seconds: self.periodSeconds)
        self.handler = handler
    }

    /// The tick already due stays where it is; the ones after it come at the new period. A paused timer's next
    /// tick comes one period from now.
    func setPeriod(seconds: Double) throws {
        periodSeconds = max(seconds, 1e-6)
        if isPaused {
            isPaused = false
            due = clock().adding(seconds: periodSeconds)
        }
    }

    func pause() throws { isPaused = true }
}
