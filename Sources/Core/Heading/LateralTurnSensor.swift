/// The turn a vehicle's sideways acceleration shows between two GPS fixes.
///
/// A 1 Hz course's rate is up to a second old, so a turn that starts or ends between two fixes is seen late (the
/// error in the 1.5 s after turn starts and ends was 8° RMS in the heading benchmark). A car turning at ω with speed
/// v accelerates sideways by v·ω, and the accelerometer feels that at once: this compares the sideways specific force
/// with what the carried course rate predicts, and turns the difference into the turn the fixes have not seen yet.
///
/// Three things decide how much of it is believed:
/// - **The gain**, how much sideways force a turn really produces on this vehicle and mount, learned from spans of
///   fixes (each gives the mean sideways force and the course's rate over the same stretch). A car gives about 1. A
///   bicycle or motorbike leans into its turns so that the force stays along its own vertical and gives about 0;
///   then this stays silent and the course is carried on at the fixes' rate alone.
/// - **The noise**: road vibration rolls the unit by a few degrees, and a tilt looks the same as a sideways force.
///   Deviations within the spread measured while riding straight are ignored.
/// - **Direction**: reversing, v·ω changes sign while GPS speed stays positive. While the vehicle backs up (told by
///   `TravelDirection` when it pulls away) nothing is added or learned, and a turning span whose force goes
///   against its course's turn never teaches the gain.
public struct LateralTurnSensor: Sendable {
    /// How the sideways force is read and when it is believed.
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
        /// Fixes are pooled into spans at least this long (seconds) before one teaches anything: the course's rate
        /// over a fifth of a second (a 5 Hz receiver) is mostly noise.
        public var spanSeconds = 0.8
        /// Only spans turning at least this fast (°/s) teach the gain.
        public var learningMinimumRate = 5.0
        /// Spans turning slower than this (°/s) count as straight: they teach the straight-line force.
        public var straightMaximumRate = 2.0
        /// The gain is used once this many turning spans taught it.
        public var learningSpansNeeded = 3
        /// Each new turning span weighs this much more than the one before it (older ones fade: a changed mount
        /// or vehicle is relearned).
        public var learningMemory = 0.9
        /// Below this gain the vehicle leans into its turns (or the mount soaks the force up): not used.
        public var minimumGain = 0.5
        public init() {}
    }

    public let settings: Settings
    /// The low-passed sideways specific force, m/s², vehicle frame, positive to the right.
    private(set) var filtered: Double?
    private var lastTime: Timestamp?
    /// The span since its first fix: that fix's time and course, and the readings since (raw force for the mean,
    /// filtered squares for the spread the gate works on).
    private var span: (start: Timestamp, course: Double, speed: Double)?
    private var sums = (
        raw: 0.0, filtered: 0.0, filteredSquares: 0.0, count: 0, first: Timestamp?.none, last: Timestamp?.none
    )
    private(set) var straightMean: Double?
    private(set) var straightVariance: Double?
    private var straightSpans = 0
    /// Weighted least squares of (span force − straight mean) against (speed × course rate) over turning spans.
    private var learning = (sxy: 0.0, sxx: 0.0, count: 0)
    /// The vehicle is backing up: its sideways force turns the other way (set by the estimator).
    public var reversing = false
    /// What the heading is carried on with since the driving fix: the course's rate (°/s) until `until`, the speed
    /// then (m/s); nil when nothing is carried.
    private var carried: (rate: Double, speed: Double, until: Timestamp)?
    /// The turn (degrees) the sideways force showed since the driving fix beyond the carried rate.
    public private(set) var extraTurnDegrees = 0.0

    public init(settings: Settings = Settings()) {
        // Values that would divide by zero, amplify instead of gate, or never forget are clamped.
        var s = settings
        s.noiseGateSigmas = max(0, s.noiseGateSigmas.isFinite ? s.noiseGateSigmas : 1)
        s.learningMemory = min(1, max(0.01, s.learningMemory.isFinite ? s.learningMemory : 0.9))
        s.minimumSpeed = max(0.5, s.minimumSpeed.isFinite ? s.minimumSpeed : 2)
        s.smoothingSeconds = max(0, s.smoothingSeconds.isFinite ? s.smoothingSeconds : 0.2)
        s.spanSeconds = max(0.1, s.spanSeconds.isFinite ? s.spanSeconds : 0.8)
        self.settings = s
    }

    /// How much sideways force a turn produces (1 for a car), once learned; nil before.
    public var gain: Double? {
        guard learning.count >= settings.learningSpansNeeded, learning.sxx > 0 else { return nil }
        return learning.sxy / learning.sxx
    }

    /// True when the sideways force is used: learned, the vehicle does not lean it away, and it is going forwards.
    public var isActive: Bool { settings.enabled && (gain ?? 0) >= settings.minimumGain && !reversing }

    /// One accelerometer reading's sideways specific force (m/s², vehicle frame, positive to the right).
    public mutating func add(sidewaysForce force: Double, at t: Timestamp) {
        guard force.isFinite else { return }
        let dt = lastTime.map { t.seconds(since: $0) } ?? 0
        guard dt >= 0 else { return }
        lastTime = t
        let f: Double
        if let previous = filtered, dt < 0.5 {
            f = previous + (force - previous) * dt / max(1e-3, settings.smoothingSeconds + dt)
        } else {
            f = force
        }
        filtered = f
        if span != nil {
            sums.raw += force
            sums.filtered += f
            sums.filteredSquares += f * f
            sums.count += 1
            if sums.first == nil { sums.first = t }
            sums.last = t
        }
        guard isActive, let gain, let carried, let mean = straightMean, let variance = straightVariance, dt > 0,
            dt < 0.5
        else {
            return
        }
        // What the carried rate predicts the force to be, and the turn rate the rest of it means. Past `until` the
        // heading is no longer carried at the fixes' rate, so the force stands for the whole turn.
        let rate = t < carried.until ? carried.rate : 0
        let expected = mean + gain * carried.speed * rate * .pi / 180
        let deviation = MotionMath.shrink(f - expected, by: settings.noiseGateSigmas * variance.squareRoot())
        let extraRate = max(-45, min(45, deviation / (max(gain, 0.3) * carried.speed) * 180 / .pi))
        extraTurnDegrees += extraRate * dt
    }

    /// A fix with its course (degrees) and speed (m/s): closes the span once it is long enough, and starts the next.
    /// A report without either says nothing and is passed over; a fix too slow breaks the span (what it held is not
    /// one stretch of road).
    public mutating func fix(courseDegrees course: Double?, speed: Double?, at t: Timestamp) {
        guard let course, course.isFinite, let speed, speed.isFinite else { return }
        guard speed >= settings.minimumSpeed, !reversing else {
            startSpan(nil)
            return
        }
        guard let start = span else {
            startSpan((t, course, speed))
            return
        }
        let duration = t.seconds(since: start.start)
        guard duration > 0, duration < 3 else {
            startSpan((t, course, speed))
            return
        }
        guard duration >= settings.spanSeconds else { return }
        defer { startSpan((t, course, speed)) }
        // Readings covering most of the span, or it says nothing (an accelerometer that came back mid-span).
        guard sums.count >= 3, let first = sums.first, let last = sums.last,
            last.seconds(since: first) >= 0.7 * duration
        else {
            return
        }
        let n = Double(sums.count)
        let rate = Angle(start.course).signedDifference(to: Angle(course)) / duration
        if abs(rate) <= settings.straightMaximumRate {
            learnStraight(
                mean: sums.raw / n,
                variance: max(0, sums.filteredSquares / n - (sums.filtered / n) * (sums.filtered / n)),
                duration: duration)
        } else if abs(rate) >= settings.learningMinimumRate, let straight = straightMean,
            let variance = straightVariance
        {
            let force = sums.raw / n - straight
            let x = (start.speed + speed) / 2 * rate * .pi / 180
            // Against the course's turn by more than the noise: backing up unnoticed, or a fix stamped late. The
            // span teaches nothing.
            let against = force * x < 0 && abs(force) > settings.noiseGateSigmas * variance.squareRoot()
            if !against {
                let k = settings.learningMemory
                learning = (learning.sxy * k + force * x, learning.sxx * k + x * x, learning.count + 1)
            }
        }
    }

    /// A new fix now drives the heading: its course is carried on at `rate` (°/s, nil for none) until `until`.
    public mutating func carry(rate: Double?, speed: Double?, until: Timestamp) {
        extraTurnDegrees = 0
        guard let rate, rate.isFinite, let speed, speed.isFinite, speed >= settings.minimumSpeed else {
            carried = nil
            return
        }
        carried = (rate, speed, until)
    }

    /// Forgets what was learned: the force is now read along other axes (the mounting offset was learned or moved).
    public mutating func restart() {
        straightMean = nil
        straightVariance = nil
        straightSpans = 0
        learning = (0, 0, 0)
        startSpan(nil)
    }

    private mutating func startSpan(_ start: (start: Timestamp, course: Double, speed: Double)?) {
        span = start
        sums = (0, 0, 0, 0, nil, nil)
    }

    /// Riding straight: the force is the mount's roll, the road's camber and vibration. A plain average of the
    /// first spans, then an exponential one over `straightAveragingSeconds`.
    private mutating func learnStraight(mean: Double, variance: Double, duration: Double) {
        straightSpans += 1
        let k = min(1, max(1 / Double(straightSpans), duration / settings.straightAveragingSeconds))
        guard let m = straightMean, let v = straightVariance else {
            straightMean = mean
            straightVariance = variance
            return
        }
        straightMean = m + (mean - m) * k
        straightVariance = v + (variance + (mean - m) * (mean - m) - v) * k
    }
}
