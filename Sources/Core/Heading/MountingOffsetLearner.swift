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
