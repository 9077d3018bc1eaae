/// Decides whether the calibrated field is the Earth's alone: a passing magnet, a car beside the bike or a steel
/// bridge changes the field's strength or dip, and then the compass is not trusted.
///
/// The strength is checked against what is expected (the calibrated radius scaled to WMM's field) and, once a
/// field that disagrees with it has stayed steady for `newFieldSeconds`, against that steady field too: a room's
/// or a vehicle's own iron changes the strength for as long as the unit stays there, not for an instant as a
/// passing magnet does (BROAD's lab: 41.6 µT where the sensor rests, 44.8 µT where it is moved). A steady field
/// that disagrees widens the accuracy (`disagreement`) but is not "disturbed".
public struct DisturbanceGate: Sendable {
    /// Allowed relative deviation of |field| from the expected strength (0.05 = ±5 %). It is tight because the
    /// heading error of an extra field b is about b / H, and H is only a third of |F| at a dip of 70°.
    public var magnitudeTolerance: Double
    /// Allowed deviation of the measured dip from the expected inclination, in degrees.
    public var dipToleranceDegrees: Double
    /// The compass stays distrusted this long after the last bad reading (the field around a magnet changes fast).
    public var holdSeconds: Double
    /// A rejected field whose strength stays within `magnitudeTolerance` of its own running mean this long
    /// (s) is a steady field of this place, and is accepted from then on (VQF adopts one after 20 s; a compass
    /// without a gyroscope has nothing else to carry the heading meanwhile). A passing magnet lasts a second or two.
    public var newFieldSeconds: Double
    public private(set) var lastDisturbance: Timestamp?
    /// The steady field's strength adopted (µT), nil while the expected one holds.
    public private(set) var adoptedMagnitude: Double?
    /// The expected strength it was adopted against (µT).
    var adoptedAgainst: Double?
    /// The candidate for a steady field: its running mean (µT), when it began, and the last reading's time.
    var candidate: (magnitude: Double, since: Timestamp, last: Timestamp)?

    public init(
        magnitudeTolerance: Double = 0.05, dipToleranceDegrees: Double = 4, holdSeconds: Double = 1.5,
        newFieldSeconds: Double = 5
    ) {
        self.magnitudeTolerance = magnitudeTolerance
        self.dipToleranceDegrees = dipToleranceDegrees
        self.holdSeconds = holdSeconds
        self.newFieldSeconds = newFieldSeconds
    }

    /// The relative difference between an adopted steady field's strength and the expected one (0 while none).
    public var disagreement: Double {
        guard let a = adoptedMagnitude, let e = adoptedAgainst, e > 0 else { return 0 }
        return abs(a - e) / e
    }

    /// Checks one reading; returns true while the compass must not be trusted.
    ///
    /// - Parameters:
    ///   - magnitude: |calibrated field| in µT.
    ///   - expectedMagnitude: what it should be (the calibrated radius scaled to WMM's field here), nil to skip.
    ///   - dip: measured dip in degrees (nil without a trustworthy gravity direction).
    ///   - expectedDip: WMM's inclination here, nil when unknown.
    public mutating func isDisturbed(
        at time: Timestamp, magnitude: Double, expectedMagnitude: Double?, dip: Double?, expectedDip: Double?
    ) -> Bool {
        var bad = false
        if let expected = expectedMagnitude, expected > 0 {
            bad = strengthDisagrees(magnitude, expected: expected, at: time)
        }
        if let dip, let expectedDip { bad = bad || abs(dip - expectedDip) > dipToleranceDegrees }
        if bad { lastDisturbance = time }
        guard let last = lastDisturbance else { return false }
        return time.seconds(since: last) < holdSeconds
    }

    /// Whether the strength disagrees with the expected one and with an adopted steady field; feeds the
    /// candidate for a steady field.
    mutating func strengthDisagrees(_ magnitude: Double, expected: Double, at t: Timestamp) -> Bool {
        func near(_ reference: Double) -> Bool { abs(magnitude - reference) <= magnitudeTolerance * reference }
        // The candidate: the running mean (1 s) of readings that stay near it; one away from it, or after a
        // second without readings, starts a new one.
        if var c = candidate, near(c.magnitude), case let dt = t.seconds(since: c.last), dt >= 0, dt < 1 {
            c.magnitude += (magnitude - c.magnitude) * min(1, dt / 1.0)
            c.last = t
            candidate = c
        } else {
            candidate = (magnitude, t, t)
        }
        if let c = candidate, t.seconds(since: c.since) >= newFieldSeconds,
            abs(c.magnitude - expected) > magnitudeTolerance / 2 * expected
        {
            adoptedMagnitude = c.magnitude
            adoptedAgainst = expected
        } else {
            adoptedMagnitude = nil
        }
        if near(expected) { return false }
        return adoptedMagnitude.map { !near($0) } ?? true
    }
}
