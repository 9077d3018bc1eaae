// The output side of the heading pipeline: which source wins, with what accuracy and which flags.
extension HeadingEstimator {
    /// The compass heading of the vehicle: filtered, declination and mounting offset applied.
    func compassVehicle(at t: Timestamp) -> (angle: Angle, withoutOffset: Angle, accuracy: Double)? {
        guard compassTrusted, !compassLost(at: t), var m = filter.angle else { return nil }
        var averaged = true
        if externalAccuracy == nil, quality.isTurningOrShaken, let raw = lastCompassReading {
            // While the unit turns or shakes, the filter's turn rate overshoots every reversal (measured on BROAD's
            // handheld trials: twice the error of the readings themselves); the latest reading is the better guess.
            m = raw
            averaged = false
        }
        let trueAngle = m.rotated(by: estimate.declinationDegrees ?? 0)
        let offset = mountingOffset
        var terms = [max(filter.sigmaDegrees ?? 1, 0.2)]
        if externalAccuracy == nil {
            terms.append(quality.accuracyDegrees(filterNoiseDegrees: averaged ? filter.measurementNoiseDegrees : nil))
            // A steady field of another strength than expected (adopted by the gate) bends the direction by
            // about its difference over H: that much is added, at most 20°.
            let dip = min(80, abs(quality.dipDegrees ?? 60)) * .pi / 180
            terms.append(min(20, gate.disagreement / cos(dip) * 180 / .pi))
        }
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
        if let d = declinationErrorDegrees { terms.append(d) }
        if configuration.vehicle.courseIsHeading { terms.append(compassOffset.sigmaDegrees) }
        let accuracy = terms.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return (trueAngle.rotated(by: offset), trueAngle, accuracy)
    }

