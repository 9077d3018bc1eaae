/// The heading pipeline: raw sensor events in, one trustworthy heading (or "unknown") out.
///
/// ```
/// var heading = HeadingEstimator(configuration: config)   // calibration, mount, thresholds
/// heading.apply(event)                                   // every SensorEvent, in time order
/// heading.estimate.heading                               // Heading? with accuracy and source
/// ```
///
/// Per magnetometer reading: mount remap → hard/soft iron → tilt compensation with the low-passed accelerometer
/// (level assumed and flagged without one) → disturbance gate (strength vs calibrated radius scaled to WMM's total
/// field, dip vs WMM's inclination) → adaptive unit-circle filter → declination (WMM at the current place and
/// date) and the learned mounting offset. Per GPS fix: declination refresh, course fusion with hysteresis and
/// lock-out, mounting-offset learning while riding straight, standstill gate. The output picks, in order: frozen
/// (standing still), GPS course (moving; advanced between fixes by the gyroscope or the course rate), compass, a held value
/// for a few seconds, unknown. That is the compass-only path, for boards without a gyroscope.
///
/// With a live gyroscope the heading comes from the `OrientationFilter` instead (gyroscope integration, tilt
/// from the accelerometer, heading from the field when it is the Earth's, the GPS course as one more weighted
/// measurement), and `GyroHeadingState` decides what is published. Never reads a clock.
public struct HeadingEstimator: Sendable {
    public let configuration: HeadingConfiguration
    /// The current output; updated on every magnetometer reading, GPS fix and source change.
    public internal(set) var estimate = HeadingEstimate()

    var filter: AdaptiveHeadingFilter
    var gate: DisturbanceGate
    /// The compass-only path's running statistics, for an honest accuracy, and its latest trusted reading.
    var quality = CompassQuality()
    var lastCompassReading: Angle?
    /// The latest reading's tilt-compensated heading with the compass path's "down" (magnetic), gated or not.
    var fieldReading: (time: Timestamp, heading: Angle)?
    var fusion: CourseFusion
    /// Which fixes sample the mounting offset, and the compass-only path's offset state (the gyroscope path's
    /// is the orientation filter's own, `orientation.offset`).
    var sampler: MountingOffsetSampler
    var compassOffset: MountingOffsetState
    var standstill: StandstillGate
    /// "Down" for the compass-only path: the specific force low-passed in a frame the field turns.
    var fieldGravity: FieldTurnedGravity
    var gravity: Vector3?
    var gravityTime: Timestamp?
    /// Whether any fix has told the vehicle's speed (until then nothing says whether it is settled).
    var gpsMotionSeen = false
    var lastMagnetometerTime: Timestamp?
    var magnetometerAvailable = true
    var compassTrusted = false
    var levelAssumed = true
    var externalAccuracy: Double?
    var decimalYear: Double?
    var fieldPlace: (coordinate: GeoCoordinate, year: Double)?
    /// The compass (vehicle frame, true when possible) at the time of the fix whose course drives the heading.
    var courseReference: (fixTime: Timestamp, gyroYaw: YawReading?)?
    var frozen: Heading?
    var releaseSince: Timestamp?
    var lastGood: (heading: Heading, time: Timestamp, gyroYaw: YawReading?)?
    var yaw = YawIntegrator()
    /// The last two fixes with a speed, for the vehicle's own acceleration (removed from the accelerometer).
    var motion: (time: Timestamp, speed: Double, acceleration: Double)?
    /// Recent trusted compass headings (every 0.1 s, the last few seconds), to roll back to when a disturbance is
    /// noticed: a magnet's field grows for a while before the gate trips, and pulls the heading with it.
    var history: [(time: Timestamp, heading: Heading, gyroYaw: YawReading?)] = []
    var wasDisturbed = false
    /// The vehicle's turn rate from the last two fixes at walking speed or more (°/s), and the last such course.
    var turnRate: (fixTime: Timestamp, degreesPerSecond: Double)?
    var lastCourse: (time: Timestamp, degrees: Double)?
    /// The recent courses at walking speed or more, and those that drove the heading, to measure rates from.
    var movingCourses = RecentCourses()
    var drivingCourses = RecentCourses()
    /// The course rate between the last two driving fixes (°/s), to advance the course when the compass is out.
    var courseRate: (fixTime: Timestamp, degreesPerSecond: Double)?
    /// The turn since the driving fix that the sideways acceleration shows beyond the course rate, and the
    /// mounting offset its force is read with (degrees).
    var lateral: LateralTurnSensor
    var lateralOffsetDegrees = 0.0
    /// Whether the vehicle is backing up (its sideways force then turns the other way).
    var direction = TravelDirection()
    /// The course is carried on at the last fixes' rate for at most this long after a fix (seconds); a fix missed
    /// beyond that leaves the heading where it got to rather than guessing on.
    static let courseRateCarrySeconds = 1.5
    /// The gyro-driven orientation filter and its state machine (used while a gyroscope is live).
    var orientation: OrientationFilter
    /// The field's heading against the gyroscope's, for the mounting offset (gyroscope path).
    var fieldAgainstGyroscope = FieldAgainstGyroscope()
    var gyroState = GyroHeadingState.unknown
    var lastGyroscopeTime: Timestamp?
    var orientationInitialisedAt: Timestamp?
    var orientationDisturbedAt: Timestamp?
    /// The state of the gyro-driven path (`.unknown` on a board without a gyroscope).
    public var gyroscopeState: GyroHeadingState { gyroState }

