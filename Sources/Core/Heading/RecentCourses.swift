/// The last few seconds of GPS courses, to measure the course's rate over a long enough baseline: a 5 Hz receiver's
/// course differenced over a fifth of a second is mostly noise (±16 °/s at walking speed), while a 1 Hz receiver's
/// previous fix is already a second back.
struct RecentCourses: Sendable {
    /// The rate is measured from the newest course at least this long before the current one (seconds).
    static let baselineSeconds = 0.5
    private var entries: [(time: Timestamp, degrees: Double)] = []

    /// The course's rate (°/s) from the newest course at least `baselineSeconds` before `t` to `degrees` at `t`; nil
    /// when none is within 3 s.
    func rate(to degrees: Double, at t: Timestamp) -> Double? {
        guard
            let from = entries.last(where: {
                t.seconds(since: $0.time) >= Self.baselineSeconds && t.seconds(since: $0.time) < 3
            })
        else { return nil }
        return Angle(from.degrees).signedDifference(to: Angle(degrees)) / t.seconds(since: from.time)
    }

    /// Keeps `degrees` at `t` (in time order; older than 3 s is dropped).
    mutating func add(_ degrees: Double, at t: Timestamp) {
        entries.removeAll { t.seconds(since: $0.time) >= 3 || t.seconds(since: $0.time) <= 0 }
        entries.append((t, degrees))
    }

    mutating func removeAll() { entries.removeAll() }
}
