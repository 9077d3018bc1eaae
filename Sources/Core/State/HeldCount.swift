/// A count the HUD shows (the satellites a fix uses) that does not flicker: a new count is shown once the reports
/// have given it for `holdSeconds` without a break. The first count is shown at once.
///
/// A receiver's count of satellites used moves by one from report to report as satellites sit at the mask angle:
/// on the bundled ride "9 SATS" and "10 SATS" by turns drew 113 frames in which nothing else changed. The fix's
/// mode ("GPS 3D", "GPS 2D", "No fix") is not held: it says whether the position can be trusted.
public struct HeldCount: Hashable, Sendable {
    /// How long a new count must hold before it is shown.
    public static let holdSeconds = 2.0

    /// The count shown; nil before the first report.
    public private(set) var shown: Int?
    /// A count that differs from the one shown, and since when every report has given it.
    private var pending: Pending?

    private struct Pending: Hashable, Sendable {
        var count: Int
        var since: Timestamp
    }

    public init() {}

    /// Takes the count reported at `time`.
    public mutating func update(_ count: Int, at time: Timestamp) {
        guard shown != nil else {
            shown = count
            pending = nil
            return
        }
        if count == shown {
            pending = nil
        } else if let pending, pending.count == count {
            if time.seconds(since: pending.since) >= Self.holdSeconds {
                shown = count
                self.pending = nil
            }
        } else {
            pending = Pending(count: count, since: time)
        }
    }
}
