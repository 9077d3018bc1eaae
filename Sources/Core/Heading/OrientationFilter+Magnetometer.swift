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
            if field.primedAt == nil {
                field.primedAt = t
                field.primedAtRest = rest.isResting
            }
            field.follow(norm: norm, dip: dip, weight: min(1, step / 0.3))
            let initialising = !headingVariance.isFinite
            headingMeasurement(measured, varianceDegrees2: initialising ? 100 : variance)
            return record(MagnetometerVerdict(outcome: initialising ? .initialised : .accepted, time: t))
        }
        if !field.primedAtRest, rest.isResting, abs(norm - refNorm) <= parameters.fieldNormTolerance * refNorm {
            // A reference primed while moving took its dip from a tilt the vehicle's acceleration bent; at rest
            // the tilt is gravity's, and the dip measured now is the better reference (a second to settle).
            field.follow(norm: norm, dip: dip, weight: min(1, step / 0.3))
            let since = field.restPrimingSince ?? t
            field.restPrimingSince = since
            if t.seconds(since: since) >= parameters.primingSeconds { field.primedAtRest = true }
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
            // The tracker forgets its offset by itself after a second without a rejected reading.
            compensationDegrees = 0
            let wasKnown = headingVariance.isFinite
            headingMeasurement(measured, varianceDegrees2: variance)
            field.follow(norm: norm, dip: dip, weight: refWeight)
            driftSince = nil
            if !wasKnown { verdict.outcome = .initialised }
            return record(verdict)
        }
        verdict.outcome = .disturbed
        if let compensated = attachedMagnetCompensation(b, attitude: q, reference: (refNorm, refDip), gate: gate, at: t)
        {
            // A magnet attached to the sensor: its fixed field taken out, the rest is the Earth's, and corrects
            // the heading (as a noisier measurement: the offset is only as good as its spread).
            headingMeasurement(compensated.measured, varianceDegrees2: variance * 4)
            compensationDegrees = compensated.errorDegrees
            driftSince = nil
            verdict.outcome = .compensated
            return record(verdict)
        }
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

    /// The heading the field implies once an attached magnet's offset (`AttachedMagnetTracker`) is taken out,
    /// and the heading error that offset's spread may leave (°); nil while no offset is known or the compensated
    /// field still disagrees with the reference in strength, dip or direction.
    mutating func attachedMagnetCompensation(
        _ b: Vector3, attitude q: Quaternion, reference: (norm: Double, dip: Double), gate: Double, at t: Timestamp
    ) -> (measured: Double, errorDegrees: Double)? {
        let dipRadians = reference.dip * .pi / 180
        let earth = Vector3(x: reference.norm * cos(dipRadians), y: 0, z: reference.norm * sin(dipRadians))
        attachedMagnet.add(field: b, attitude: q, earthField: earth, at: t)
        guard let offset = attachedMagnet.offset(at: t) else { return nil }
        let c = b - offset
        let e = q.rotate(c)
        let norm = c.length
        let horizontal = (e.x * e.x + e.y * e.y).squareRoot()
        guard norm > 1e-6, horizontal > 0.05 * norm else { return nil }
        let dip = asin(max(-1, min(1, e.z / norm))) * 180 / .pi
        let declination = atan2(e.y, e.x) * 180 / .pi
        // The offset's spread leaves this much heading error in each compensated reading: the direction gate
        // widens by it, or it would cut off the very readings that say the heading has drifted.
        let error = atan2(attachedMagnet.spreadMicrotesla, max(horizontal, 1e-6)) * 180 / .pi
        let sigma = (headingVariance + error * error).squareRoot()
        guard abs(norm - reference.norm) <= parameters.fieldNormTolerance * reference.norm,
            abs(dip - reference.dip) <= parameters.fieldDipToleranceDegrees,
            abs(declination) <= max(gate, parameters.innovationGateSigmas * sigma), let h = q.headingDegrees
        else { return nil }
        return (Angle(h - declination).degrees, error)
    }

    private mutating func record(_ v: MagnetometerVerdict) -> MagnetometerVerdict {
        lastMagnetometer = v
        return v
    }
}
