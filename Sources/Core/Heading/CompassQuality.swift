/// How far off a tilt-compensated compass without a gyroscope may be right now, from what its own readings say:
/// the accelerometer's deviation from 1 g (an acceleration tilts "down", and a tilt error becomes a heading error
/// times tan(dip)), the field's strength and dip against their own running means (a magnet or iron nearby, known
/// or not to WMM), and the spread of the compass readings about the filtered heading (noise, and the lag of a
/// filter behind a turn it cannot see coming). Each is a running statistic, so the accuracy widens while the unit
/// is shaken or turned and narrows again when it is still.
public struct CompassQuality: Sendable {
    /// Time constant of the short-term statistics (s): about the time a shake or a turn takes.
    public var timeConstantSeconds = 1.0
    /// Time constant of the field's running strength and dip (s): the steady field here, a room's or a
    /// vehicle's included.
    public var fieldTimeConstantSeconds = 30.0
    /// Standard gravity (m/s²).
    public var gravityMetresPerSecondSquared = 9.80665
    /// The dip used for the tilt's leverage on the heading is capped here (°): tan grows without bound.
    public var maximumDipDegrees = 80.0

    var accelerationSquared = 0.0
    var innovationSquared = 0.0
    var clippedInnovationSquared = 0.0
    var normDeviationSquared = 0.0
    var dipDeviationSquared = 0.0
    /// Half the mean square of successive differences of the same four series: what white noise alone puts into
    /// their mean squares (for noise, E[(x₁ − x₀)²] = 2σ²), which the heading filter averages away. A tilt, a
    /// magnet or a lag changes little from one reading to the next and stays in the difference.
    var accelerationNoise = NoiseFloor()
    var innovationNoise = NoiseFloor()
    var normNoise = NoiseFloor()
    var dipNoise = NoiseFloor()
    var normMicrotesla: Double?
    var dipDegrees: Double?
    /// Whether the dip's running mean was set from a settled reading.
    var dipSetSettled = false
    /// Whether it was set from the model's inclination (before any settled reading).
    var dipFromModel = false
    var lastAccelerometer: Timestamp?
    var lastMagnetometer: Timestamp?

    public init() {}

    /// Takes one specific-force reading (m/s², body frame).
    public mutating func accelerometer(_ f: Vector3, at t: Timestamp) {
        guard f.isFinite else { return }
        let a = weight(since: lastAccelerometer, at: t, timeConstant: timeConstantSeconds)
        lastAccelerometer = t
        let deviation = (f.length - gravityMetresPerSecondSquared) / gravityMetresPerSecondSquared
        accelerationSquared += (deviation * deviation - accelerationSquared) * a
        accelerationNoise.add(deviation, weight: a)
    }

    /// Takes one magnetometer reading: its strength (µT), its dip (° with a tilt, else nil) and the compass
    /// reading's difference from the filtered heading before it (°, nil when it gave no heading).
    ///
    /// `settled` is false while GPS shows the vehicle moving or changing speed: its accelerations, only partly
    /// removed, bend the measured dip, which is then compared with the reference but does not move it; nil
    /// without GPS (nothing says). Until a settled reading has set the reference, WMM's inclination
    /// (`modelDipDegrees`, once a position is known and the calibration places the vertical) stands in for it;
    /// the first settled reading sets it again (a ride that starts braking set it 5° low from its first, bent
    /// readings in the simulated stop, and a resting compass then claimed ±4.5° where it was within 1°).
    public mutating func magnetometer(
        normMicrotesla norm: Double, dipDegrees dip: Double?, innovationDegrees: Double?,
        at t: Timestamp, settled: Bool? = nil, modelDipDegrees: Double? = nil
    ) {
        guard norm.isFinite, norm > 0 else { return }
        let a = weight(since: lastMagnetometer, at: t, timeConstant: timeConstantSeconds)
        let slow = weight(since: lastMagnetometer, at: t, timeConstant: fieldTimeConstantSeconds)
        lastMagnetometer = t
        if let e = innovationDegrees, e.isFinite {
            innovationSquared += (e * e - innovationSquared) * a
            innovationNoise.add(e, weight: a)
            // A single step (the unit turned at once, which the filter takes in one go) must not read as
            // shaking: each reading counts for at most `turningClipDegrees` there.
            let c = min(abs(e), turningClipDegrees)
            clippedInnovationSquared += (c * c - clippedInnovationSquared) * a
        }
        let n = normMicrotesla ?? norm
        let relative = (norm - n) / n
        normDeviationSquared += (relative * relative - normDeviationSquared) * a
        normNoise.add(relative, weight: a)
        normMicrotesla = n + (norm - n) * slow
        if let dip, dip.isFinite {
            if settled == true && !dipSetSettled {
                dipDegrees = nil
                dipSetSettled = true
            }
            var follow = settled != false || dipDegrees == nil
            if !dipSetSettled, !dipFromModel, let m = modelDipDegrees, m.isFinite {
                dipDegrees = m
                dipFromModel = true
                follow = false
            }
            let d = dipDegrees ?? dip
            dipDeviationSquared += ((dip - d) * (dip - d) - dipDeviationSquared) * a
            dipNoise.add(dip - d, weight: a)
            if follow { dipDegrees = d + (dip - d) * slow }
        }
    }