    /// The slowest gyroscope the estimator uses: readings further apart are taken for a gyroscope that went away.
    public static var gyroscopeMinimumHertz: Double { 1 / YawIntegrator.defaultMaximumGapSeconds }

    public init(configuration: HeadingConfiguration = HeadingConfiguration()) {
        self.configuration = configuration
        filter = AdaptiveHeadingFilter(tuning: configuration.filter)
        gate = configuration.disturbance
        fusion = CourseFusion(settings: configuration.course)
        sampler = MountingOffsetSampler(settings: configuration.mountingOffset)
        compassOffset = MountingOffsetState(
            parameters: configuration.orientation.mountingOffset,
            initialDegrees: configuration.initialMountingOffsetDegrees)
        standstill = StandstillGate(settings: configuration.standstill)
        fieldGravity = FieldTurnedGravity(parameters: configuration.compassGravity)
        lateral = LateralTurnSensor(settings: configuration.lateralTurn)
        orientation = OrientationFilter(parameters: configuration.orientation)
        orientation.calibrated = configuration.calibration != nil
        orientation.startOffset(atDegrees: configuration.initialMountingOffsetDegrees)
        decimalYear = configuration.fallbackDecimalYear.flatMap { $0.isFinite && abs($0) < 10_000 ? $0 : nil }
        if let here = configuration.fallbackCoordinate, here.isValid { refreshField(at: here, altitudeMetres: nil) }
    }

