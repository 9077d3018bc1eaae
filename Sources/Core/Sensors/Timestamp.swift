/// A monotonic sample time in nanoseconds since an arbitrary origin (boot, or the start of a recording).
///
/// Core never reads a clock: every sample carries its own timestamp, so a replay computes the same values at any speed.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }
    /// The time `seconds` from the origin. Beyond ±292 years (Int64 nanoseconds) it saturates, and NaN is 0:
    /// callers with times from outside use `init?(checkedSeconds:)` and skip what does not fit.
    public init(seconds: Double) {
        self.nanoseconds = Int64(checkedRounding: seconds * 1e9) ?? (seconds.isNaN ? 0 : seconds < 0 ? .min : .max)
    }

    /// The time `seconds` from the origin, or nil when it is not finite or does not fit in Int64 nanoseconds
    /// (a date past 2262, an IMU time of 1e13 ms).
    public init?(checkedSeconds seconds: Double) {
        guard let ns = Int64(checkedRounding: seconds * 1e9) else { return nil }
        self.nanoseconds = ns
    }

    public var seconds: Double { Double(nanoseconds) / 1e9 }

    /// Seconds from `earlier` to `self` (negative when `earlier` is later).
    public func seconds(since earlier: Timestamp) -> Double {
        // In Double: the difference of two far-apart Int64s may not fit in an Int64.
        (Double(nanoseconds) - Double(earlier.nanoseconds)) / 1e9
    }

    /// `self` moved by `seconds`, saturating at the ends of the range instead of overflowing.
    public func adding(seconds: Double) -> Timestamp {
        let step = Timestamp(seconds: seconds).nanoseconds
        let (sum, overflow) = nanoseconds.addingReportingOverflow(step)
        guard overflow else { return Timestamp(nanoseconds: sum) }
        return Timestamp(nanoseconds: step < 0 ? .min : .max)
    }

    public static func < (a: Timestamp, b: Timestamp) -> Bool { a.nanoseconds < b.nanoseconds }
    public var description: String { formatFixed(seconds, digits: 3) + " s" }
}
