/// The gyro-driven orientation filter: a quaternion integrated from the gyroscope (its bias learned at rest and
/// from the corrections while moving), tilt corrected by the accelerometer while its reading is gravity, and
/// heading alone corrected by the magnetometer while the field is the Earth's (strength and dip against their
/// running reference, direction against the gyroscope's prediction), or by any other heading measurement (a
/// GPS course) weighted by its variance.
///
/// It keeps a variance for the heading (°²) that grows with the gyroscope's noise, scale and bias uncertainty
/// and shrinks with each accepted measurement, so `accuracyDegrees` says how far off the heading may be.
/// Studied from VQF (Laidig & Seel 2023) and x-io Fusion; written for this product. Never reads a clock.
public struct OrientationFilter: Sendable {
    public let parameters: Parameters
    /// Body → north-east-down; nil until the first accelerometer reading sets the tilt. It is three rotations
    /// (as in VQF): the gyroscope's integration into a frame of its own (`gyroFrame`), the tilt correction that
    /// turns that frame's "up" onto the low-passed specific force (`tiltCorrection`), and the heading correction
    /// about "down" the magnetometer and the course make (`headingCorrection`).
    public var attitude: Quaternion? { gyroFrame.map { (headingCorrection * tiltCorrection * $0).normalized } }
    var gyroFrame: Quaternion?
    var tiltCorrection = Quaternion.identity
    var headingCorrection = Quaternion.identity
    /// The specific force in the gyroscope's frame, low-passed twice (m/s²): accelerations average out, gravity
    /// stays, and the gyroscope's frame turns the readings so the low-pass does not lag a rotation.
    var forceLowPass: (first: Vector3, second: Vector3)?
    /// The gyroscope's estimated bias (rad/s, body frame).
    public private(set) var biasRadiansPerSecond = Vector3.zero
    /// The heading's variance (°²); infinite until the first heading measurement.
    public internal(set) var headingVariance = Double.infinity
    /// The bias uncertainty about "down" (°/s).
    public private(set) var biasUncertaintyDegreesPerSecond: Double
    public private(set) var rest: RestDetector
    /// The reference field and the judgement of the last magnetometer reading.
    public internal(set) var field = FieldReference()
    public internal(set) var lastMagnetometer: MagnetometerVerdict?
    /// Set when the magnetometer was uncalibrated (wider systematic error).
    public var calibrated = true

