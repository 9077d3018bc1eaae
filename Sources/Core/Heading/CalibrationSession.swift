/// Collects magnetometer readings while the user turns the device, reports progress for the calibration screen,
/// and fits the calibration at the end: a 3D ellipsoid for a unit turned through every direction, or a level
/// (2D) ellipse for a unit that can only turn about the vertical (`CalibrationSession.level`).
public struct CalibrationSession: Sendable {
    /// Which fit the session makes.
    public enum Kind: Hashable, Sendable {
        /// Turned and tilted through every direction: `EllipsoidFit`.
        case ellipsoid
        /// Turned flat through a full circle: `LevelFit`.
        case level
    }

    public var kind: Kind
    /// Applied to each raw reading first, as the heading estimator does, so the fit is in the body frame.
    public var mount: Matrix3
    public var requirements: EllipsoidFit.Requirements
    /// WMM's total field where the user calibrates, recorded in the result for the disturbance gate.
    public var expectedFieldMicrotesla: Double?
    /// WMM's field where the user calibrates: a level fit takes the vertical offset from its inclination.
    public var modelField: MagneticField?
    /// Readings closer than this to the last kept one add nothing (holding still must not flood the fit).
    public var minimumSpacingMicrotesla = 0.8
    /// Oldest readings are dropped past this many.
    public var maximumSamples = 3000
    public private(set) var samples: [Vector3] = []
    /// The sum and number of the accelerometer's readings (mount-remapped specific force): their mean gives the
    /// level fit its "down".
    private var specificForceSum = Vector3.zero
    public private(set) var accelerometerCount = 0

    public init(
        mount: Matrix3 = .identity, requirements: EllipsoidFit.Requirements = .init(),
        expectedFieldMicrotesla: Double? = nil
    ) {
        self.kind = .ellipsoid
        self.mount = mount
        self.requirements = requirements
        self.expectedFieldMicrotesla = expectedFieldMicrotesla
    }

    /// A session for a level (2D) fit; `modelField` is WMM's field at the calibration place when known.
    public static func level(
        mount: Matrix3 = .identity, requirements: EllipsoidFit.Requirements = .level, modelField: MagneticField? = nil
    ) -> CalibrationSession {
        var session = CalibrationSession(
            mount: mount, requirements: requirements, expectedFieldMicrotesla: modelField?.totalMicrotesla)
        session.kind = .level
        session.modelField = modelField
        return session
    }

    /// Adds one reading (non-finite ones are ignored).
    public mutating func add(_ sample: MagnetometerSample) {
        let v = mount * sample.microtesla
        guard v.isFinite else { return }
        if let last = samples.last, (v - last).length < minimumSpacingMicrotesla { return }
        samples.append(v)
        if samples.count > maximumSamples { samples.removeFirst(samples.count - maximumSamples) }
    }

    /// Adds one accelerometer reading (non-finite ones are ignored); only a level fit uses them.
    public mutating func add(_ sample: AccelerometerSample) {
        let f = mount * sample.metresPerSecondSquared
        guard f.isFinite else { return }
        specificForceSum = specificForceSum + f
        accelerometerCount += 1
    }

    /// Down in the body frame while the unit turned: the accelerometer's mean (a slow circle's centripetal
    /// acceleration is small: 0.3 m/s², under 2°, at 2 m/s taking 40 s), else the level assumption, body z.
    public var down: Vector3 {
        guard accelerometerCount > 0,
            let d = TiltCompensation.down(fromSpecificForce: specificForceSum * (1 / Double(accelerometerCount)))
        else { return TiltCompensation.levelDown }
        return d
    }

    /// Where the session stands, for the calibration screen.
    public var progress: CalibrationProgress { snapshot().progress }

    /// The progress, and the fit's calibration when it is worth judging directions by (the readings' own checks
    /// pass and the fitted field is Earth's): before that a fit scatters barely-turned readings everywhere.
    public func snapshot() -> (progress: CalibrationProgress, calibration: MagnetometerCalibration?) {
        let readings = CalibrationReadings(samples)
        // Directions may be judged by a fit before there are enough readings to accept it.
        var trust = requirements
        trust.minimumSamples = 0
        var progress = CalibrationProgress(
            sampleCount: samples.count, coverage: 0, residualPercent: nil, isReady: false, hint: "")
        var calibration: MagnetometerCalibration?
        var refusal: CalibrationError?
        switch kind {
        case .ellipsoid:
            progress.hint =
                "turn the device slowly through a full circle, tilting it nose up, nose down and to both sides"
            if let outcome = EllipsoidFit.fit(samples) {
                progress.coverage = outcome.quality.coverage
                progress.residualPercent = outcome.quality.residualPercent
                if readings.problem(requirements: trust, fit: .ellipsoid) == nil,
                    requirements.plausibleFieldMicrotesla.contains(outcome.calibration.fieldRadiusMicrotesla)
                {
                    calibration = outcome.calibration
                }
                refusal = Self.refusal { try EllipsoidFit.validate(outcome, requirements: requirements) }
            } else if let problem = readings.problem(requirements: requirements, fit: .ellipsoid) {
                refusal = problem
            }
        case .level:
            progress.hint = "turn the vehicle slowly through a full circle, keeping the unit level"
            if let outcome = LevelFit.fit(samples, down: down, modelField: modelField) {
                progress.coverage = outcome.quality.coverage
                progress.residualPercent = outcome.quality.residualPercent
                let spreadRequirements = trust.forLevelFit(horizontalMicrotesla: outcome.modelHorizontalMicrotesla)
                if readings.problem(requirements: spreadRequirements, fit: outcome.calibration.fit) == nil,
                    requirements.plausibleFieldMicrotesla.contains(outcome.horizontalRadiusMicrotesla)
                {
                    calibration = outcome.calibration
                }
                refusal = Self.refusal { try LevelFit.validate(outcome, requirements: requirements) }
            } else if let problem = readings.problem(
                requirements: requirements.forLevelFit(
                    horizontalMicrotesla: modelField.map { $0.horizontalNanotesla / 1000 }),
                fit: .level(verticalFromModel: modelField != nil))
            {
                refusal = problem
            }
        }
        if let refusal {
            progress.hint = refusal.description
        } else if progress.residualPercent != nil {
            progress.isReady = true
            progress.hint =
                "good: coverage \(formatFixed(progress.coverage * 100, digits: 0)) %, residual "
                + formatFixed(progress.residualPercent ?? 0, digits: 2) + " %"
        }
        return (progress, calibration)
    }

    private static func refusal(_ validate: () throws -> MagnetometerCalibration) -> CalibrationError? {
        do {
            _ = try validate()
            return nil
        } catch {
            return error as? CalibrationError
        }
    }

    /// Fits the calibration, or throws `CalibrationError` saying why the readings are not good enough.
    public func finish() throws -> MagnetometerCalibration {
        switch kind {
        case .ellipsoid:
            return try EllipsoidFit.calibrate(
                samples, requirements: requirements, expectedFieldMicrotesla: expectedFieldMicrotesla)
        case .level:
            return try LevelFit.calibrate(samples, down: down, requirements: requirements, modelField: modelField)
        }
    }
}

/// What the calibration screen shows while samples come in.
public struct CalibrationProgress: Hashable, Sendable {
    public var sampleCount: Int
    /// Share of directions covered, 0…1.
    public var coverage: Double
    /// The current fit's residual in percent, once there is a fit.
    public var residualPercent: Double?
    /// True when `finish()` would accept the readings.
    public var isReady: Bool
    /// One line telling the user what to do next.
    public var hint: String
}
