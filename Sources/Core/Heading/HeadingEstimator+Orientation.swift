// The gyro-driven path of the heading pipeline: taken whenever a gyroscope is live. The orientation filter sees
// every gyroscope, accelerometer and magnetometer reading and every moving GPS course; the state machine turns
// what it reports into the published heading.
extension HeadingEstimator {
    /// Whether the gyroscope path drives the output at `t`: a gyroscope reading arrived within its gap limit.
    func gyroscopeLive(at t: Timestamp) -> Bool {
        guard configuration.gyroscopeDrivesHeading, let last = lastGyroscopeTime else { return false }
        return abs(t.seconds(since: last)) <= orientation.parameters.maximumGapSeconds
    }

    mutating func orientationMagnetometer(_ s: MagnetometerSample) {
        let raw = configuration.mount * s.microtesla
        guard raw.isFinite else { return }
        let b = configuration.calibration?.apply(raw) ?? raw
        if let cal = configuration.calibration, let here = estimate.field, here.totalMicrotesla > 0 {
            // WMM's field in the calibration's units: a steady field far from it widens the accuracy.
            var norm = cal.fieldRadiusMicrotesla
            if let calField = cal.expectedFieldMicrotesla, calField > 0 { norm *= here.totalMicrotesla / calField }
            orientation.field.expected = (norm, here.inclinationDegrees)
        }
        let verdict = orientation.magnetometer(b, at: s.time)
        if let q = orientation.attitude,
            !fieldAgainstGyroscope.add(
                field: b, attitude: q, correctionSumDegrees: orientation.headingCorrectionSumDegrees,
                fieldHeadingDegrees: fieldReading.flatMap { $0.time == s.time ? $0.heading.degrees : nil },
                at: s.time)
        {
            // A field passing by: the mounting-offset samples near it saw its edges too.
            sampler.disturbance(at: s.time)
        }
        switch verdict.outcome {
        case .initialised: orientationInitialisedAt = s.time
        case .disturbed: orientationDisturbedAt = s.time
        case .accepted, .unusable, .compensated: break
        }
    }

    /// The GPS course as one more heading measurement while moving (not on a boat, not backing up), weighted by
    /// its error: no speed switches it on, the error (gpsd's, or the speed's error over the speed) weighs it.
    mutating func orientationCourse(_ fix: GPSFix) {
        guard configuration.vehicle.courseIsHeading, fix.mode >= .twoD, let course = fix.courseDegrees,
            let v = fix.speedMetresPerSecond, v >= configuration.orientation.courseMinimumSpeedMetresPerSecond,
            !direction.reversing
        else { return }
        let declination = estimate.declinationDegrees ?? 0
        // The course measures the device's heading plus the offset, a state of the filter beside the heading.
        let sigma = courseAccuracy(fix)
        orientation.offset.ride(at: fix.time)
        orientation.courseMeasurement(course - declination, varianceDegrees2: sigma * sigma)
    }

    /// The device's heading (true when the declination is known) from the field alone at a fix, referred to the
    /// gyroscope so that a second of readings pools, or nil when the field turned against the gyroscope.
    mutating func fieldHeading(at t: Timestamp) -> Angle? {
        guard let level = fieldAgainstGyroscope.level(at: t), let h = orientation.attitude?.headingDegrees else {
            return nil
        }
        let gyroscopeHeading = h - orientation.headingCorrectionSumDegrees
        return Angle(gyroscopeHeading + level + (estimate.declinationDegrees ?? 0))
    }

    /// The device's offset from the vehicle's forward axis (°): learned from the course where the course is the
    /// heading; on a boat only the configured one (course minus compass there is leeway and current, not mounting).
    var mountingOffset: Double {
        configuration.vehicle.courseIsHeading ? offsetState.degrees : configuration.initialMountingOffsetDegrees ?? 0
    }

    /// Whether the offset lives in the orientation filter (a gyroscope has driven the heading) or in the compass
    /// path's own state.
    var usesOrientationOffset: Bool { configuration.gyroscopeDrivesHeading && lastGyroscopeTime != nil }

    /// The mounting offset's state in use.
    var offsetState: MountingOffsetState { usesOrientationOffset ? orientation.offset : compassOffset }

    /// The offset to report (°): once a sample taught it or a configured one started it, else nil (the heading
    /// is then the device's own, believed straight on the vehicle).
    var reportedMountingOffset: Double? {
        guard configuration.vehicle.courseIsHeading else { return configuration.initialMountingOffsetDegrees }
        let s = offsetState
        return s.sampleCount > 0 || configuration.initialMountingOffsetDegrees != nil ? s.degrees : nil
    }

    /// Publishes the orientation filter's heading through the state machine.
    mutating func publishOrientation(at t: Timestamp) {
        let inputs = GyroHeadingState.Inputs(
            accuracyDegrees: orientation.accuracyDegrees, gyroscopeLive: gyroscopeLive(at: t),
            secondsSinceInitialised: orientationInitialisedAt.map { t.seconds(since: $0) },
            secondsSinceDisturbed: orientationDisturbedAt.map { t.seconds(since: $0) },
            resting: orientation.rest.isResting)
        gyroState = gyroState.next(inputs, limits: configuration.gyroLimits)
        var flags: HeadingFlags = []
        let reference: NorthReference = estimate.declinationDegrees == nil ? .magneticNorth : .trueNorth
        if configuration.calibration == nil { flags.insert(.uncalibrated) }
        if reference == .magneticNorth { flags.insert(.magneticOnly) }
        if decimalYear == nil { flags.insert(.dateAssumed) }
        if compassLost(at: t) { flags.insert(.compassLost) }
        for w in estimate.field?.warnings ?? [] {
            switch w {
            case .dateOutsideValidity: flags.insert(.modelOutOfDate)
            case .nearMagneticPoleCaution, .nearMagneticPoleBlackout: flags.insert(.nearMagneticPole)
            }
        }
        if gyroState == .holding { flags.formUnion([.disturbed, .held]) }
        let magnetic = orientation.headingDegrees.map { Angle($0) }
        estimate.compassMagnetic = gyroState == .tracking || gyroState == .resting ? magnetic : nil
        estimate.mountingOffsetDegrees = reportedMountingOffset
        estimate.course = fusion.drivingFix(at: t).flatMap { $0.courseDegrees.flatMap { Angle(degrees: $0) } }
        estimate.standstillAnchor = standstill.isStandingStill ? standstill.anchor : nil
        if standstill.isStandingStill { flags.insert(.standingStill) }
        if gyroState != .unknown, let m = magnetic, let filterAccuracy = orientation.accuracyDegrees {
            // The vehicle's heading is the device's plus the mounting offset: their joint variance.
            let accuracy =
                configuration.vehicle.courseIsHeading
                ? (orientation.vehicleHeadingVariance ?? filterAccuracy * filterAccuracy).squareRoot() : filterAccuracy
            let direction = m.rotated(by: (estimate.declinationDegrees ?? 0) + mountingOffset)
            estimate.heading = Heading(
                direction: direction, reference: reference, accuracyDegrees: accuracy, source: .compass)
        } else {
            estimate.heading = nil
        }
        estimate.flags = flags
        estimate.time = t
    }
}
