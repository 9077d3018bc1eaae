import Foundation

/// The turn a vehicle's sideways acceleration shows between two GPS fixes.
///
/// A 1 Hz course's rate is up to a second old, so a turn that starts or ends between two fixes is seen late (the
/// error at turn starts and ends was 8° RMS in the heading benchmark). A car turning at ω with speed v accelerates
/// sideways by v·ω, and the accelerometer feels that at once: this compares the sideways specific force with what
/// the fixes' rate predicts, and turns the difference into the turn the fixes have not seen yet.
///
/// Two things decide how much of it is believed:
/// - **The gain**, how much sideways force a turn really produces on this vehicle and mount, learned from the fix
///   intervals themselves: each gives the mean sideways force and the mean course rate over the same second. A car
///   gives about 1. A bicycle or motorbike leans into its turns so that the force stays along its own vertical and
///   gives about 0; then this stays silent and the course is carried on at the fixes' rate as before.
/// - **The noise**: road vibration rolls the unit by a few degrees, and a tilt looks the same as a sideways force.
///   Deviations within the spread measured while riding straight are ignored.
public struct LateralTurnSensor: Sendable {
    public struct Settings: Hashable, Sendable {
        /// Off: the course is carried on between fixes at the fixes' rate only.
        public var enabled = true
        /// Time constant of the low-pass on the sideways force, seconds: short, or the turn is seen late again.
        public var smoothingSeconds = 0.2
        /// Deviations smaller than this many standard deviations of the straight-line force are vibration.
        public var noiseGateSigmas = 1.0
        /// The straight-line mean and spread follow the road (camber, a mount's roll) over about this long, seconds.
        public var straightAveragingSeconds = 10.0
        /// Below this speed (m/s) a small error in the force is a large error in the rate: not used.
        public var minimumSpeed = 2.0
        /// Only fix intervals turning at least this fast (°/s) teach the gain.
        public var learningMinimumRate = 5.0
        /// Fix intervals turning slower than this (°/s) count as straight: they teach the straight-line force.
        public var straightMaximumRate = 2.0
        /// The gain is used once this many turning intervals taught it.
        public var learningIntervalsNeeded = 3
        /// Below this gain the vehicle leans into its turns (or the mount soaks the force up): not used.
        public var minimumGain = 0.5
        public init() {}
    }

    public let settings: Settings
    /// The low-passed sideways specific force, m/s², vehicle frame, positive to the right.
    private(set) var filtered: Double?
    private var lastTime: Timestamp?
    /// Since the last fix: the sum and count of the filtered force, and of its squares (for the straight spread).
    private var interval = (sum: 0.0, squares: 0.0, count: 0, start: Timestamp?.none)
    private(set) var straightMean: Double?
    private(set) var straightVariance: Double?
    private var straightIntervals = 0
    /// Least squares of (interval force − straight mean) against (speed × course rate) over turning intervals.
    private var learning = (sxy: 0.0, sxx: 0.0, count: 0)
    /// The course rate (°/s) the heading is carried on at since the last fix, and the speed then (m/s).
    private var carried: (rate: Double, speed: Double)?
    /// The turn (degrees) the sideways force showed since the last fix beyond the carried rate.
    public private(set) var extraTurnDegrees = 0.0

    public init(settings: Settings = Settings()) { self.settings = settings }

    /// How much sideways force a turn produces (1 for a car), once learned; nil before.
    public var gain: Double? {
        guard learning.count >= settings.learningIntervalsNeeded, learning.sxx > 0 else { return nil }
        return learning.sxy / learning.sxx
    }

    /// True when the sideways force is used: learned, and the vehicle does not lean it away.
    public var isActive: Bool { settings.enabled && (gain ?? 0) >= settings.minimumGain }

    /// One accelerometer reading's sideways specific force (m/s², vehicle frame, positive to the right).
    public mutating func add(sidewaysForce force: Double, at t: Timestamp) {
        guard force.isFinite else { return }
        let dt = lastTime.map { t.seconds(since: $0) } ?? 0
        guard dt >= 0 else { return }
        lastTime = t
        let f: Double
        if let previous = filtered, dt < 0.5 {
            f = previous + (force - previous) * dt / (settings.smoothingSeconds + dt)
        } else {
            f = force
        }
        filtered = f
        if interval.start == nil { interval.start = t }
        interval.sum += f
        interval.squares += f * f
        interval.count += 1
        guard isActive, let gain, let carried, let mean = straightMean, let variance = straightVariance, dt > 0, dt < 0.5 else {
            return
        }
        // What the carried rate predicts the force to be, and the turn rate the rest of it means.
        let expected = mean + gain * carried.speed * carried.rate * .pi / 180
        let deviation = MotionMath.shrink(f - expected, by: settings.noiseGateSigmas * variance.squareRoot())
        let rate = max(-45, min(45, deviation / (gain * carried.speed) * 180 / .pi))
        extraTurnDegrees += rate * dt
    }

    /// A fix ended an interval: `measuredRate` is the course's rate over it (°/s, nil when the fixes could not tell),
    /// `carriedRate` the rate the course is now carried on at, `speed` the fix's speed (m/s).
    public mutating func fix(measuredRate: Double?, carriedRate: Double?, speed: Double?, at t: Timestamp) {
        let duration = interval.start.map { t.seconds(since: $0) } ?? 0
        defer {
            interval = (0, 0, 0, nil)
            extraTurnDegrees = 0
        }
        guard let speed, speed.isFinite, speed >= settings.minimumSpeed, let measuredRate, measuredRate.isFinite,
            interval.count >= 5, duration > 0
        else {
            carried = nil
            return
        }
        carried = carriedRate.flatMap { $0.isFinite ? ($0, speed) : nil }
        let n = Double(interval.count)
        let mean = interval.sum / n
        if abs(measuredRate) <= settings.straightMaximumRate {
            // Riding straight: the force is the mount's roll, the road's camber and vibration.
            let variance = max(0, interval.squares / n - mean * mean)
            // A plain average of the first intervals, then an exponential one over `straightAveragingSeconds`.
            straightIntervals += 1
            let k = min(1, max(1 / Double(straightIntervals), max(0, duration) / settings.straightAveragingSeconds))
            if let m = straightMean, let v = straightVariance {
                straightMean = m + (mean - m) * k
                straightVariance = v + (variance + (mean - m) * (mean - m) - v) * k
            } else {
                straightMean = mean
                straightVariance = variance
            }
        } else if abs(measuredRate) >= settings.learningMinimumRate, let straight = straightMean {
            let x = speed * measuredRate * .pi / 180
            learning.sxy += (mean - straight) * x
            learning.sxx += x * x
            learning.count += 1
        }
    }
}
