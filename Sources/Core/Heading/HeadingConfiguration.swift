/// Everything the heading estimator is told at start: a plain value (load the calibration from its file, the
/// thresholds from the configuration, then pass this to `HeadingEstimator.init`).
public struct HeadingConfiguration: Sendable {
    /// Board orientation remap applied to magnetometer, accelerometer and gyroscope readings before anything else
    /// (identity when the sensor adapter already applied the driver's mount matrix and the HAT is not turned).
    public var mount: Matrix3 = .identity
    /// Hard/soft-iron calibration fitted in the remapped frame; nil means uncalibrated (flagged, wide accuracy).
    public var calibration: MagnetometerCalibration?
    public var model: MagneticModel = .wmm2025
    /// The date used for declination until a GPS fix brings UTC (the executable passes today's date);
    /// nil falls back to the model's epoch and flags `.dateAssumed`.
    public var fallbackDecimalYear: Double?
    /// Where to take declination from until the first GPS fix (the last position of the previous run, say).
    public var fallbackCoordinate: GeoCoordinate?
    /// Declination is recomputed when the position moves this far (km) or the date by 0.05 years.
    public var declinationRefreshKilometres = 5.0
    public var filter = AdaptiveHeadingFilter.Tuning()
    public var disturbance = DisturbanceGate()
    public var course = CourseFusion.Settings()
    /// How the course is advanced between GPS fixes. The course rate wins in the benchmark: while riding, the
    /// accelerometer's "down" is off by the vehicle's own acceleration, which the compass turns into heading
    /// errors several times larger at high dip.
    public var courseBetweenFixes = CourseInterpolation.courseRate
    /// Between fixes, the turn the vehicle's sideways acceleration shows is added to the course's rate (a car's;
    /// a leaning vehicle's is learned to be useless and ignored).
    public var lateralTurn = LateralTurnSensor.Settings()
    public var mountingOffset = MountingOffsetLearner.Settings()
    /// A mounting offset learned on an earlier ride, in degrees, used until this ride teaches its own.
    public var initialMountingOffsetDegrees: Double?
    public var standstill = StandstillGate.Settings()
    /// While standing still, a trustworthy compass that disagrees with the frozen heading by more than this many
    /// degrees for `standstillReleaseSeconds` replaces it (someone turned the device on the spot).
    public var standstillReleaseDegrees = 30.0
    public var standstillReleaseSeconds = 2.0
    /// While standing still, the frozen heading converges on a trusted compass with this time constant (seconds).
    public var standstillSettleSeconds = 3.0
    /// Accelerometer readings older than this mean "no accelerometer": the level assumption is used and flagged.
    public var accelerometerTimeoutSeconds = 0.5
    /// Time constant of the gravity low-pass: only sensor noise is smoothed, because any lag of the gravity
    /// direction behind a real tilt turns into a heading error of about lag × tilt rate × tan(dip).
    public var gravitySmoothingSeconds = 0.0
    /// The dip check is skipped while |specific force| differs from g by more than this fraction.
    public var gravityTolerance = 0.08
    /// Magnetometer silence longer than this flags `.compassLost`.
    public var compassTimeoutSeconds = 1.0
    /// Without a trusted compass or course, the last heading is held this long with a growing accuracy, then
    /// the heading becomes unknown.
    public var holdSeconds = 5.0
    /// When a disturbance is noticed, the held heading is the one from this long before (the field was already
    /// bending the heading while it grew below the gate's thresholds).
    public var rollbackSeconds = 1.5
    /// Accuracy assumed for an uncalibrated compass, and for the tilt error when the board is assumed level.
    public var uncalibratedAccuracyDegrees = 15.0
    public var levelAssumedAccuracyDegrees = 8.0

    public init(
        calibration: MagnetometerCalibration? = nil, mount: Matrix3 = .identity, fallbackDecimalYear: Double? = nil
    ) {
        self.calibration = calibration
        self.mount = mount
        self.fallbackDecimalYear = fallbackDecimalYear
    }
}

