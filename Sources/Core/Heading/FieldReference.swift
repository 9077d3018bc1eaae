/// The Earth's field as the filter expects to see it: strength and dip, learned from the readings it accepted
/// (its running statistics), and a candidate for a new reference while readings are rejected but steady.
public struct FieldReference: Sendable {
    /// Reference strength (µT) and dip (°, positive down), nil until primed.
    public var normMicrotesla: Double?
    public var dipDegrees: Double?
    /// The model's field here (WMM, scaled to the calibration's units) once a position is known.
    public var expected: (normMicrotesla: Double, dipDegrees: Double)? {
        get { expectedNorm.flatMap { n in expectedDip.map { (n, $0) } } }
        set {
            expectedNorm = newValue?.normMicrotesla
            expectedDip = newValue?.dipDegrees
        }
    }
    var expectedNorm: Double?
    var expectedDip: Double?
    /// When the reference was first set, and whether at rest (else the first rest sets it again: a tilt bent
    /// by the vehicle's acceleration bends the dip), since when that rest has been setting it.
    var primedAt: Timestamp?
    var primedAtRest = false
    var restPrimingSince: Timestamp?
    /// The steady field seen while rejecting: its running mean, and since when it has stayed near it.
    var candidate: (norm: Double, dip: Double, since: Timestamp)?

    /// The most a steady disagreement with the model adds to the accuracy (°).
    public var maximumDisagreementDegrees = 20.0

    public init() {}

    /// A heading error (°) implied by a steady reference that disagrees with the model: a room's or a
    /// vehicle's own field bends the direction as much as it bends the dip. Zero without a model field.
    public var disagreementDegrees: Double {
        guard let n = normMicrotesla, let d = dipDegrees, let en = expectedNorm, let ed = expectedDip, en > 0 else {
            return 0
        }
        // Capped: a steady field far from the model widens the accuracy but never makes the heading unknown by
        // itself (a lab's or a vehicle's own field is steady, and the gyroscope still checks its direction).
        return min(maximumDisagreementDegrees, max(abs(d - ed), abs(n - en) / en * 180 / .pi))
    }

    /// Moves the reference towards an accepted reading with weight `a` (0…1).
    mutating func follow(norm: Double, dip: Double, weight a: Double) {
        normMicrotesla = normMicrotesla.map { $0 + (norm - $0) * a } ?? norm
        dipDegrees = dipDegrees.map { $0 + (dip - $0) * a } ?? dip
        candidate = nil
    }

    /// Feeds a rejected reading into the candidate; returns true once the candidate has stayed within the
    /// tolerances of its own running mean for `seconds` and became the reference (VQF's new-field rule).
    mutating func offerCandidate(
        norm: Double, dip: Double, at t: Timestamp, weight a: Double, seconds: Double, normTolerance: Double,
        dipToleranceDegrees: Double
    ) -> Bool {
        guard var c = candidate, abs(norm - c.norm) <= normTolerance * c.norm, abs(dip - c.dip) <= dipToleranceDegrees
        else {
            // A reading away from the candidate starts a new one.
            candidate = (norm, dip, t)
            return false
        }
        c.norm += (norm - c.norm) * a
        c.dip += (dip - c.dip) * a
        candidate = c
        guard t.seconds(since: c.since) >= seconds else { return false }
        normMicrotesla = c.norm
        dipDegrees = c.dip
        candidate = nil
        return true
    }
}

/// What the filter made of one magnetometer reading.
public struct MagnetometerVerdict: Sendable, Hashable {
    public enum Outcome: String, Sendable, Hashable {
        /// Used to correct the heading.
        case accepted
        /// Set the heading from nothing (first reading, or after the gyroscope drifted).
        case initialised
        /// The strength, dip or direction disagrees: a magnet or iron nearby.
        case disturbed
        /// No tilt yet, or the field is (nearly) vertical: no heading to take from it.
        case unusable
        /// Disturbed by a magnet attached to the sensor, whose fixed field was taken out: the rest corrected the
        /// heading.
        case compensated
    }
    public var outcome: Outcome
    /// Strength minus reference (share), dip minus reference (°), direction minus the predicted (°).
    public var normError: Double?
    public var dipErrorDegrees: Double?
    public var innovationDegrees: Double?
    public var time: Timestamp
}
