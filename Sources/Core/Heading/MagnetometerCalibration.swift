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
    /// Which fit made it, and so which terms were observed (files written before level fits existed: ellipsoid).
    public var fit: CalibrationFit

    public init(
        hardIronMicrotesla: Vector3, softIron: Matrix3, fieldRadiusMicrotesla: Double,
        expectedFieldMicrotesla: Double? = nil, quality: CalibrationQuality? = nil, fit: CalibrationFit = .ellipsoid
    ) {
        self.hardIronMicrotesla = hardIronMicrotesla
        self.softIron = softIron
        self.fieldRadiusMicrotesla = fieldRadiusMicrotesla
        self.expectedFieldMicrotesla = expectedFieldMicrotesla
        self.quality = quality
        self.fit = fit
    }

    /// The corrected field for a raw (mount-remapped) reading.
    public func apply(_ raw: Vector3) -> Vector3 { softIron * (raw - hardIronMicrotesla) }

    /// False when the corrected field's dip means nothing: a level fit without WMM's inclination left the
    /// vertical hard iron at zero, so the dip of the corrected field is bent by it (the disturbance check skips it).
    public var dipIsMeaningful: Bool { fit != .level(verticalFromModel: false) }

    /// What the figures do not say: the terms the fit could not observe and what follows from it.
    public var qualityNotes: [String] {
        switch fit {
        case .ellipsoid:
            return []
        case .level(let fromModel):
            return [
                "level fit: the vertical hard iron is not observable from a flat circle; "
                    + (fromModel
                        ? "it was set so the corrected field dips at WMM's inclination at the calibration place"
                        : "it was left at zero (no place given), so the dip check against WMM is off"),
                "the heading is as good as a 3D calibration's while the unit is level; tilted by more than a few degrees "
                    + "it is less accurate (calibrate without --level if the unit can be tumbled)",
            ]
        }
    }
}

/// Which fit made a calibration, and so which of its terms were observed.
public enum CalibrationFit: Hashable, Sendable {
    /// A 3D ellipsoid fit to readings turned through every direction: every term is observed.
    case ellipsoid
    /// A 2D ellipse fit to readings turned flat through a circle (a unit bolted to a vehicle): the horizontal hard
    /// and soft iron are observed, the vertical hard iron is not; `verticalFromModel` says whether it was set from
    /// WMM's inclination at the calibration place (else it is zero).
    case level(verticalFromModel: Bool)
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

    public init(residualPercent: Double, coverage: Double, sampleCount: Int, conditionNumber: Double, axisRatio: Double)
    {
        self.residualPercent = residualPercent
        self.coverage = coverage
        self.sampleCount = sampleCount
        self.conditionNumber = conditionNumber
        self.axisRatio = axisRatio
    }
}
