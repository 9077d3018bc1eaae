import Core
import Glibc

/// The one place Platform reads the monotonic clock, to stamp live samples as they arrive.
///
/// Logic never calls this itself: adapters take `now` from the caller, so tests drive them with their own times and
/// a replay computes what a live run computes.
public enum MonotonicClock {
    /// The current `CLOCK_MONOTONIC` time. The corresponding C function is `clock_gettime`.
    public static func now() -> Timestamp {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Timestamp(nanoseconds: Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec))
    }
}