/// How the heading moves between two GPS fixes while the course drives it.
public enum CourseInterpolation: String, Hashable, Sendable {
    /// By the turn the compass saw since the fix (falls back to `courseRate` while the compass is not trusted).
    case compassTurn
    /// At the turn rate of the last two fixes, for up to 1.5 s.
    case courseRate
    /// Not at all: the last course is held.
    case hold
}

/// What the estimator currently knows, for NavState, the HUD and the camera.
public struct HeadingEstimate: Hashable, Sendable {
    /// The heading to draw (true north when declination is known, else magnetic and flagged), or nil for unknown.
    public var heading: Heading?
    public var flags: HeadingFlags = []
    /// Declination in use (degrees east), nil while the position is unknown.
    public var declinationDegrees: Double?
    /// WMM's field at the last refresh.
    public var field: MagneticField?
    /// The filtered compass heading, magnetic, before declination and mounting offset (nil when not trusted).
    public var compassMagnetic: Angle?
    /// The latest GPS course while it is fresh and fast enough to mean something.
    public var course: Angle?
    /// The mounting offset applied to the compass, degrees.
    public var mountingOffsetDegrees: Double?
    /// How much sideways force a turn makes on this vehicle, once learned: about 1 for a car, 0 for a bike.
    public var sidewaysForceGain: Double?
    /// Standstill: the position to hold while it lasts.
    public var standstillAnchor: GeoCoordinate?
    /// When the estimate last changed.
    public var time: Timestamp?

    public init() {}

    /// The heading in the form a compass source reports it (for the HUD, or to record).
    public var report: HeadingReport {
        guard let h = heading else { return HeadingReport(accuracyDegrees: -1) }
        switch h.reference {
        case .trueNorth:
            return HeadingReport(
                magneticDegrees: declinationDegrees.map { h.direction.rotated(by: -$0).degrees },
                trueDegrees: h.direction.degrees,
                accuracyDegrees: h.accuracyDegrees)
        case .magneticNorth:
            return HeadingReport(magneticDegrees: h.direction.degrees, accuracyDegrees: h.accuracyDegrees)
        }
    }
}

/// Why a heading is less than perfect (shown on the HUD and in logs).
public struct HeadingFlags: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// No calibration: hard/soft iron uncorrected.
    public static let uncalibrated = HeadingFlags(rawValue: 1 << 0)
    /// The field's strength or dip is wrong: a magnet or metal nearby; the compass is not trusted.
    public static let disturbed = HeadingFlags(rawValue: 1 << 1)
    /// No accelerometer: the board is assumed level (tilt errors uncorrected).
    public static let levelAssumed = HeadingFlags(rawValue: 1 << 2)
    /// Declination unknown (no position yet): the heading is magnetic.
    public static let magneticOnly = HeadingFlags(rawValue: 1 << 3)
    /// The date is outside the magnetic model's validity.
    public static let modelOutOfDate = HeadingFlags(rawValue: 1 << 4)
    /// Near a magnetic pole (H < 6000 nT): compass and declination degrade.
    public static let nearMagneticPole = HeadingFlags(rawValue: 1 << 5)
    /// No magnetometer readings (source lost or silent).
    public static let compassLost = HeadingFlags(rawValue: 1 << 6)
    /// No date from GPS or configuration: declination uses the model's epoch.
    public static let dateAssumed = HeadingFlags(rawValue: 1 << 7)
    /// Standing still: the heading is frozen.
    public static let standingStill = HeadingFlags(rawValue: 1 << 8)
    /// A held value: the source that produced it is not currently trusted.
    public static let held = HeadingFlags(rawValue: 1 << 9)

    static let names: [(HeadingFlags, String)] = [
        (.uncalibrated, "uncalibrated"), (.disturbed, "disturbed"), (.levelAssumed, "level-assumed"),
        (.magneticOnly, "magnetic-only"), (.modelOutOfDate, "model-out-of-date"),
        (.nearMagneticPole, "near-magnetic-pole"),
        (.compassLost, "compass-lost"), (.dateAssumed, "date-assumed"), (.standingStill, "standing-still"),
        (.held, "held"),
    ]
    /// The set flags' names, space-separated ("disturbed level-assumed").
    public var description: String { HeadingFlags.names.filter { contains($0.0) }.map(\.1).joined(separator: " ") }
}
