/// Decides whether the calibrated field is the Earth's alone: a passing magnet, a car beside the bike or a steel
/// bridge changes the field's strength or dip, and then the compass is not trusted.
public struct DisturbanceGate: Sendable {
    /// Allowed relative deviation of |field| from the expected strength (0.05 = ±5 %). It is tight because the
    /// heading error of an extra field b is about b / H, and H is only a third of |F| at a dip of 70°.
    public var magnitudeTolerance: Double
    /// Allowed deviation of the measured dip from the expected inclination, in degrees.
    public var dipToleranceDegrees: Double
    /// The compass stays distrusted this long after the last bad reading (the field around a magnet changes fast).
    public var holdSeconds: Double
    public private(set) var lastDisturbance: Timestamp?

    public init(magnitudeTolerance: Double = 0.05, dipToleranceDegrees: Double = 4, holdSeconds: Double = 1.5) {
        self.magnitudeTolerance = magnitudeTolerance
        self.dipToleranceDegrees = dipToleranceDegrees
        self.holdSeconds = holdSeconds
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
            bad = bad || abs(magnitude - expected) / expected > magnitudeTolerance
        }
        if let dip, let expectedDip { bad = bad || abs(dip - expectedDip) > dipToleranceDegrees }
        if bad { lastDisturbance = time }
        guard let last = lastDisturbance else { return false }
        return time.seconds(since: last) < holdSeconds
    }
}