    /// Feeds one event (in time order). Magnetometer readings are in µT, body frame, uncalibrated.
    public mutating func apply(_ event: SensorEvent) {
        switch event {
        case .magnetometer(let s):
            lastMagnetometerTime = s.time
            magnetometerAvailable = true
            externalAccuracy = nil
            processMagnetometer(s)
            if gyroscopeLive(at: s.time) {
                orientationMagnetometer(s)
                publishOrientation(at: s.time)
            } else {
                publish(at: s.time)
            }
        case .accelerometer(let s):
            processAccelerometer(s)
            // The vehicle's own acceleration, known from GPS, is not gravity: taken out before the tilt sees it.
            let force = configuration.mount * s.metresPerSecondSquared - vehicleAcceleration(at: s.time)
            orientation.accelerometer(force, at: s.time)
        case .gyroscope(let s):
            let down = gravity.flatMap { TiltCompensation.down(fromSpecificForce: $0) } ?? TiltCompensation.levelDown
            yaw.add(
                configuration.mount * s.radiansPerSecond, down: down, at: s.time, atRest: standstill.isStandingStill)
            orientation.gyroscope(configuration.mount * s.radiansPerSecond, at: s.time)
            lastGyroscopeTime = s.time
            // The gyroscope is the fastest sensor: publishing on its readings keeps the heading no older than one
            // of them (at 500 °/s, a heading 25 ms old is 12° off).
            if gyroscopeLive(at: s.time) { publishOrientation(at: s.time) }
        case .gpsFix(let fix):
            processFix(fix)
            if gyroscopeLive(at: fix.time) {
                orientationCourse(HeadingEstimator.sanitized(fix))
                publishOrientation(at: fix.time)
            } else {
                publish(at: fix.time)
            }
        case .gpsSky, .rideAction:
            break
        case .compassHeading(let t, let report):
            processExternalCompass(report, at: t)
            if gyroscopeLive(at: t) {
                // An external compass (a marine one through gpsd) is one more heading measurement.
                if let h = report.usableHeading {
                    let m =
                        h.reference == .trueNorth
                        ? h.direction.rotated(by: -(estimate.declinationDegrees ?? 0)) : h.direction
                    orientation.headingMeasurement(
                        m.degrees, varianceDegrees2: max(1, h.accuracyDegrees * h.accuracyDegrees),
                        independentOfField: true)
                }
                publishOrientation(at: t)
            } else {
                publish(at: t)
            }
        case .sourceStatus(let t, let status):
            switch status.source {
            case .magnetometer:
                magnetometerAvailable = status.available
                if !status.available { compassTrusted = false }
            case .accelerometer:
                if !status.available {
                    gravity = nil
                    fieldGravity.reset()
                }
            case .gyroscope:
                // The yaw integrator stops counting a gyroscope silent for a quarter second by itself.
                break
            case .gps:
                break
            }
            if gyroscopeLive(at: t) { publishOrientation(at: t) } else { publish(at: t) }
        }
    }

    // MARK: - Sensors

    mutating func processAccelerometer(_ s: AccelerometerSample) {
        var f = configuration.mount * s.metresPerSecondSquared
        guard f.isFinite else { return }
        // The sideways force before the vehicle's known acceleration is taken out: what it shows beyond the
        // course rate is the turn the fixes have not seen yet. The vehicle's forward axis is `offset` clockwise of
        // body x (0 until learned). When the learned offset moves by more than 10° from where the sensor learned,
        // the force was read along the wrong axis, and what it taught is forgotten.
        let offset = mountingOffset
        if abs(Angle(offset).signedDifference(to: Angle(lateralOffsetDegrees))) > 10 {
            lateral.restart()
            lateralOffsetDegrees = offset
        }
        let o = offset * .pi / 180
        lateral.add(sidewaysForce: f.y * cos(o) - f.x * sin(o), at: s.time)
        direction.add(forwardForce: f.x * cos(o) + f.y * sin(o))
        f = f - vehicleAcceleration(at: s.time)
        // What is left beyond 1 g is acceleration nobody measured: that, not the braking GPS saw, bends "down".
        quality.accelerometer(f, at: s.time)
        if let t = gravityTime, s.time.seconds(since: t) >= configuration.accelerometerTimeoutSeconds {
            fieldGravity.reset()
        }
        fieldGravity.accelerometer(f, at: s.time, accelerated: quality.isAccelerated)
        gravity = fieldGravity.specificForce
        gravityTime = s.time
    }

    /// True unless a fresh fix shows the vehicle moving or changing speed (then its own accelerations, only partly
    /// removed, bend the accelerometer's "down" by a few degrees). Without GPS, a handheld unit counts as settled.
    func isSettled(at t: Timestamp) -> Bool {
        guard let m = motion, t.seconds(since: m.time) < 2 else { return true }
        return m.speed <= 0.3 && m.acceleration == 0
    }

    /// True while the vehicle speeds up from a stop below course mode's speed: the compass is bent by that
    /// acceleration until GPS has measured it, so the heading frozen at the stop is kept a little longer.
    func isPullingAway(at t: Timestamp) -> Bool {
        guard frozen != nil, let m = motion, t.seconds(since: m.time) < 2 else { return false }
        return m.acceleration > 0 && m.speed < configuration.course.enterSpeed
    }

