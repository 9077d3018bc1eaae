import Core

/// The session's heartbeat, told to systemd: call `beat(_:)` at every frame tick of the loop
/// (`SessionConfiguration.heartbeat`). It sends `READY=1` once the first frame is on the screen and `WATCHDOG=1`
/// at half the watchdog interval (`ServiceNotificationSchedule`), so a loop that stops turning stops the pings.
///
/// A send that fails (the socket gone) is logged once and the beats go on: systemd's watchdog, no longer pinged,
/// then restarts the service, which is the right end for a service that cannot reach its manager.
public final class SystemdHeartbeat {
    private let notifier: SystemdNotifier
    private var schedule: ServiceNotificationSchedule
    private let firstFrameShown: () -> Bool
    private let log: (String) -> Void
    private var failed = false

    /// `firstFrameShown` is asked at each beat until it says yes; `log` takes one line about a failed send.
    public init(notifier: SystemdNotifier, firstFrameShown: @escaping () -> Bool, log: @escaping (String) -> Void) {
        self.notifier = notifier
        self.schedule = ServiceNotificationSchedule(watchdogInterval: notifier.watchdogInterval)
        self.firstFrameShown = firstFrameShown
        self.log = log
    }

    /// True once `READY=1` has been sent.
    public var readySent: Bool { schedule.readySent }

    /// One tick of the loop at `now`.
    public func beat(_ now: Timestamp) {
        let assignments = schedule.tick(now: now, firstFrameShown: schedule.readySent || firstFrameShown())
        guard !assignments.isEmpty else { return }
        do {
            try notifier.send(assignments)
        } catch {
            if !failed { log("cannot notify systemd (\(assignments.joined(separator: ", "))): \(error)") }
            failed = true
        }
    }

    /// `STOPPING=1`, as the session ends on purpose.
    public func stopping() {
        try? notifier.stopping()
    }
}
