import Core

/// What to tell systemd at each tick of the loop: `READY=1` once, at the first tick after the first frame is on
/// the screen, and `WATCHDOG=1` whenever half the watchdog interval has passed since the last ping.
///
/// The pings come from the loop's own tick, not from a thread or a timer of their own: a parked display that
/// draws nothing still ticks (and pings), and a loop that is stuck, or a process stopped with SIGSTOP, pings no
/// more, so systemd's watchdog kills and restarts it.
public struct ServiceNotificationSchedule: Sendable {
    /// Half the watchdog interval (sd_watchdog_enabled(3)'s advice), or nil without a watchdog.
    public let pingInterval: Duration?
    public private(set) var readySent = false
    private var lastPing: Timestamp?

    public init(watchdogInterval: Duration?) {
        pingInterval = watchdogInterval.map { $0 / 2 }
    }

    /// The assignments to send at this tick (empty most of the time).
    public mutating func tick(now: Timestamp, firstFrameShown: Bool) -> [String] {
        var assignments: [String] = []
        if !readySent && firstFrameShown {
            readySent = true
            assignments.append("READY=1")
        }
        if let pingInterval, lastPing.map({ now.nanoseconds - $0.nanoseconds >= pingInterval.nanoseconds }) ?? true {
            lastPing = now
            assignments.append("WATCHDOG=1")
        }
        return assignments
    }
}

extension Duration {
    /// The whole duration in nanoseconds (saturating far beyond any watchdog interval).
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : scaled.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue
    }
}
