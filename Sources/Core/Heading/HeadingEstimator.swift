import Foundation

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
/// (standing still), GPS course (moving; between fixes advanced by the compass's turn), compass, a held value
/// for a few seconds, unknown. Gyroscope events are accepted and not used yet. Never reads a clock.
public struct HeadingEstimator: Sendable {
    public let configuration: HeadingConfiguration
    /// The current output; updated on every magnetometer reading, GPS fix and source change.
    public private(set) var estimate = HeadingEstimate()

    var filter: AdaptiveHeadingFilter
    var gate: DisturbanceGate
    var fusion: CourseFusion
    var learner: MountingOffsetLearner
    var standstill: StandstillGate
    var gravity: Vector3?
    var gravityTime: Timestamp?
    var lastMagnetometerTime: Timestamp?
    var magnetometerAvailable = true
    var compassTrusted = false
    var levelAssumed = true
    var externalAccuracy: Double?
    var decimalYear: Double?
    var fieldPlace: (coordinate: GeoCoordinate, year: Double)?
    /// The compass (vehicle frame, true when possible) at the time of the fix whose course drives the heading.
    var courseReference: (fixTime: Timestamp, compass: Angle?)?
    var frozen: Heading?
    var releaseSince: Timestamp?
    var lastGood: (heading: Heading, time: Timestamp)?
    /// The last two fixes with a speed, for the vehicle's own acceleration (removed from the accelerometer).
    var motion: (time: Timestamp, speed: Double, acceleration: Double)?
    /// Recent trusted compass headings (every 0.1 s, the last few seconds), to roll back to when a disturbance is
    /// noticed: a magnet's field grows for a while before the gate trips, and pulls the heading with it.
    var history: [(time: Timestamp, heading: Heading)] = []
    var wasDisturbed = false
    /// The vehicle's turn rate from the last two fixes at walking speed or more (°/s), and the last such course.
    var turnRate: (fixTime: Timestamp, degreesPerSecond: Double)?
    var lastCourse: (time: Timestamp, degrees: Double)?
    /// The course rate between the last two driving fixes (°/s), to advance the course when the compass is out.
    var courseRate: (fixTime: Timestamp, degreesPerSecond: Double)?

