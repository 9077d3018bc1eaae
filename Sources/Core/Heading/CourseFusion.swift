import Foundation

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

/// Learns the angle between where the compass says the device points and where the vehicle goes (a handlebar
/// mount turned a little, a phone clamp askew) while riding straight at speed, as a circular mean of
/// `course − compass` over many fixes.
public struct MountingOffsetLearner: Sendable {
    public struct Settings: Hashable, Sendable {
        /// Only fixes at least this fast teach (m/s).
        public var minimumSpeed = 3.0
        /// Only while the course changes slower than this (°/s): riding straight.
        public var maximumTurnRate = 2.0
        /// The offset is applied once this many fixes agreed.
        public var samplesNeeded = 8
        /// Weight of each new sample once learned (a slowly adapting mean).
        public var adaptation = 0.05
        public init() {}
    }

    public var settings: Settings
    var sumSin = 0.0, sumCos = 0.0
    public private(set) var sampleCount = 0
    var previousCourse: (time: Timestamp, degrees: Double)?

    public init(settings: Settings = Settings(), initialOffsetDegrees: Double? = nil) {
        self.settings = settings
        if let o = initialOffsetDegrees, let a = Angle(degrees: o) {
            sumSin = sin(a.radians)
            sumCos = cos(a.radians)
            sampleCount = settings.samplesNeeded
        }
    }

    /// The learned offset in degrees (−180, 180] to add to the compass, or nil while still learning.
    public var offsetDegrees: Double? {
        guard sampleCount >= settings.samplesNeeded, sumSin != 0 || sumCos != 0 else { return nil }
        return Angle.north.signedDifference(to: Angle(atan2(sumSin, sumCos) * 180 / .pi))
    }

    /// Offers one fix with the compass heading (vehicle frame, declination applied, no offset) at the same time.
    /// Returns true when it was used.
    @discardableResult
    public mutating func observe(fix: GPSFix, compass: Angle) -> Bool {
        guard let course = fix.courseDegrees, let speed = fix.speedMetresPerSecond, let c = Angle(degrees: course)
        else {
            previousCourse = nil
            return false
        }
        defer { previousCourse = (fix.time, course) }
        guard speed >= settings.minimumSpeed, let prev = previousCourse else { return false }
        let dt = fix.time.seconds(since: prev.time)
        guard dt > 0, dt < 3 else { return false }
        let rate = abs(Angle(prev.degrees).signedDifference(to: c)) / dt
        guard rate <= settings.maximumTurnRate else { return false }
        let d = compass.signedDifference(to: c) * .pi / 180
        if sampleCount < settings.samplesNeeded {
            sumSin += sin(d)
            sumCos += cos(d)
        } else {
            let norm = (sumSin * sumSin + sumCos * sumCos).squareRoot()
            let k = settings.adaptation
            sumSin = (1 - k) * sumSin / norm + k * sin(d)
            sumCos = (1 - k) * sumCos / norm + k * cos(d)
        }
        sampleCount += 1
        return true
    }
}
