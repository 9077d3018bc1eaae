import Core
import Platform

/// systemd's side of `run`: with `Type=notify` in the unit, READY=1 once the first frame is on the screen and
/// WATCHDOG=1 from the session's frame tick; nothing when not started by systemd.
func systemdHeartbeat(firstFrameShown: @escaping () -> Bool) -> SystemdHeartbeat? {
    var environment: [String: String] = [:]
    for name in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"] { environment[name] = Environment.value(name) }
    do {
        guard let notifier = try SystemdNotifier(environment: environment) else { return nil }
        return SystemdHeartbeat(
            notifier: notifier, firstFrameShown: firstFrameShown,
            log: { say(SyslogPriority.error.prefix + "navdisplay run: " + $0) })
    } catch {
        say(SyslogPriority.error.prefix + "navdisplay run: \(error)")
        return nil
    }
}