    /// The vehicle's own acceleration in the body frame (speeding up, braking, and v·ω towards the inside of a
    /// turn), which the accelerometer adds to gravity: left in, 1.5 m/s² while pulling away tilts "down" by 9°,
    /// and at a dip of 74° that is a heading error of tens of degrees. Zero without a fresh fix.
    func vehicleAcceleration(at t: Timestamp) -> Vector3 {
        guard let m = motion, t.seconds(since: m.time) < 2 else { return .zero }
        let age = max(0, t.seconds(since: m.time))
        let speed = max(0, m.speed + m.acceleration * min(age, 1))
        let along = speed > 0.2 ? m.acceleration : 0
        // Turn rate from GPS course only: the compass's own rate would feed back (a wrong rate tilts "down",
        // which turns the compass, which changes its rate).
        var rate = 0.0
        if let c = turnRate, t.seconds(since: c.fixTime) < 2 { rate = c.degreesPerSecond }
        let across = speed * rate * .pi / 180
        // The device may sit turned on the vehicle: the learned offset is course − compass = vehicle − device, so
        // the vehicle's forward axis lies `offset` degrees clockwise of body x.
        let o = mountingOffset * .pi / 180
        return Vector3(x: along * cos(o) - across * sin(o), y: along * sin(o) + across * cos(o), z: 0)
    }

    mutating func processMagnetometer(_ s: MagnetometerSample) {
        let raw = configuration.mount * s.microtesla
        guard raw.isFinite else { return }
        let b = configuration.calibration?.apply(raw) ?? raw
        // The sensor's rotation since the last reading, as the field shows it, turns the low-passed "down" too.
        fieldGravity.magnetometer(b)
        if gravity != nil { gravity = fieldGravity.specificForce }
        var down = TiltCompensation.levelDown
        var gravityTrusted = false
        levelAssumed = true
        if let g = gravity, let gt = gravityTime,
            s.time.seconds(since: gt) <= configuration.accelerometerTimeoutSeconds,
            let d = TiltCompensation.down(fromSpecificForce: g)
        {
            down = d
            levelAssumed = false
            gravityTrusted = abs(g.length - 9.80665) / 9.80665 <= configuration.gravityTolerance
        }
        guard let (heading, dip) = TiltCompensation.heading(field: b, down: down) else {
            compassTrusted = false
            quality.magnetometer(normMicrotesla: b.length, dipDegrees: nil, innovationDegrees: nil, at: s.time)
            return
        }
        if !levelAssumed { fieldReading = (s.time, heading) }
        let settledNow = gpsMotionSeen ? isSettled(at: s.time) : nil
        let modelDip =
            configuration.calibration?.dipIsMeaningful ?? false ? estimate.field?.inclinationDegrees : nil
        quality.magnetometer(
            normMicrotesla: b.length, dipDegrees: levelAssumed ? nil : dip,
            innovationDegrees: filter.angle.map { $0.signedDifference(to: heading) }, at: s.time, settled: settledNow,
            modelDipDegrees: modelDip)
        var expectedMagnitude: Double?
        if let cal = configuration.calibration {
            expectedMagnitude = cal.fieldRadiusMicrotesla
            if let calField = cal.expectedFieldMicrotesla, let here = estimate.field?.totalMicrotesla, calField > 0 {
                expectedMagnitude = cal.fieldRadiusMicrotesla * here / calField
            }
        }
        // The dip check needs the true "down": not while the vehicle moves or changes speed, when its own
        // accelerations (only partly removed) tilt the measured down by a few degrees. The strength check needs
        // no down and stays.
        // Uncalibrated, the raw field's direction is bent by hard iron: its dip says nothing about magnets. Nor
        // does it after a level calibration that could not place the vertical hard iron (no WMM at the time).
        let dipMeaningful = configuration.calibration?.dipIsMeaningful ?? false
        let settled = isSettled(at: s.time)  // outside `&&`, whose closure would copy self
        let expectedDip = gravityTrusted && settled && dipMeaningful ? estimate.field?.inclinationDegrees : nil
        if gate.isDisturbed(
            at: s.time, magnitude: b.length, expectedMagnitude: expectedMagnitude, dip: dip, expectedDip: expectedDip)
        {
            // A reading the gate rejected: the mounting-offset samples near it saw the edges of that field. (With
            // a gyroscope `FieldAgainstGyroscope`'s verdict tells the sampler instead.)
            let gyroscope = gyroscopeLive(at: s.time)
            if gate.lastDisturbance == s.time, !gyroscope { sampler.disturbance(at: s.time) }
            compassTrusted = false
            return
        }
        filter.update(heading, at: s.time)
        lastCompassReading = heading
        compassTrusted = true
    }