    /// The compass readings spread about the filtered heading by more than this (°, RMS over the short time
    /// constant): the unit is turning or being shaken, faster than a filter without a gyroscope can follow.
    public var turningSpreadDegrees = 5.0

    /// The RMS spread of the compass readings about the filtered heading (°, short time constant).
    public var spreadDegrees: Double { innovationSquared.squareRoot() }

    /// Whether the readings currently spread about the filtered heading by more than `turningSpreadDegrees`.
    public var isTurningOrShaken: Bool {
        // Both: the readings spread, and the accelerometer feels the motion (a magnet passing a unit at rest
        // spreads the readings too, and there the filter's smoothing is the better guess).
        clippedInnovationSquared > turningSpreadDegrees * turningSpreadDegrees
            && accelerationSquared > shakenAcceleration * shakenAcceleration
    }
    /// The accelerometer's RMS deviation from 1 g (share of g) above which the unit counts as moved by hand.
    public var shakenAcceleration = 0.02
    /// Whether the accelerometer deviates from 1 g by more than `shakenAcceleration` (RMS, short time constant):
    /// it feels more than gravity, which is then worth averaging out.
    public var isAccelerated: Bool { accelerationSquared > shakenAcceleration * shakenAcceleration }
    /// Readings are clipped to this (°) for `isTurningOrShaken`: a 90° step at 50 Hz then adds 4° to the spread
    /// for an instant, not 13°, while sustained shaking of ±10° or more still counts in full.
    public var turningClipDegrees = 30.0

    /// The heading error these statistics allow for, 1 σ (°), to add in quadrature to the compass's own terms:
    /// for the latest reading as it is (`filterNoiseDegrees` nil), or for a filtered heading whose filter takes
    /// its readings to scatter by `filterNoiseDegrees`.
    ///
    /// For the filtered heading each statistic counts only what is left of it beyond white noise (`NoiseFloor`):
    /// noise from one reading to the next is what the filter averages out, and its own σ says how much is left
    /// (of the readings' scatter, only as much as the filter allows for: near a magnetic pole they scatter by
    /// 100°, which no averaging makes a heading). Counted in full there, a compass braking to a stop claimed
    /// ±3.6° in the simulated stop at 74° of dip where it was within 1.7°, and lost to a course 4.4° off. The
    /// latest reading keeps all of its noise.
    public func accuracyDegrees(filterNoiseDegrees: Double?) -> Double {
        let averaged = filterNoiseDegrees != nil
        func part(_ meanSquare: Double, _ noise: NoiseFloor) -> Double {
            averaged ? noise.beyondNoise(meanSquare) : meanSquare
        }
        let filterNoise = (filterNoiseDegrees ?? 0) * (filterNoiseDegrees ?? 0)
        let spread = max(0, innovationSquared - min(innovationNoise.differenceSquared / 2, filterNoise))
        let dip = min(maximumDipDegrees, abs(dipDegrees ?? 60)) * .pi / 180
        // A tilt error of atan(a / g) turns the heading by up to tan(dip) times as much.
        let a = part(accelerationSquared, accelerationNoise).squareRoot()
        let tilt = atan(a) * tan(dip) * 180 / .pi
        // An extra field b turns a compass by about b / H = (b / |F|) / cos(dip) radians; a dip that moved by d
        // degrees moved the field's direction by as much.
        let field =
            part(normDeviationSquared, normNoise).squareRoot() / cos(dip) * 180 / .pi
            + part(dipDeviationSquared, dipNoise).squareRoot()
        return (tilt * tilt + field * field + spread).squareRoot()
    }

    private func weight(since last: Timestamp?, at t: Timestamp, timeConstant: Double) -> Double {
        guard let last else { return 1 }
        return min(1, max(0, t.seconds(since: last)) / timeConstant)
    }
}

/// The white-noise part of a running mean square: half the running mean square of successive differences.
struct NoiseFloor: Sendable {
    var last: Double?
    var differenceSquared = 0.0

    mutating func add(_ x: Double, weight a: Double) {
        if let last { differenceSquared += ((x - last) * (x - last) - differenceSquared) * a }
        last = x
    }

    /// What is left of `meanSquare` beyond the noise (never below 0).
    func beyondNoise(_ meanSquare: Double) -> Double { max(0, meanSquare - differenceSquared / 2) }
}
