extension OrientationFilter {
    /// Corrects the heading with one calibrated magnetometer reading (µT, body frame) when the field is the
    /// Earth's, and says what it made of it.
    ///
    /// Three checks, each against what the filter already knows: the strength and the dip against the
    /// reference (learned from accepted readings), and the direction against the one the gyroscope predicts.
    /// A field that stays steady but different becomes the new reference after `newFieldSeconds`; one that
    /// agrees in strength and dip but keeps disagreeing in direction for `driftRecoverySeconds` means the
    /// gyroscope drifted, and the heading is taken from it afresh.
    @discardableResult
    public mutating func magnetometer(_ b: Vector3, at t: Timestamp) -> MagnetometerVerdict {
        let dt = lastMagnetometerTime.map { max(0.001, min(parameters.maximumGapSeconds, t.seconds(since: $0))) }
        lastMagnetometerTime = t
        guard b.isFinite, let q = attitude else {
            return record(MagnetometerVerdict(outcome: .unusable, time: t))
        }
        let e = q.rotate(b)
        let norm = b.length
        let horizontal = (e.x * e.x + e.y * e.y).squareRoot()
        guard norm > 1e-6, horizontal > 0.05 * norm else {
            return record(MagnetometerVerdict(outcome: .unusable, time: t))
        }
        let dip = asin(max(-1, min(1, e.z / norm))) * 180 / .pi
        // The direction the field points in the filter's frame: 0 when the heading agrees with it.
        let declination = atan2(e.y, e.x) * 180 / .pi
        let step = dt ?? 0.02
        let measured = Angle((attitude?.headingDegrees ?? 0) - declination).degrees
        let r = parameters.magnetometerNoiseDegreesRootSecond
        let variance = r * r / step

        guard let refNorm = field.normMicrotesla, let refDip = field.dipDegrees, let since = field.primedAt,
            t.seconds(since: since) >= parameters.primingSeconds || !headingVariance.isFinite
        else {
            // Priming: the first readings set the reference and the heading.
            if field.primedAt == nil { field.primedAt = t }
            field.follow(norm: norm, dip: dip, weight: min(1, step / 0.3))
            let initialising = !headingVariance.isFinite
            headingMeasurement(measured, varianceDegrees2: initialising ? 100 : variance)
            return record(MagnetometerVerdict(outcome: initialising ? .initialised : .accepted, time: t))
        }
        let normError = (norm - refNorm) / refNorm
        let dipError = dip - refDip
        let innovation = -declination
        var verdict = MagnetometerVerdict(
            outcome: .accepted, normError: normError, dipErrorDegrees: dipError, innovationDegrees: innovation, time: t)
        let strengthAndDipAgree =
            abs(normError) <= parameters.fieldNormTolerance && abs(dipError) <= parameters.fieldDipToleranceDegrees
        let sigma = (headingVariance.isFinite ? headingVariance : 0).squareRoot()
        let gate = max(parameters.innovationGateDegrees, parameters.innovationGateSigmas * sigma)
        let directionAgrees = !headingVariance.isFinite || abs(innovation) <= gate
        let refWeight = min(1, step / parameters.referenceTimeConstantSeconds)

        if strengthAndDipAgree && directionAgrees {
            let wasKnown = headingVariance.isFinite
            headingMeasurement(measured, varianceDegrees2: variance)
            field.follow(norm: norm, dip: dip, weight: refWeight)
            driftSince = nil
            if !wasKnown { verdict.outcome = .initialised }
            return record(verdict)
        }
        verdict.outcome = .disturbed
        if strengthAndDipAgree {
            // Only the direction disagrees. Briefly, that is a magnet bending the field; for long, the gyroscope
            // has drifted (or turned across a gap) and the magnetometer is right.
            let start = driftSince ?? t
            driftSince = start
            if t.seconds(since: start) >= parameters.driftRecoverySeconds {
                forgetHeading()
                headingMeasurement(measured, varianceDegrees2: 100)
                driftSince = nil
                verdict.outcome = .initialised
            }
        } else {
            driftSince = nil
            // A steady new field (another room, a vehicle's own iron) becomes the reference; its direction is
            // still checked against the gyroscope's on the next reading.
            _ = field.offerCandidate(
                norm: norm, dip: dip, at: t, weight: min(1, step / 1.0), seconds: parameters.newFieldSeconds,
                normTolerance: parameters.fieldNormTolerance, dipToleranceDegrees: parameters.fieldDipToleranceDegrees)
        }
        return record(verdict)
    }

    private mutating func record(_ v: MagnetometerVerdict) -> MagnetometerVerdict {
        lastMagnetometer = v
        return v
    }
}