    mutating func processExternalCompass(_ report: HeadingReport, at t: Timestamp) {
        guard let h = report.usableHeading else {
            compassTrusted = false
            return
        }
        lastMagnetometerTime = t
        magnetometerAvailable = true
        levelAssumed = false
        externalAccuracy = h.accuracyDegrees
        // The filter works in magnetic degrees; a true report is turned back with the declination we use.
        let magnetic =
            h.reference == .trueNorth ? h.direction.rotated(by: -(estimate.declinationDegrees ?? 0)) : h.direction
        filter.update(magnetic, at: t)
        compassTrusted = true
    }

    mutating func processFix(_ raw: GPSFix) {
        let fix = HeadingEstimator.sanitized(raw)
        if let utc = fix.utcSeconds, utc.isFinite, fix.mode >= .twoD { decimalYear = DecimalYear.from(utcSeconds: utc) }
        if fix.mode >= .twoD, let here = fix.coordinate, here.isValid {
            refreshField(at: here, altitudeMetres: fix.altitudeMetres)
        }
        standstill.update(fix)
        // A report without a speed (gpsd passes GGA and RMC on as two) says nothing about the motion, the course or
        // the mounting offset: all of that waits for the next fix with one.
        if fix.mode >= .twoD, fix.speedMetresPerSecond == nil { return }
        if let v = fix.speedMetresPerSecond, v.isFinite, fix.mode >= .twoD {
            var a = 0.0
            if let m = motion, case let dt = fix.time.seconds(since: m.time), dt > 0.2, dt < 3 {
                a = (v - m.speed) / dt
            }
            // GPS speed noise (~0.1 m/s) differenced over a second looks like ±0.15 m/s² of acceleration, which the
            // compass would turn into degrees: small values are shrunk to zero, real ones kept.
            motion = (fix.time, v, max(-6, min(6, MotionMath.shrink(a, by: 0.2))))
            gpsMotionSeen = true
            direction.fix(speed: v, course: fix.courseDegrees, at: fix.time)
            lateral.reversing = direction.reversing
            if let c1 = fix.courseDegrees, v >= 1, let rate = movingCourses.rate(to: c1, at: fix.time) {
                turnRate = (fix.time, max(-60, min(60, MotionMath.shrink(rate, by: 3))))
            } else {
                turnRate = nil
            }
            lastCourse = fix.courseDegrees.flatMap { v >= 1 ? (fix.time, $0) : nil }
            if let c = lastCourse { movingCourses.add(c.degrees, at: c.time) } else { movingCourses.removeAll() }
        } else {
            motion = nil
            turnRate = nil
            lastCourse = nil
            movingCourses.removeAll()
        }
        fusion.update(fix)
        // The device's heading to learn the mounting offset against: with a gyroscope, the field's alone (checked
        // against the gyroscope's turn, `FieldAgainstGyroscope`); without, the compass path's gated compass.
        let device =
            gyroscopeLive(at: fix.time) ? fieldHeading(at: fix.time) : compassVehicle(at: fix.time)?.withoutOffset
        let teaches =
            (configuration.calibration != nil || externalAccuracy != nil) && estimate.declinationDegrees != nil
        let fieldSigma = configuration.orientation.mountingOffset.fieldSampleSigmaDegrees
        let courseSigma = courseAccuracy(fix)
        sampler.observe(
            fix: fix, compass: teaches ? device : nil,
            noiseDegrees2: courseSigma * courseSigma + fieldSigma * fieldSigma)
        if fix.mode >= .twoD, fix.courseDegrees != nil,
            (fix.speedMetresPerSecond ?? 0) >= configuration.orientation.courseMinimumSpeedMetresPerSecond
        {
            // Riding: the compass path's mount may creep (the filter's is let creep with its course measurement).
            compassOffset.ride(at: fix.time)
        }
        for sample in sampler.takeReady() where configuration.vehicle.courseIsHeading {
            // Course − the field's device heading measures the offset: in the filter whose heading it shares an
            // error with, or in the compass path's own state.
            if usesOrientationOffset {
                orientation.offsetSample(sample.degrees, noiseDegrees2: sample.noise)
            } else {
                var none = Double.infinity
                _ = compassOffset.sample(sample.degrees, noise: sample.noise, headingVariance: &none)
            }
        }
        if fix.mode >= .twoD {
            lateral.fix(courseDegrees: fix.courseDegrees, speed: fix.speedMetresPerSecond, at: fix.time)
        }
        if let driving = fusion.drivingFix(at: fix.time), driving.time == fix.time {
            courseReference = (fix.time, yaw.yaw(at: fix.time))
            if let c1 = fix.courseDegrees, let rate = drivingCourses.rate(to: c1, at: fix.time) {
                // Course noise of a degree per fix makes a straight line look like a ±1.5 °/s turn: rates that small
                // are shrunk to nothing instead of being extrapolated.
                courseRate = (fix.time, max(-45, min(45, MotionMath.shrink(rate, by: 2))))
            } else {
                courseRate = nil
            }
            if let c1 = fix.courseDegrees { drivingCourses.add(c1, at: fix.time) }
            lateral.carry(
                rate: courseRate?.degreesPerSecond, speed: fix.speedMetresPerSecond,
                until: fix.time.adding(seconds: Self.courseRateCarrySeconds))
        } else if fusion.drivingFix(at: fix.time) == nil {
            drivingCourses.removeAll()
        }
    }