    var lastGyroscopeTime: Timestamp?
    var lastAccelerometerTime: Timestamp?
    var lastMagnetometerTime: Timestamp?
    /// The fixed field of a magnet attached to the sensor, fitted while the field is rejected.
    public internal(set) var attachedMagnet = AttachedMagnetTracker()
    /// The heading error an attached magnet's compensation may leave (°); 0 while the field needs none.
    public internal(set) var compensationDegrees = 0.0
    /// Since when the field has agreed in strength and dip but not in direction.
    var driftSince: Timestamp?
    /// Every heading correction made so far, summed (°): the filter's heading less this is the gyroscope's own.
    public private(set) var headingCorrectionSumDegrees = 0.0
    /// Seconds the heading has been carried by the gyroscope alone since the last accepted heading measurement.
    public internal(set) var secondsWithoutHeadingMeasurement = 0.0
    /// Seconds of gyroscope-only carrying still in the heading: grows with time, shrinks as measurements correct.
    public internal(set) var carriedSeconds = 0.0
    /// The mounting offset (vehicle − device heading, °) as the filter's second heading state: its estimate,
    /// variance and covariance with the heading (`OrientationFilter+Course`).
    public internal(set) var offset: MountingOffsetState

    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
        rest = RestDetector(parameters: parameters.rest)
        offset = MountingOffsetState(parameters: parameters.mountingOffset)
        biasUncertaintyDegreesPerSecond = parameters.initialBiasUncertaintyDegreesPerSecond
    }

    /// The magnetic heading of body x (°, clockwise), or nil while unknown.
    public var headingDegrees: Double? {
        guard headingVariance.isFinite else { return nil }
        return attitude?.headingDegrees
    }

    /// One standard deviation of the heading (°): the variance, plus the magnetometer's systematic error.
    public var accuracyDegrees: Double? {
        guard headingVariance.isFinite, attitude != nil else { return nil }
        let sys = calibrated ? parameters.magnetometerSystematicDegrees : parameters.uncalibratedSystematicDegrees
        let carried = parameters.carriedDriftDegreesPerSecond * carriedSeconds
        let disagreement = field.disagreementDegrees
        let compensation = compensationDegrees
        return
            (headingVariance + sys * sys + disagreement * disagreement + carried * carried
            + compensation * compensation).squareRoot()
    }

    /// Integrates one gyroscope reading (rad/s, body frame).
    public mutating func gyroscope(_ w: Vector3, at t: Timestamp) {
        guard w.isFinite else { return }
        defer { lastGyroscopeTime = t }
        guard let last = lastGyroscopeTime, case let dt = t.seconds(since: last), dt > 0 else { return }
        guard dt <= parameters.maximumGapSeconds else {
            // The turn across a gap is unknown: so is the heading, until a measurement brings it back.
            forgetHeading()
            return
        }
        rest.addRate(w, dt: dt, at: t)
        if rest.isResting, let mean = rest.meanRate {
            // At rest the gyroscope reads its own bias.
            let a = min(1, dt / parameters.restBiasTimeConstantSeconds)
            biasRadiansPerSecond = clampedBias(biasRadiansPerSecond + (mean - biasRadiansPerSecond) * a)
            let floor = parameters.restedBiasUncertaintyDegreesPerSecond
            biasUncertaintyDegreesPerSecond = floor + (biasUncertaintyDegreesPerSecond - floor) * (1 - a)
        }
        guard let q = gyroFrame else { return }
        let rate = w - biasRadiansPerSecond
        gyroFrame = (q * Quaternion(rotationVector: rate * dt)).normalized
        guard headingVariance.isFinite, let next = attitude else { return }
        // Heading turned in this step (about the local down), for the scale-factor uncertainty.
        let turnDegrees = abs(next.rotate(rate).z) * dt * 180 / .pi
        let s = parameters.gyroscopeScaleUncertainty * turnDegrees
        let rw = parameters.headingRandomWalkDegreesPerRootSecond
        // Bias uncertainty σb grows a heading error σb·T over T seconds carried: d(σb² T²) = 2 σb² T dt.
        let sb = biasUncertaintyDegreesPerSecond
        headingVariance += rw * rw * dt + s * s + sb * sb * (2 * secondsWithoutHeadingMeasurement * dt + dt * dt)
        secondsWithoutHeadingMeasurement += dt
        carriedSeconds += dt
    }

    /// Corrects the tilt with one accelerometer reading (m/s², body frame, specific force: level at rest it
    /// reads (0, 0, −g)), unless its magnitude says it is not gravity (a tap, a bump). Returns whether it was used.
    ///
    /// The reading is turned into the gyroscope's frame and low-passed there (two first-order stages of half
    /// `accelerometerTimeConstantSeconds` each), and the tilt is set so that the low-passed force points up:
    /// accelerations that come and go average out; a rotation does not smear the average.
    @discardableResult
    public mutating func accelerometer(_ f: Vector3, at t: Timestamp) -> Bool {
        guard f.isFinite else { return false }
        rest.addForce(f)
        defer { lastAccelerometerTime = t }
        let g = parameters.gravityMetresPerSecondSquared
        let magnitude = f.length
        guard magnitude > 0.1 * g else { return false }
        guard let q = gyroFrame else {
            gyroFrame = Self.levelled(specificForce: f)
            let up = Vector3(x: 0, y: 0, z: -magnitude)
            forceLowPass = (up, up)
            return true
        }
        guard abs(magnitude - g) <= parameters.gravityTolerance * g else { return false }
        let dt = lastAccelerometerTime.map { max(0, min(parameters.maximumGapSeconds, t.seconds(since: $0))) } ?? 0
        let inFrame = q.rotate(f)
        let a = min(1, dt / (parameters.accelerometerTimeConstantSeconds / 2))
        var lp = forceLowPass ?? (inFrame, inFrame)
        lp.first = lp.first + (inFrame - lp.first) * a
        lp.second = lp.second + (lp.first - lp.second) * a
        forceLowPass = lp
        // The rotation that turns the low-passed force, as the tilt correction sees it, onto "up".
        let u = tiltCorrection.rotate(lp.second)
        let length = u.length
        guard length > 1e-6 else { return true }
        let unit = u * (1 / length)
        let up = Vector3(x: 0, y: 0, z: -1)
        let axis = unit.cross(up)
        let sine = axis.length
        guard sine > 1e-12 else { return true }
        let angle = atan2(sine, unit.dot(up))
        tiltCorrection = (Quaternion(rotationVector: axis * (angle / sine)) * tiltCorrection).normalized
        return true
    }

    /// Corrects the heading with a measurement of it (magnetic degrees of body x) whose variance is
    /// `varianceDegrees2`, by the Kalman gain. Returns the innovation (measured − estimated, °).
    ///
    /// A measurement independent of the magnetometer (a GPS course, an external compass) is weighed against the
    /// whole reported accuracy, systematic magnetometer error included: it can correct what the field cannot.
    @discardableResult
    public mutating func headingMeasurement(
        _ degrees: Double, varianceDegrees2: Double, independentOfField: Bool = false
    ) -> Double? {
        guard let q = attitude, let h = q.headingDegrees, degrees.isFinite, varianceDegrees2 > 0 else { return nil }
        let innovation = Angle(h).signedDifference(to: Angle(degrees))
        guard headingVariance.isFinite else {
            headingCorrection = (Quaternion.aboutDown(degrees: innovation) * headingCorrection).normalized
            headingCorrectionSumDegrees += innovation
            attachedMagnet.headingCorrected(byDegrees: innovation)
            headingVariance = varianceDegrees2
            offset.decorrelate()
            secondsWithoutHeadingMeasurement = 0
            carriedSeconds = 0
            return innovation
        }
        let prior = independentOfField ? (accuracyDegrees.map { $0 * $0 } ?? headingVariance) : headingVariance
        let k = prior / (prior + varianceDegrees2)
        // The offset's covariance with the heading shrinks with the heading's error.
        offset.headingMeasured(headingVariance: prior, noise: varianceDegrees2)
        headingCorrection = (Quaternion.aboutDown(degrees: k * innovation) * headingCorrection).normalized
        headingCorrectionSumDegrees += k * innovation
        attachedMagnet.headingCorrected(byDegrees: k * innovation)
        headingVariance *= 1 - k
        // The error carried so far shrinks as the variance does: one reading let through a disturbance does
        // not make a drifted heading good again.
        carriedSeconds *= 1 - k
        secondsWithoutHeadingMeasurement = 0
        return innovation
    }

    /// Forgets the heading (the turn since is unknown); tilt and bias are kept.
    public mutating func forgetHeading() {
        headingVariance = .infinity
        offset.decorrelate()
    }

    /// Turns the heading by `degrees` (a correction some measurement made), keeping the sums that follow it.
    mutating func correctHeading(byDegrees degrees: Double) {
        guard degrees.isFinite, degrees != 0 else { return }
        headingCorrection = (Quaternion.aboutDown(degrees: degrees) * headingCorrection).normalized
        headingCorrectionSumDegrees += degrees
        attachedMagnet.headingCorrected(byDegrees: degrees)
    }

    func clampedBias(_ b: Vector3) -> Vector3 {
        let limit = parameters.maximumBiasDegreesPerSecond * .pi / 180
        let n = b.length
        return n > limit ? b * (limit / n) : b
    }

    /// The attitude with heading 0 whose "up" is the specific force's direction.
    static func levelled(specificForce f: Vector3) -> Quaternion {
        // Rotate the body's measured up (f / |f|) onto the frame's up (0, 0, −1), by the shortest rotation.
        let u = f * (1 / f.length)
        let up = Vector3(x: 0, y: 0, z: -1)
        let axis = u.cross(up)
        let sine = axis.length
        let angle = atan2(sine, u.dot(up))
        guard sine > 1e-9 else {
            return angle < 1 ? .identity : Quaternion(rotationVector: Vector3(x: .pi, y: 0, z: 0))
        }
        let q = Quaternion(rotationVector: axis * (angle / sine))
        // Remove the heading this rotation happens to have.
        return (Quaternion.aboutDown(degrees: -(q.headingDegrees ?? 0)) * q).normalized
    }
}