    /// WMM's declination error here (°): approximately a fixed part plus one growing as H shrinks; nil before
    /// a position is known.
    var declinationErrorDegrees: Double? {
        guard let h = estimate.field?.horizontalNanotesla, h > 0 else { return nil }
        return (0.26 * 0.26 + (5625 / h) * (5625 / h)).squareRoot()
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
        // Methods of self are called before `&&` and `||`, not inside them: their right-hand side is a closure, and
        // a closure over a mutating method's self copies the whole estimator (2 KB) on every event.
        let lost = compassLost(at: t)
        if lost { flags.insert(.compassLost) }
        if reference == .magneticNorth { flags.insert(.magneticOnly) }
        if decimalYear == nil { flags.insert(.dateAssumed) }
        for w in estimate.field?.warnings ?? [] {
            switch w {
            case .dateOutsideValidity: flags.insert(.modelOutOfDate)
            case .nearMagneticPoleCaution, .nearMagneticPoleBlackout: flags.insert(.nearMagneticPole)
            }
        }
        let compass = compassVehicle(at: t)
        estimate.compassMagnetic = compassTrusted && !lost ? filter.angle : nil
        estimate.mountingOffsetDegrees = reportedMountingOffset
        estimate.sidewaysForceGain = lateral.gain
        let drivingFix = fusion.drivingFix(at: t)
        estimate.course = drivingFix.flatMap { $0.courseDegrees.flatMap { Angle(degrees: $0) } }

        let disturbedNow = flags.contains(.disturbed)
        if disturbedNow && !wasDisturbed,
            let before = history.last(where: {
                // Only compass-borne values can have been bent by the magnet; a course was not.
                let age = t.seconds(since: $0.time)
                return age >= configuration.rollbackSeconds && age <= configuration.rollbackSeconds + 1
                    && $0.heading.source != .gpsCourse
            }),
            estimate.heading?.source != .gpsCourse
        {
            var h = before.heading
            // With a gyroscope, whatever it saw turn since then is real (a magnet does not turn a gyroscope).
            if let then = before.gyroYaw, let turn = yaw.yaw(at: t)?.turn(since: then) {
                h.direction = h.direction.rotated(by: turn)
            }
            lastGood = (h, t, yaw.yaw(at: t))
            if frozen != nil { frozen?.direction = h.direction }
            history.removeAll()
        }
        wasDisturbed = disturbedNow

        var heading: Heading?
        // On stopping, freeze the better of what was shown (a course at walking speed is noisy) and the compass.
        var startValue = estimate.heading
        if let c = compass, c.accuracy < (startValue?.accuracyDegrees ?? .infinity) {
            startValue = Heading(
                direction: c.angle, reference: reference, accuracyDegrees: c.accuracy, source: .compass)
        }
        let pullingAway = isPullingAway(at: t)
        if standstill.isStandingStill || pullingAway, let held = frozen ?? startValue {
            var f = held
            f.source = .frozen
            if !standstill.isStandingStill, let course = lastCourse, t.seconds(since: course.time) < 2,
                let direction = Angle(degrees: course.degrees),
                abs(f.direction.signedDifference(to: direction)) > configuration.standstillReleaseDegrees
            {
                // Pulling away into a turn: GPS already shows the vehicle going elsewhere (at walking speed or more,
                // its course means something), so the heading frozen at the stop is out of date. Follow the course.
                f.direction = direction
                f.accuracyDegrees = max(f.accuracyDegrees, configuration.standstillReleaseDegrees / 2)
                releaseSince = nil
            } else if let c = compass,
                abs(f.direction.signedDifference(to: c.angle)) > configuration.standstillReleaseDegrees
            {
                // Someone turned the device on the spot: follow once the disagreement has lasted. Until then the
                // held value is no better than the disagreement says, and its accuracy shows it.
                f.accuracyDegrees = max(f.accuracyDegrees, abs(f.direction.signedDifference(to: c.angle)))
                let since = releaseSince ?? t
                releaseSince = since
                if t.seconds(since: since) >= configuration.standstillReleaseSeconds {
                    f.direction = c.angle
                    f.accuracyDegrees = c.accuracy
                    releaseSince = nil
                }
            } else {
                releaseSince = nil
                if let c = compass, isSettled(at: t) {
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
            if standstill.isStandingStill {
                flags.insert(.standingStill)
                estimate.standstillAnchor = standstill.anchor
            } else {
                estimate.standstillAnchor = nil
            }
        } else {
            frozen = nil
            releaseSince = nil
            estimate.standstillAnchor = nil
            if let fix = drivingFix, let course = fix.courseDegrees.flatMap({ Angle(degrees: $0) }) {
                var direction = course
                var accuracy = courseAccuracy(fix)
                var extrapolated = false
                var gyroscopeTurned = false
                // Between fixes the course is carried on: by the gyroscope's turn since the fix when there is one,
                // else at the rate the last two fixes showed.
                let age = t.seconds(since: fix.time)
                let carriedFor = min(age, Self.courseRateCarrySeconds)
                if let ref = courseReference, ref.fixTime == fix.time, let then = ref.gyroYaw,
                    let turn = yaw.yaw(at: t)?.turn(since: then), abs(turn) < 120
                {
                    // The gyroscope's turn since the fix: exact at the start and end of turns, where rates mislead.
                    direction = course.rotated(by: turn)
                    gyroscopeTurned = true
                } else if let rate = courseRate, rate.fixTime == fix.time,
                    fusion.isFast || age < Self.courseRateCarrySeconds
                {
                    // For at most `courseRateCarrySeconds`, plus the turn the sideways acceleration shows beyond that
                    // rate (zero when it cannot tell). A fix missed at speed leaves the heading where it got to; while
                    // slowing to a stop (the course only locked in), the last course itself is the better guess.
                    direction = course.rotated(by: rate.degreesPerSecond * carriedFor + lateral.extraTurnDegrees)
                    extrapolated = true
                }
                // A course carried on at the last fixes' rate is only as good as the guess that the turn goes on: it may
                // end (or another begin) any moment before the next fix, on average halfway, so the carried part is
                // uncertain by about half of itself. And a trusted compass sees a turn start or end at once (bent as
                // it is by the turn's own sideways acceleration): where it and the course disagree, the truth lies
                // about between them. A gyroscope's turn needs neither: it is better than the bent compass. Without
                // these, the HUD claimed ±1° at turn starts and ends where the error was 6.5° RMS (the heading
                // benchmark's breakdown: the accuracy covered the error 16 % of the time there; 86 % now, with them
                // and the sideways acceleration's turn).
                if extrapolated, let rate = courseRate {
                    // Half the turn carried, measured or guessed, and all of what the rate would have added since a
                    // missed fix.
                    let carried =
                        0.5 * abs(rate.degreesPerSecond * carriedFor + lateral.extraTurnDegrees)
                        + abs(rate.degreesPerSecond) * (age - carriedFor)
                    accuracy = (accuracy * accuracy + carried * carried).squareRoot()
                }
                if !gyroscopeTurned, let c = compass {
                    accuracy = max(accuracy, abs(direction.signedDifference(to: c.angle)) / 2)
                }
                heading = Heading(
                    direction: direction, reference: .trueNorth, accuracyDegrees: accuracy, source: .gpsCourse)
            } else if let c = compass {
                heading = Heading(
                    direction: c.angle, reference: reference, accuracyDegrees: c.accuracy, source: .compass)
            } else if let good = lastGood, t.seconds(since: good.time) <= configuration.holdSeconds,
                good.gyroYaw != nil || !quality.isTurningOrShaken
            {
                // Without a gyroscope, a unit being turned or shaken by hand is somewhere else a moment later:
                // holding its last heading showed 42° RMS on BROAD's tapping trial (24), so nothing is held then.
                var h = good.heading
                if let then = good.gyroYaw, let turn = yaw.yaw(at: t)?.turn(since: then) {
                    // The gyroscope follows the turns; only its drift widens the accuracy.
                    h.direction = h.direction.rotated(by: turn)
                    h.accuracyDegrees += 0.5 * t.seconds(since: good.time)
                } else {
                    // Nobody knows how far it turned since: widen the accuracy with the time held, at least as fast
                    // as the compass was turning when it was last trusted (a handheld unit keeps turning).
                    let rate = max(4, abs(filter.rateDegreesPerSecond), quality.spreadDegrees)
                    h.accuracyDegrees += rate * t.seconds(since: good.time)
                }
                heading = h
                flags.insert(.held)
            }
            if let h = heading, !flags.contains(.held) { lastGood = (h, t, yaw.yaw(at: t)) }
        }
        if let h = heading, !flags.contains(.held), !disturbedNow {
            if history.last.map({ t.seconds(since: $0.time) >= 0.1 }) ?? true { history.append((t, h, yaw.yaw(at: t))) }
            while let first = history.first, t.seconds(since: first.time) > configuration.rollbackSeconds + 1 {
                history.removeFirst()
            }
        }
        if let h = heading, h.source != .gpsCourse {
            // A compass this uncertain points nowhere in particular: no arrow rather than a confident wrong one.
            // The declination's own error (large near the magnetic poles, where the HUD warns of it) is left out:
            // the arrow still points the way magnetic north lies.
            let d = declinationErrorDegrees ?? 0
            let own = max(0, h.accuracyDegrees * h.accuracyDegrees - d * d).squareRoot()
            if own > configuration.maximumCompassAccuracyDegrees { heading = nil }
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