    /// The fix with every non-finite or impossible value dropped (the GPSFix contract says optionals are never
    /// NaN; a misbehaving source must still not reach `Angle`'s finite-only initialiser or the calendar).
    static func sanitized(_ raw: GPSFix) -> GPSFix {
        var f = raw
        func finite(_ v: Double?) -> Double? { v.flatMap { $0.isFinite ? $0 : nil } }
        f.speedMetresPerSecond = finite(f.speedMetresPerSecond).flatMap { $0 >= 0 ? $0 : nil }
        f.courseDegrees = finite(f.courseDegrees)
        f.altitudeMetres = finite(f.altitudeMetres)
        f.speedErrorMetresPerSecond = finite(f.speedErrorMetresPerSecond)
        f.courseErrorDegrees = finite(f.courseErrorDegrees)
        // 1970…2200: anything else is a receiver without a date, not a date.
        f.utcSeconds = finite(f.utcSeconds).flatMap { $0 > 0 && $0 < 7.3e9 ? $0 : nil }
        if let c = f.coordinate, !c.isValid { f.coordinate = nil }
        return f
    }

    mutating func refreshField(at here: GeoCoordinate, altitudeMetres: Double?) {
        let year = decimalYear ?? configuration.model.epoch
        if let place = fieldPlace,
            GreatCircle.distance(from: place.coordinate, to: here) < configuration.declinationRefreshKilometres * 1000,
            abs(place.year - year) < 0.05
        {
            return
        }
        let field = configuration.model.field(
            at: here, altitudeKilometres: (altitudeMetres ?? 0) / 1000, decimalYear: year)
        guard field.declinationDegrees.isFinite, field.totalNanotesla.isFinite else { return }
        fieldPlace = (here, year)
        estimate.field = field
        estimate.declinationDegrees = field.declinationDegrees
    }
}
