/// Hard- and soft-iron correction for a magnetometer: `corrected = softIron · (raw − hardIron)`, which maps the
/// distorted ellipsoid of raw readings back onto a sphere of `fieldRadiusMicrotesla`.
///
/// Calibrations are fitted to readings after the mount remap (body frame), so they stay valid for that mount.
public struct MagnetometerCalibration: Hashable, Sendable {
    /// The hard-iron offset in µT (the ellipsoid's centre).
    public var hardIronMicrotesla: Vector3
    /// The soft-iron correction (symmetric, determinant 1 when fitted).
    public var softIron: Matrix3
    /// The field strength the corrected readings have where the calibration was made, in µT.
    public var fieldRadiusMicrotesla: Double
    /// WMM's total field at the calibration place, when it was known (the disturbance gate scales by it).
    public var expectedFieldMicrotesla: Double?
    /// How good the fit was; nil for a hand-made calibration.
    public var quality: CalibrationQuality?

    public init(
        hardIronMicrotesla: Vector3, softIron: Matrix3, fieldRadiusMicrotesla: Double,
        expectedFieldMicrotesla: Double? = nil, quality: CalibrationQuality? = nil
    ) {
        self.hardIronMicrotesla = hardIronMicrotesla
        self.softIron = softIron
        self.fieldRadiusMicrotesla = fieldRadiusMicrotesla
        self.expectedFieldMicrotesla = expectedFieldMicrotesla
        self.quality = quality
    }

    /// The corrected field for a raw (mount-remapped) reading.
    public func apply(_ raw: Vector3) -> Vector3 { softIron * (raw - hardIronMicrotesla) }
}

/// Figures that say how far a calibration fit can be trusted.
public struct CalibrationQuality: Hashable, Sendable {
    /// RMS of (|corrected| − radius) / radius over the samples, in percent.
    public var residualPercent: Double
    /// The fraction (0…1) of 42 evenly spread directions that the corrected samples came near.
    public var coverage: Double
    public var sampleCount: Int
    /// Largest over smallest eigenvalue of the fit's normal matrix (normalised data): big means the samples did
    /// not pin down all nine parameters.
    public var conditionNumber: Double
    /// Longest over shortest axis of the raw ellipsoid (1 = no soft iron).
    public var axisRatio: Double

    public init(residualPercent: Double, coverage: Double, sampleCount: Int, conditionNumber: Double, axisRatio: Double) {
        self.residualPercent = residualPercent
        self.coverage = coverage
        self.sampleCount = sampleCount
        self.conditionNumber = conditionNumber
        self.axisRatio = axisRatio
    }
}
