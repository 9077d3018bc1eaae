/// The one answer to "is the heading usable?", computed once per frame in `NavState.headingVerdict` and used by
/// the rotation policy (may the map turn?), the scene (arrow or dot?) and the HUD (which line, warned or not).
public struct HeadingVerdict: Hashable, Sendable {
    /// A compass heading less accurate than this does not turn the map (heading-up and auto).
    public static let defaultMaximumMapTurningAccuracyDegrees = 20.0

    /// The estimator's output it was judged from.
    public var estimate: HeadingEstimate
    /// The heading to draw as an arrow; nil draws a dot: no heading, one not refreshed for
    /// `NavState.headingTimeoutSeconds`, or a compass heading while the magnetometer is lost.
    public var heading: Heading?
    /// The heading may turn the map: a GPS course, or a compass heading accurate enough and neither held nor
    /// disturbed.
    public var turnsMap: Bool
    /// The heading is held (standing still, or its source is gone): the map keeps its bearing.
    public var isHeld: Bool

    /// Judges `estimate` at `now`, with the magnetometer lost or not.
    public init(
        estimate: HeadingEstimate, now: Timestamp?, compassLost: Bool,
        maximumMapTurningAccuracyDegrees: Double = HeadingVerdict.defaultMaximumMapTurningAccuracyDegrees
    ) {
        self.estimate = estimate
        var h = estimate.heading
        if let t = estimate.time, let now, now.seconds(since: t) > NavState.headingTimeoutSeconds { h = nil }
        if estimate.time == nil, now != nil { h = nil }
        if compassLost && h?.source != .gpsCourse { h = nil }
        heading = h
        let held = h?.source == .frozen || estimate.flags.contains(.held)
        isHeld = held
        let trustedCompass =
            h.map {
                $0.source == .compass && $0.accuracyDegrees <= maximumMapTurningAccuracyDegrees && !held
                    && !estimate.flags.contains(.disturbed)
            } ?? false
        turnsMap = h?.source == .gpsCourse || trustedCompass
    }
}