    public init(configuration: HeadingConfiguration = HeadingConfiguration()) {
        self.configuration = configuration
        filter = AdaptiveHeadingFilter(tuning: configuration.filter)
        gate = configuration.disturbance
        fusion = CourseFusion(settings: configuration.course)
        learner = MountingOffsetLearner(
            settings: configuration.mountingOffset, initialOffsetDegrees: configuration.initialMountingOffsetDegrees)
        standstill = StandstillGate(settings: configuration.standstill)
        decimalYear = configuration.fallbackDecimalYear
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
            publish(at: s.time)
        case .accelerometer(let s):
            processAccelerometer(s)
        case .gyroscope:
            break
        case .gpsFix(let fix):
            processFix(fix)
            publish(at: fix.time)
        case .gpsSky:
            break
        case .compassHeading(let t, let report):
            processExternalCompass(report, at: t)
            publish(at: t)
        case .sourceStatus(let t, let status):
            switch status.source {
            case .magnetometer:
                magnetometerAvailable = status.available
                if !status.available { compassTrusted = false }
            case .accelerometer:
                if !status.available { gravity = nil }
            case .gps:
                break
            }
            publish(at: t)
        }
    }

    // MARK: - Sensors

    mutating func processAccelerometer(_ s: AccelerometerSample) {
        var f = configuration.mount * s.metresPerSecondSquared
        guard f.isFinite else { return }
        f = f - vehicleAcceleration(at: s.time)
        if let g = gravity, let t = gravityTime, s.time.seconds(since: t) < configuration.accelerometerTimeoutSeconds {
            let dt = max(0, s.time.seconds(since: t))
            let a = dt / (configuration.gravitySmoothingSeconds + dt)
            gravity = g + (f - g) * a
        } else {
            gravity = f
        }
        gravityTime = s.time
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
        // The device may sit turned by the mounting offset: the vehicle's forward axis is then −offset from body x.
        let o = -(learner.offsetDegrees ?? 0) * .pi / 180
        return Vector3(x: along * cos(o) - across * sin(o), y: along * sin(o) + across * cos(o), z: 0)
    }

    mutating func processMagnetometer(_ s: MagnetometerSample) {
        let raw = configuration.mount * s.microtesla
        guard raw.isFinite else { return }
        let b = configuration.calibration?.apply(raw) ?? raw
        var down = TiltCompensation.levelDown
        var gravityTrusted = false
        levelAssumed = true
        if let g = gravity, let gt = gravityTime, s.time.seconds(since: gt) <= configuration.accelerometerTimeoutSeconds,
            let d = TiltCompensation.down(fromSpecificForce: g)
        {
            down = d
            levelAssumed = false
            gravityTrusted = abs(g.length - 9.80665) / 9.80665 <= configuration.gravityTolerance
        }
        guard let (heading, dip) = TiltCompensation.heading(field: b, down: down) else {
            compassTrusted = false
            return
        }
        var expectedMagnitude: Double?
        if let cal = configuration.calibration {
            expectedMagnitude = cal.fieldRadiusMicrotesla
            if let calField = cal.expectedFieldMicrotesla, let here = estimate.field?.totalMicrotesla, calField > 0 {
                expectedMagnitude = cal.fieldRadiusMicrotesla * here / calField
            }
        }
        // The dip check needs the true "down": not while the vehicle moves, when its own accelerations (only
        // partly removed) tilt the measured down by a few degrees. The strength check needs no down and stays.
        let moving = motion.map { $0.speed > 0.5 && s.time.seconds(since: $0.time) < 2 } ?? false
        let expectedDip = gravityTrusted && !moving ? estimate.field?.inclinationDegrees : nil
        if gate.isDisturbed(at: s.time, magnitude: b.length, expectedMagnitude: expectedMagnitude, dip: dip, expectedDip: expectedDip) {
            compassTrusted = false
            return
        }
        filter.update(heading, at: s.time)
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
        let magnetic = h.reference == .trueNorth ? h.direction.rotated(by: -(estimate.declinationDegrees ?? 0)) : h.direction
        filter.update(magnetic, at: t)
        compassTrusted = true
    }

    mutating func processFix(_ fix: GPSFix) {
        if let utc = fix.utcSeconds, utc.isFinite, fix.mode >= .twoD { decimalYear = DecimalYear.from(utcSeconds: utc) }
        if fix.mode >= .twoD, let here = fix.coordinate, here.isValid { refreshField(at: here, altitudeMetres: fix.altitudeMetres) }
        standstill.update(fix)
        if let v = fix.speedMetresPerSecond, v.isFinite, fix.mode >= .twoD {
            var a = 0.0
            if let m = motion, case let dt = fix.time.seconds(since: m.time), dt > 0.2, dt < 3 { a = (v - m.speed) / dt }
            // GPS speed noise (~0.1 m/s) differenced over a second looks like ±0.15 m/s² of acceleration, which the
            // compass would turn into degrees: small values are shrunk to zero, real ones kept.
            motion = (fix.time, v, max(-6, min(6, MotionMath.shrink(a, by: 0.2))))
            if let c1 = fix.courseDegrees, v >= 1, let prev = lastCourse, case let dt = fix.time.seconds(since: prev.time), dt > 0.2, dt < 3 {
                let rate = Angle(prev.degrees).signedDifference(to: Angle(c1)) / dt
                turnRate = (fix.time, max(-60, min(60, MotionMath.shrink(rate, by: 3))))
            } else {
                turnRate = nil
            }
            lastCourse = fix.courseDegrees.flatMap { v >= 1 ? (fix.time, $0) : nil }
        } else {
            motion = nil
            turnRate = nil
            lastCourse = nil
        }
        let previousDriving = fusion.drivingFix(at: fix.time)
        fusion.update(fix)
        let compassNow = compassVehicle(at: fix.time)
        // Learn only at steady speed: speeding up or braking tilts the accelerometer's "down" and bends the compass.
        let steady = abs(motion?.acceleration ?? 1) < 0.3
        if configuration.calibration != nil || externalAccuracy != nil, estimate.declinationDegrees != nil, steady,
            let c = compassNow?.withoutOffset
        {
            learner.observe(fix: fix, compass: c)
        }
        if let driving = fusion.drivingFix(at: fix.time), driving.time == fix.time {
            courseReference = (fix.time, compassVehicle(at: fix.time)?.angle)
            if let prev = previousDriving, let c0 = prev.courseDegrees, let c1 = fix.courseDegrees,
                case let dt = fix.time.seconds(since: prev.time), dt > 0.2, dt < 3
            {
                let rate = Angle(c0).signedDifference(to: Angle(c1)) / dt
                // Course noise of a degree per fix makes a straight line look like a ±1.5 °/s turn: rates that small
                // are shrunk to nothing instead of being extrapolated.
                courseRate = (fix.time, max(-45, min(45, MotionMath.shrink(rate, by: 2))))
            } else {
                courseRate = nil
            }
        }
    }

    mutating func refreshField(at here: GeoCoordinate, altitudeMetres: Double?) {
        let year = decimalYear ?? configuration.model.epoch
        if let place = fieldPlace,
            GreatCircle.distance(from: place.coordinate, to: here) < configuration.declinationRefreshKilometres * 1000,
            abs(place.year - year) < 0.05
        {
            return
        }
        let field = configuration.model.field(at: here, altitudeKilometres: (altitudeMetres ?? 0) / 1000, decimalYear: year)
        fieldPlace = (here, year)
        estimate.field = field
        estimate.declinationDegrees = field.declinationDegrees
    }

    // MARK: - Output

    /// The compass heading of the vehicle: filtered, declination and mounting offset applied.
    func compassVehicle(at t: Timestamp) -> (angle: Angle, withoutOffset: Angle, accuracy: Double)? {
        guard compassTrusted, !compassLost(at: t), let m = filter.angle else { return nil }
        let trueAngle = m.rotated(by: estimate.declinationDegrees ?? 0)
        let offset = learner.offsetDegrees ?? 0
        var terms = [max(filter.sigmaDegrees ?? 1, 0.2)]
        if let external = externalAccuracy {
            terms.append(external)
        } else if let cal = configuration.calibration {
            // A relative radius error r tilts the corrected field by up to about r radians.
            terms.append(max(0.5, (cal.quality?.residualPercent ?? 1) / 100 * 180 / .pi))
            terms.append(levelAssumed ? configuration.levelAssumedAccuracyDegrees : 0.5)
        } else {
            terms.append(configuration.uncalibratedAccuracyDegrees)
            terms.append(levelAssumed ? configuration.levelAssumedAccuracyDegrees : 0.5)
        }
        if let h = estimate.field?.horizontalNanotesla, h > 0 {
            // Approximate WMM declination error model: a fixed part plus one growing as H shrinks.
            let d = (0.26 * 0.26 + (5625 / h) * (5625 / h)).squareRoot()
            terms.append(d)
        }
        let accuracy = terms.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return (trueAngle.rotated(by: offset), trueAngle, accuracy)
    }

    func compassLost(at t: Timestamp) -> Bool {
        guard magnetometerAvailable, let last = lastMagnetometerTime else { return true }
        return t.seconds(since: last) > configuration.compassTimeoutSeconds
    }

    mutating func publish(at t: Timestamp) {
        var flags: HeadingFlags = []
        let reference: NorthReference = estimate.declinationDegrees == nil ? .magneticNorth : .trueNorth
        if configuration.calibration == nil && externalAccuracy == nil { flags.insert(.uncalibrated) }
        if levelAssumed && externalAccuracy == nil { flags.insert(.levelAssumed) }
        if let last = gate.lastDisturbance, t.seconds(since: last) < gate.holdSeconds { flags.insert(.disturbed) }
        if compassLost(at: t) { flags.insert(.compassLost) }
        if reference == .magneticNorth { flags.insert(.magneticOnly) }
        if decimalYear == nil { flags.insert(.dateAssumed) }
        for w in estimate.field?.warnings ?? [] {
            switch w {
            case .dateOutsideValidity: flags.insert(.modelOutOfDate)
            case .nearMagneticPoleCaution, .nearMagneticPoleBlackout: flags.insert(.nearMagneticPole)
            }
        }
        let compass = compassVehicle(at: t)
        estimate.compassMagnetic = compassTrusted && !compassLost(at: t) ? filter.angle : nil
        estimate.mountingOffsetDegrees = learner.offsetDegrees
        let drivingFix = fusion.drivingFix(at: t)
        estimate.course = drivingFix.flatMap { $0.courseDegrees.flatMap { Angle(degrees: $0) } }

        let disturbedNow = flags.contains(.disturbed)
        if disturbedNow && !wasDisturbed,
            let before = history.last(where: {
                let age = t.seconds(since: $0.time)
                return age >= configuration.rollbackSeconds && age <= configuration.rollbackSeconds + 1
            })
        {
            lastGood = (before.heading, t)
            if frozen != nil { frozen?.direction = before.heading.direction }
            history.removeAll()
        }
        wasDisturbed = disturbedNow

        var heading: Heading?
        if standstill.isStandingStill, let held = frozen ?? estimate.heading {
            var f = held
            f.source = .frozen
            if let c = compass, abs(f.direction.signedDifference(to: c.angle)) > configuration.standstillReleaseDegrees {
                // Someone turned the device on the spot: follow once the disagreement has lasted.
                let since = releaseSince ?? t
                releaseSince = since
                if t.seconds(since: since) >= configuration.standstillReleaseSeconds {
                    f.direction = c.angle
                    f.accuracyDegrees = c.accuracy
                    releaseSince = nil
                }
            } else {
                releaseSince = nil
                if let c = compass {
                    // At rest the compass is at its best (no vehicle acceleration tilts "down"): let the frozen
                    // value settle onto it over a few seconds, too slowly for the map to be seen turning.
                    let dt = max(0, min(1, t.seconds(since: estimate.time ?? t)))
                    let diff = f.direction.signedDifference(to: c.angle)
                    f.direction = f.direction.rotated(by: diff * min(1, dt / configuration.standstillSettleSeconds))
                    f.accuracyDegrees = max(c.accuracy, abs(diff))
                }
            }
            frozen = f
            heading = f
            flags.insert(.standingStill)
            estimate.standstillAnchor = standstill.anchor
        } else {
            frozen = nil
            releaseSince = nil
            estimate.standstillAnchor = nil
            if let fix = drivingFix, let course = fix.courseDegrees.flatMap({ Angle(degrees: $0) }) {
                var direction = course
                // Between fixes the compass's turn since the fix advances the course (if it was trusted then too).
                let age = t.seconds(since: fix.time)
                if configuration.courseBetweenFixes == .compassTurn, let ref = courseReference, ref.fixTime == fix.time,
                    let then = ref.compass, let now = compass?.angle, abs(then.signedDifference(to: now)) < 90
                {
                    direction = course.rotated(by: then.signedDifference(to: now))
                } else if configuration.courseBetweenFixes != .hold, let rate = courseRate, rate.fixTime == fix.time, age < 1.5 {
                    // No compass: keep turning at the rate the last two fixes showed.
                    direction = course.rotated(by: rate.degreesPerSecond * age)
                }
                heading = Heading(direction: direction, reference: .trueNorth, accuracyDegrees: courseAccuracy(fix), source: .gpsCourse)
            } else if let c = compass {
                heading = Heading(direction: c.angle, reference: reference, accuracyDegrees: c.accuracy, source: .compass)
            } else if let good = lastGood, t.seconds(since: good.time) <= configuration.holdSeconds {
                var h = good.heading
                // Nobody knows how far it turned since: widen the accuracy with the time held.
                h.accuracyDegrees += 4 * t.seconds(since: good.time)
                heading = h
                flags.insert(.held)
            }
            if let h = heading, !flags.contains(.held) { lastGood = (h, t) }
        }
        if let h = heading, !flags.contains(.held), !disturbedNow {
            if history.last.map({ t.seconds(since: $0.time) >= 0.1 }) ?? true { history.append((t, h)) }
            while let first = history.first, t.seconds(since: first.time) > configuration.rollbackSeconds + 1 { history.removeFirst() }
        }
        estimate.heading = heading
        estimate.flags = flags
        estimate.time = t
    }

    func courseAccuracy(_ fix: GPSFix) -> Double {
        if let e = fix.courseErrorDegrees, e.isFinite, e > 0 { return max(1, e) }
        let speed = max(fix.speedMetresPerSecond ?? 0.1, 0.1)
        let speedError = max(fix.speedErrorMetresPerSecond ?? 0.3, 0.1)
        return max(1, atan2(speedError, speed) * 180 / .pi)
    }
}

enum MotionMath {
    /// Soft threshold: moves `value` towards zero by `amount`, and to zero when it is smaller.
    static func shrink(_ value: Double, by amount: Double) -> Double {
        value < 0 ? min(0, value + amount) : max(0, value - amount)
    }
}
