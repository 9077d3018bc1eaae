/// A heading filter on the unit circle that is quiet when the heading holds and quick on a real turn.
///
/// It is a two-state Kalman filter (angle and turn rate) whose innovations are always the shortest signed turn,
/// so 359° → 1° is a 2° step, never 358°. Two things make it adaptive:
/// - a manoeuvre detector (a large normalised innovation at once, or a CUSUM of small ones in the same direction)
///   that re-opens the covariance, so a real turn is followed within a few samples;
/// - the measurement noise is learned from the innovations while the heading holds, so the smoothing matches the
///   sensor instead of a guess.
public struct AdaptiveHeadingFilter: Sendable {
    public struct Tuning: Hashable, Sendable {
        /// Initial guess of the per-sample heading noise in degrees (learned afterwards).
        public var measurementNoiseDegrees = 1.0
        /// Random walk of the turn rate, in (°/s)² per second. Tiny on purpose: while the heading holds, the filter
        /// averages over seconds (jitter ≈ 0.09° at 1° noise, against 0.14° for α = 0.04); real turns are caught
        /// by the manoeuvre detector, not by process noise.
        public var rateNoise = 0.0005
        /// Random walk of the angle, in °² per second (small heading wander the rate does not explain).
        public var angleNoise = 0.00005
        /// A single innovation beyond this many σ counts as a manoeuvre.
        public var jumpSigma = 4.5
        /// CUSUM slack and threshold, in σ, for slow persistent departures.
        public var cusumSlack = 1.0
        public var cusumThreshold = 8.0
        /// Learned noise stays within these bounds (degrees).
        public var noiseBounds: ClosedRange<Double> = 0.05...20
        /// Time constant of the noise learning, seconds.
        public var noiseLearningSeconds = 4.0
        public init() {}
    }

    public var tuning: Tuning
    public private(set) var angle: Angle?
    /// Estimated turn rate in degrees per second, positive clockwise.
    public private(set) var rateDegreesPerSecond = 0.0
    var p00 = 0.0, p01 = 0.0, p11 = 0.0
    var noiseVariance: Double
    var cusumUp = 0.0, cusumDown = 0.0
    var lastTime: Timestamp?

    public init(tuning: Tuning = Tuning()) {
        self.tuning = tuning
        noiseVariance = tuning.measurementNoiseDegrees * tuning.measurementNoiseDegrees
    }

    /// One-σ uncertainty of the filtered angle in degrees (nil before the first sample).
    public var sigmaDegrees: Double? { angle == nil ? nil : p00.squareRoot() }
    /// The learned per-sample measurement noise in degrees.
    public var measurementNoiseDegrees: Double { noiseVariance.squareRoot() }

    /// Forgets everything (the next sample starts the filter afresh).
    public mutating func reset() {
        angle = nil
        lastTime = nil
        rateDegreesPerSecond = 0
        cusumUp = 0
        cusumDown = 0
    }

    /// Feeds one measured heading; returns the filtered heading.
    @discardableResult
    public mutating func update(_ measured: Angle, at time: Timestamp) -> Angle {
        guard let current = angle, let last = lastTime else {
            angle = measured
            lastTime = time
            rateDegreesPerSecond = 0
            p00 = noiseVariance
            p01 = 0
            p11 = 100
            return measured
        }
        let dt = min(max(time.seconds(since: last), 0), 1)
        lastTime = time
        // Predict.
        var theta = current.degrees + rateDegreesPerSecond * dt
        let q = tuning.rateNoise
        p00 += dt * (2 * p01 + dt * p11) + q * dt * dt * dt / 3 + tuning.angleNoise * dt
        p01 += dt * p11 + q * dt * dt / 2
        p11 += q * dt
        let e = Angle(theta).signedDifference(to: measured)
        var s = p00 + noiseVariance
        let z = e / s.squareRoot()
        // Manoeuvre detection.
        cusumUp = max(0, cusumUp + z - tuning.cusumSlack)
        cusumDown = max(0, cusumDown - z - tuning.cusumSlack)
        if abs(z) > tuning.jumpSigma {
            // A jump: take the measurement as it is (a step needs no rate), and let the rate be learned afresh.
            let result = measured
            angle = result
            rateDegreesPerSecond = 0
            p00 = noiseVariance
            p01 = 0
            p11 = max(p11, 400)
            cusumUp = 0
            cusumDown = 0
            return result
        }
        if cusumUp > tuning.cusumThreshold || cusumDown > tuning.cusumThreshold {
            // A slow departure (a turn starting): re-open the angle by the innovation and the rate by what
            // could explain it within half a second.
            p00 += e * e
            p11 = min(p11 + (e / 0.5) * (e / 0.5), 3600)
            cusumUp = 0
            cusumDown = 0
            s = p00 + noiseVariance
        } else {
            // Learn the noise from quiet innovations: E[e²] = P00 + R.
            let a = min(1, dt / tuning.noiseLearningSeconds)
            let lo = tuning.noiseBounds.lowerBound
            let hi = tuning.noiseBounds.upperBound
            noiseVariance = min(hi * hi, max(lo * lo, noiseVariance + a * (e * e - p00 - noiseVariance)))
        }
        let k0 = p00 / s
        let k1 = p01 / s
        theta += k0 * e
        rateDegreesPerSecond = max(-360, min(360, rateDegreesPerSecond + k1 * e))
        let n00 = (1 - k0) * p00
        let n01 = (1 - k0) * p01
        let n11 = p11 - k1 * p01
        p00 = n00
        p01 = n01
        p11 = n11
        let result = Angle(theta)
        angle = result
        return result
    }
}

/// The baseline a popular phone navigator ships: an exponential filter on sin and cos with a fixed α per sample.
public struct ExponentialHeadingFilter: Sendable {
    public var alpha: Double
    var s = 0.0, c = 0.0
    var started = false

    public init(alpha: Double = 0.04) { self.alpha = alpha }

    /// Feeds one heading; returns the filtered heading.
    public mutating func update(_ measured: Angle) -> Angle {
        let ms = sin(measured.radians)
        let mc = cos(measured.radians)
        if started {
            s += alpha * (ms - s)
            c += alpha * (mc - c)
        } else {
            s = ms
            c = mc
            started = true
        }
        return Angle(degrees: atan2(s, c) * 180 / .pi) ?? measured
    }
}
