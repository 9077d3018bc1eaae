/// Detects standing still from GPS: below `speed` and within `radius` of where the stop began, for at least
/// `settleSeconds`. Then the heading is frozen, the map stops rotating and the position can be held at the anchor
/// (Navit freezes below 5 km/h within 25 m), so a bike at a traffic light does not spin or wander.
public struct StandstillGate: Sendable {
    public struct Settings: Hashable, Sendable {
        /// m/s (5 km/h).
        public var speed = 1.4
        /// Metres from the anchor.
        public var radius = 25.0
        /// Seconds below `speed` before the freeze.
        public var settleSeconds = 1.0
        public init() {}
    }

    public var settings: Settings
    /// Where the stop began (the position to hold while standing still).
    public private(set) var anchor: GeoCoordinate?
    var since: Timestamp?
    public private(set) var isStandingStill = false

    public init(settings: Settings = Settings()) { self.settings = settings }

    /// Feeds one fix; returns whether the receiver stands still now.
    @discardableResult
    public mutating func update(_ fix: GPSFix) -> Bool {
        guard fix.mode >= .twoD, let here = fix.coordinate, here.isValid else {
            clear()
            return false
        }
        let slow = (fix.speedMetresPerSecond ?? 0) < settings.speed
        guard slow else {
            clear()
            return false
        }
        if let a = anchor, let t = since, GreatCircle.distance(from: a, to: here) <= settings.radius {
            isStandingStill = fix.time.seconds(since: t) >= settings.settleSeconds
        } else {
            anchor = here
            since = fix.time
            isStandingStill = false
        }
        return isStandingStill
    }

    mutating func clear() {
        anchor = nil
        since = nil
        isStandingStill = false
    }
}
