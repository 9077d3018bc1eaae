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
    /// Between fixes, the turn the vehicle's sideways acceleration shows is added to the course's rate (a car's;
    /// a leaning vehicle's is learned to be useless and ignored).
    public var lateralTurn = LateralTurnSensor.Settings()
    /// Which fixes give a sample of the mounting offset (riding straight at steady speed, no disturbance near);
    /// the offset's model is `orientation.mountingOffset`, for both paths.
    public var mountingOffset = MountingOffsetSampler.Settings()
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
    /// The compass-only path's "down": the accelerometer low-passed in a frame the magnetometer turns with the
    /// sensor (`FieldTurnedGravity`), so accelerations average out without "down" lagging a tilt.
    public var compassGravity = FieldTurnedGravity.Parameters()
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
    /// A compass or held heading (not a course) less accurate than this (°, 1 σ) is shown as unknown, as the
    /// gyro-driven path does (`GyroHeadingState.Limits.maximumAccuracyDegrees`).
    public var maximumCompassAccuracyDegrees = 45.0
    /// Accuracy assumed for an uncalibrated compass, and for the tilt error when the board is assumed level.
    public var uncalibratedAccuracyDegrees = 15.0
    public var levelAssumedAccuracyDegrees = 8.0
    /// What the display rides on (`--vehicle`): on a boat the GPS course never corrects the heading.
    public var vehicle = Vehicle.car
    /// The gyro-driven orientation filter's model parameters, and its state machine's limits (used whenever a
    /// gyroscope is live; boards without one take the compass-only path above).
    public var orientation = OrientationFilter.Parameters()
    public var gyroLimits = GyroHeadingState.Limits()
    /// False keeps the compass-only path even with a gyroscope (the pre-filter behaviour, for comparisons).
    public var gyroscopeDrivesHeading = true

    public init(
        calibration: MagnetometerCalibration? = nil, mount: Matrix3 = .identity, fallbackDecimalYear: Double? = nil
    ) {
        self.calibration = calibration
        self.mount = mount
        self.fallbackDecimalYear = fallbackDecimalYear
    }
}
