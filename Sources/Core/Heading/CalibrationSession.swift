/// Collects magnetometer readings while the user turns the device, reports progress for the calibration screen,
/// and fits the calibration at the end.
public struct CalibrationSession: Sendable {
    /// Applied to each raw reading first, as the heading estimator does, so the fit is in the body frame.
    public var mount: Matrix3
    public var requirements: EllipsoidFit.Requirements
    /// WMM's total field where the user calibrates, recorded in the result for the disturbance gate.
    public var expectedFieldMicrotesla: Double?
    /// Readings closer than this to the last kept one add nothing (holding still must not flood the fit).
    public var minimumSpacingMicrotesla = 0.8
    /// Oldest readings are dropped past this many.
    public var maximumSamples = 3000
    public private(set) var samples: [Vector3] = []

    public init(mount: Matrix3 = .identity, requirements: EllipsoidFit.Requirements = .init(), expectedFieldMicrotesla: Double? = nil) {
        self.mount = mount
        self.requirements = requirements
        self.expectedFieldMicrotesla = expectedFieldMicrotesla
    }

    /// Adds one reading (non-finite ones are ignored).
    public mutating func add(_ sample: MagnetometerSample) {
        let v = mount * sample.microtesla
        guard v.isFinite else { return }
        if let last = samples.last, (v - last).length < minimumSpacingMicrotesla { return }
        samples.append(v)
        if samples.count > maximumSamples { samples.removeFirst(samples.count - maximumSamples) }
    }

    /// Where the session stands, for the calibration screen.
    public var progress: CalibrationProgress {
        let outcome = EllipsoidFit.fit(samples)
        let coverage = outcome?.quality.coverage ?? 0
        let residual = outcome?.quality.residualPercent
        var ready = false
        var hint = "turn the device slowly through a full circle, tilting it nose up, nose down and to both sides"
        if let outcome {
            do {
                _ = try EllipsoidFit.validate(outcome, requirements: requirements)
                ready = true
                hint = "good: coverage \(Int((coverage * 100).rounded())) %, residual "
                    + formatFixed(outcome.quality.residualPercent, digits: 2) + " %"
            } catch let error as CalibrationError {
                hint = error.description
            } catch {
                hint = "\(error)"
            }
        }
        return CalibrationProgress(sampleCount: samples.count, coverage: coverage, residualPercent: residual, isReady: ready, hint: hint)
    }

    /// Fits the calibration, or throws `CalibrationError` saying why the readings are not good enough.
    public func finish() throws -> MagnetometerCalibration {
        try EllipsoidFit.calibrate(samples, requirements: requirements, expectedFieldMicrotesla: expectedFieldMicrotesla)
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
