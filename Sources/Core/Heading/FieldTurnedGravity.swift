/// "Down" for the compass-only path (no gyroscope): the accelerometer's specific force, low-passed in a frame that
/// the magnetometer turns with the sensor.
///
/// A board without a gyroscope cannot average the accelerometer the way the orientation filter does (in the
/// gyroscope's frame): averaged in the body frame, "down" lags every tilt, and a tilt error becomes a heading error
/// times tan(dip). Read raw, every acceleration of the hand or the vehicle tilts "down" as much (BROAD's slow
/// translation, trial 10: 20° RMS). But the Earth's field is fixed too: between two readings the field seen from
/// the body turns by the sensor's own rotation, except for the part about the field's axis, which the field cannot
/// show. So the low-passed force is turned by the shortest rotation that takes the last field reading onto the new
/// one, and a short time constant lets the accelerometer correct what that rotation missed.
///
/// Field readings whose strength jumps (a magnet, a steel door) are not taken for a rotation: the force then stays
/// where it was until the next pair of readings that agree.
public struct FieldTurnedGravity: Sendable {
    /// Model parameters.
    public struct Parameters: Sendable, Hashable {
        /// Time constant of the low-pass (s): accelerations shorter than this average out of "down", and rotations
        /// about the field's axis (which the field cannot show) are caught up with in about as long.
        public var timeConstantSeconds = 0.15
        /// Two consecutive field readings whose strengths differ by more than this share are not one field seen
        /// turned: no rotation is taken from them.
        public var maximumStrengthChange = 0.03
        /// A larger turn between two consecutive field readings (°) is not taken for the sensor's rotation.
        public var maximumTurnDegrees = 30.0
        /// Readings further apart than this (s) restart the low-pass from the next accelerometer reading.
        public var maximumGapSeconds = 0.5
        public init() {}
    }

    public var parameters: Parameters
    /// The low-passed specific force as of the last field reading (m/s², body frame).
    var lowPass: Vector3?
    /// The accelerometer reading since then and its low-pass weight: it was read in the orientation the next
    /// field reading shows, so it joins the low-pass after that reading has turned it.
    var pending: (force: Vector3, weight: Double)?
    var lastForceTime: Timestamp?
    var lastField: Vector3?
    /// Whether the latest accelerometer reading replaced the low-pass (the unit was not accelerated).
    var takenAsIs = false

    public init(parameters: Parameters = Parameters()) { self.parameters = parameters }

    /// The low-passed specific force (m/s², body frame), nil before the first accelerometer reading.
    public var specificForce: Vector3? {
        guard let g = lowPass else { return nil }
        guard let p = pending else { return g }
        return g + (p.force - g) * p.weight
    }

    /// Takes one specific-force reading (m/s², body frame, the vehicle's known acceleration already removed).
    /// While the unit is not `accelerated` (its readings stay near 1 g) the reading is gravity and is taken as it
    /// is: nothing to average out, and no rotation to guess from the field (a turn about the vertical moves the
    /// field in a way a tilt could too, and at a dip of 74° a guessed tilt costs 3.5 times as much heading).
    public mutating func accelerometer(_ f: Vector3, at t: Timestamp, accelerated: Bool = true) {
        guard f.isFinite else { return }
        defer { lastForceTime = t }
        guard accelerated, lowPass != nil, let last = lastForceTime, case let dt = t.seconds(since: last),
            dt >= 0, dt <= parameters.maximumGapSeconds
        else {
            lowPass = f
            pending = nil
            takenAsIs = true
            return
        }
        takenAsIs = false
        // No field reading since the last one: the sensor's turn since is unknown, and taken as none.
        lowPass = specificForce
        pending = (f, min(1, dt / max(parameters.timeConstantSeconds, 1e-6)))
    }

    /// Takes one calibrated field reading (µT, body frame), turns the low-passed force by the sensor's rotation
    /// since the last one, and adds the accelerometer reading read meanwhile.
    public mutating func magnetometer(_ b: Vector3) {
        guard b.isFinite, b.length > 0 else { return }
        defer {
            lastField = b
            lowPass = specificForce
            pending = nil
        }
        // A reading taken as it is was read in the orientation this field reading shows: nothing to turn.
        guard let previous = lastField, let g = lowPass, !takenAsIs else { return }
        let n0 = previous.length
        let n1 = b.length
        guard abs(n1 - n0) <= parameters.maximumStrengthChange * n0 else { return }
        // The field seen from the body turned from `previous` to `b`: gravity seen from the body turned with it.
        let u = previous * (1 / n0)
        let v = b * (1 / n1)
        let axis = u.cross(v)
        let sine = axis.length
        guard sine > 1e-12 else { return }
        let angle = atan2(sine, u.dot(v))
        guard angle * 180 / .pi <= parameters.maximumTurnDegrees else { return }
        lowPass = Quaternion(rotationVector: axis * (angle / sine)).rotate(g)
    }

    /// Forgets the force (no accelerometer): the next reading starts afresh.
    public mutating func reset() {
        lowPass = nil
        pending = nil
        lastForceTime = nil
        takenAsIs = false
    }
}
