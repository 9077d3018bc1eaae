/// Decides when GPS course over ground drives the heading: above `enterSpeed`, until the speed falls below the
/// lower `leaveSpeed` (hysteresis), and for `lockoutSeconds` after the last fast fix (the compass stays locked out
/// while a rider slows to a stop, as a popular phone navigator does with 3 s).
public struct CourseFusion: Sendable {
    public struct Settings: Hashable, Sendable {
        /// m/s above which course takes over (9 km/h: a bicycle's course is steady there).
        public var enterSpeed = 2.5
        /// m/s below which course stops being fresh (5.4 km/h).
        public var leaveSpeed = 1.5
        /// Seconds the course keeps driving after the last fast fix.
        public var lockoutSeconds = 3.0
        /// A fix older than this ends course mode (GPS lost), seconds.
        public var staleSeconds = 2.5
        public init() {}
    }

    public var settings: Settings
    /// True between crossing `enterSpeed` and falling below `leaveSpeed`.
    public private(set) var isFast = false
    public private(set) var lastFastFix: GPSFix?

    public init(settings: Settings = Settings()) { self.settings = settings }

    /// Feeds one fix. A report without a speed says nothing about it and changes nothing (gpsd passes GGA and RMC
    /// on as two reports); one with a speed but no course counts as slow, and so does losing the fix.
    public mutating func update(_ fix: GPSFix) {
        guard fix.mode >= .twoD else {
            isFast = false
            return
        }
        guard let speed = fix.speedMetresPerSecond else {
            // Unless the last fix with one is stale: then the next must enter course mode afresh.
            if let last = lastFastFix, fix.time.seconds(since: last.time) > settings.staleSeconds { isFast = false }
            return
        }
        guard fix.courseDegrees != nil else {
            isFast = false
            return
        }
        if isFast { isFast = speed >= settings.leaveSpeed } else { isFast = speed >= settings.enterSpeed }
        if isFast { lastFastFix = fix }
    }

    /// The fix whose course drives the heading at `time`, or nil when the compass should.
    public func drivingFix(at time: Timestamp) -> GPSFix? {
        guard let fix = lastFastFix else { return nil }
        let age = time.seconds(since: fix.time)
        if isFast { return age <= settings.staleSeconds ? fix : nil }
        return age <= settings.lockoutSeconds ? fix : nil
    }
}
