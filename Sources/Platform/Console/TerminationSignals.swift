// SIGINT and SIGTERM as values to poll for rather than asynchronous handlers: once blocked they stay pending
// until taken here, so a display is always closed (CRTC and console restored) on the way out.
#if canImport(Glibc)
    import Glibc
#endif

/// Blocks SIGINT, SIGTERM and SIGHUP for the process and lets a loop take them when it is ready.
public enum TerminationSignals {
    private static func set() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGHUP)
        return set
    }

    /// Blocks the signals, so they wait for `take` instead of killing the process. Call before opening a display
    /// and before any thread starts (threads inherit the mask; a signal goes to any thread not blocking it).
    /// SIGUSR1 and SIGUSR2 are blocked too: they are the VT's switch signals, which the session's loop takes
    /// (`ConsoleSwitching`), and their default action would end the process.
    public static func block() {
        var s = set()
        sigaddset(&s, SIGUSR1)
        sigaddset(&s, SIGUSR2)
        sigprocmask(SIG_BLOCK, &s, nil)
    }

    /// The name of a pending termination signal ("SIGTERM"), removing it; waits up to `timeoutMilliseconds`.
    /// Nil when none arrived.
    public static func take(timeoutMilliseconds: Int = 0) -> String? {
        var s = set()
        var timeout = timespec(tv_sec: timeoutMilliseconds / 1000, tv_nsec: (timeoutMilliseconds % 1000) * 1_000_000)
        switch retryingEINTR({ sigtimedwait(&s, nil, &timeout) }) {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        case SIGHUP: return "SIGHUP"
        default: return nil
        }
    }
}
