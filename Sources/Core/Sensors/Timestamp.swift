/// A monotonic sample time in nanoseconds since an arbitrary origin (boot, or the start of a recording).
///
/// Core never reads a clock: every sample carries its own timestamp, so a replay computes the same values at any speed.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }
    public init(seconds: Double) { self.nanoseconds = Int64((seconds * 1e9).rounded()) }

    public var seconds: Double { Double(nanoseconds) / 1e9 }

    /// Seconds from `earlier` to `self` (negative when `earlier` is later).
    public func seconds(since earlier: Timestamp) -> Double { Double(nanoseconds - earlier.nanoseconds) / 1e9 }

    public func adding(seconds: Double) -> Timestamp {
        Timestamp(nanoseconds: nanoseconds + Int64((seconds * 1e9).rounded()))
    }

    public static func < (a: Timestamp, b: Timestamp) -> Bool { a.nanoseconds < b.nanoseconds }
    public var description: String { formatFixed(seconds, digits: 3) + " s" }
}
