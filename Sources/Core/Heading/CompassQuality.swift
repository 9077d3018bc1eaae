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
    var normMicrotesla: Double?
    var dipDegrees: Double?
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
    }

    /// Takes one magnetometer reading: its strength (µT), its dip (° with a tilt, else nil) and the compass
    /// reading's difference from the filtered heading before it (°, nil when it gave no heading).
    public mutating func magnetometer(
        normMicrotesla norm: Double, dipDegrees dip: Double?, innovationDegrees: Double?,
        at t: Timestamp
    ) {
        guard norm.isFinite, norm > 0 else { return }
        let a = weight(since: lastMagnetometer, at: t, timeConstant: timeConstantSeconds)
        let slow = weight(since: lastMagnetometer, at: t, timeConstant: fieldTimeConstantSeconds)
        lastMagnetometer = t
        if let e = innovationDegrees, e.isFinite {
            innovationSquared += (e * e - innovationSquared) * a
            // A single step (the unit turned at once, which the filter takes in one go) must not read as
            // shaking: each reading counts for at most `turningClipDegrees` there.
            let c = min(abs(e), turningClipDegrees)
            clippedInnovationSquared += (c * c - clippedInnovationSquared) * a
        }
        let n = normMicrotesla ?? norm
        let relative = (norm - n) / n
        normDeviationSquared += (relative * relative - normDeviationSquared) * a
        normMicrotesla = n + (norm - n) * slow
        if let dip, dip.isFinite {
            let d = dipDegrees ?? dip
            dipDeviationSquared += ((dip - d) * (dip - d) - dipDeviationSquared) * a
            dipDegrees = d + (dip - d) * slow
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

    /// The heading error these statistics allow for, 1 σ (°), to add in quadrature to the compass's own terms.
    public var accuracyDegrees: Double {
        let dip = min(maximumDipDegrees, abs(dipDegrees ?? 60)) * .pi / 180
        // A tilt error of atan(a / g) turns the heading by up to tan(dip) times as much.
        let tilt = atan(accelerationSquared.squareRoot()) * tan(dip) * 180 / .pi
        // An extra field b turns a compass by about b / H = (b / |F|) / cos(dip) radians; a dip that moved by d
        // degrees moved the field's direction by as much.
        let field = normDeviationSquared.squareRoot() / cos(dip) * 180 / .pi + dipDeviationSquared.squareRoot()
        return (tilt * tilt + field * field + innovationSquared).squareRoot()
    }

    private func weight(since last: Timestamp?, at t: Timestamp, timeConstant: Double) -> Double {
        guard let last else { return 1 }
        return min(1, max(0, t.seconds(since: last)) / timeConstant)
    }
}
