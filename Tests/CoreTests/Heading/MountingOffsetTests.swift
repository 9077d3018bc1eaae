import Simulation
import Testing

@testable import Core

/// The mounting offset (course − device heading) on the heading benchmark's ride through town, cars passing,
/// with and without a gyroscope; and the offset's state and its sampler on their own.
@Suite struct MountingOffsetTests {
    struct Learning {
        /// When the offset first came within 2° of the mount's (s), how far it strayed after that, where it ended
        /// (errors against the mount, °), and the largest offset it ever applied.
        var firstWithin: Double?
        var worstAfter = 0.0
        var end: Double?
        var largest = 0.0
        var accuracyCoversOffset = true
    }

    static func learning(
        mount: Double, gyroscope: Bool, cars: Bool = true, turnedBy: (atSeconds: Double, degrees: Double)? = nil
    ) -> Learning {
        var ride = SimulatedRide.throughTown(seed: 22, cars: cars)
        ride.device.mountYawDegrees = mount
        ride.device.mountTurn = turnedBy
        ride.device.gyroscopeHz = gyroscope ? 50 : 0
        var config = RideRun.configuration(for: ride)
        config.fallbackCoordinate = ride.start
        var estimator = HeadingEstimator(configuration: config)
        var result = Learning()
        for e in ride.events() {
            estimator.apply(e)
            guard case .magnetometer(let m) = e else { continue }
            guard let o = estimator.estimate.mountingOffsetDegrees else {
                result.end = nil
                continue
            }
            // The device turned `mount` clockwise: course − device = −mount.
            let error = o + mount
            if result.firstWithin == nil, abs(error) <= 2 { result.firstWithin = m.time.seconds }
            if result.firstWithin != nil { result.worstAfter = max(result.worstAfter, abs(error)) }
            result.end = error
            result.largest = max(result.largest, abs(o))
        }
        return result
    }

    // The first straight runs from 4 s to 24 s, with cars passing at 10 and 18 s. The previous learner (commit
    // 652df39), measured with this calibration: with the gyroscope first within 2° at 41.6 s, 3.0° off at the
    // end, 3.2° at worst after; without, 40.6 s, 1.2°, 1.8°; a straight mount up to 1.9° and 1.3°.
    @Test(arguments: [true, false])
    func aTenDegreeMountIsLearnedOnTheFirstStraightThoughCarsPass(gyroscope: Bool) throws {
        let r = Self.learning(mount: 10, gyroscope: gyroscope)
        let first = try #require(r.firstWithin)
        #expect(first <= 24, "first within 2° at \(first) s")
        #expect(r.worstAfter <= 1, "worst after: \(r.worstAfter)°")
        let end = try #require(r.end)
        #expect(abs(end) <= 0.5, "at the end: \(end)°")
    }

    @Test(arguments: [true, false])
    func aStraightMountLearnsNoSpuriousOffset(gyroscope: Bool) {
        for cars in [true, false] {
            let r = Self.learning(mount: 0, gyroscope: gyroscope, cars: cars)
            // The target is 0.5°; the previous learner (beside the filter) reached 0.52° here.
            #expect(r.largest <= 0.5, "cars \(cars): largest offset \(r.largest)°")
        }
    }

    // Straightened at the light (the stop from 51 to 66 s): the last straight (77–97 s, cars at 78 and 90 s)
    // learns the new offset.
    @Test(arguments: [true, false])
    func aMountTurnedAtALightIsLearnedAgain(gyroscope: Bool) throws {
        let r = Self.learning(mount: 10, gyroscope: gyroscope, turnedBy: (55, -10))
        let end = try #require(r.end)
        // Errors are against the first mount: straightened, the offset should end at 0, 10° from it.
        #expect(abs(end - 10) <= 0.5, "at the end \(end - 10)° off the new mount")
    }

    @Test func aRunOfConsistentOutliersIsATurnedMount() {
        var state = MountingOffsetState()
        var noise = SeededRandom(seed: 5)
        var none = Double.infinity
        // Believed straight, the ride shows −10°: four agreeing outliers re-start the estimate (the prior is no
        // sample), the rest refine it.
        var outcomes: [MountingOffsetState.Outcome] = []
        for _ in 0..<30 {
            outcomes.append(state.sample(-10 + noise.gaussian(sigma: 0.8), noise: 2, headingVariance: &none).outcome)
        }
        #expect(Array(outcomes.prefix(4)) == [.rejected, .rejected, .rejected, .relearned], "\(outcomes)")
        #expect(abs(state.degrees + 10) < 0.5)
        // Cars: a few scattered outliers are rejected and change nothing.
        for s in [5.0, -30, 12] { #expect(state.sample(s, noise: 2, headingVariance: &none).outcome == .rejected) }
        #expect(abs(state.degrees + 10) < 0.5)
        // A hump as a car makes it (outliers that do not agree): no re-start, however long.
        for s in [-20.0, -26, -30, -28, -22, -17] {
            #expect(state.sample(s, noise: 2, headingVariance: &none).outcome == .rejected)
        }
        // The mount turned by 7°: eight samples in a row far from an estimate many confirmed, agreeing.
        outcomes = []
        for _ in 0..<8 {
            outcomes.append(state.sample(-3 + noise.gaussian(sigma: 0.8), noise: 2, headingVariance: &none).outcome)
        }
        #expect(outcomes.contains(.relearned), "\(outcomes)")
        #expect(abs(state.degrees + 3) < 1)
    }

    // The two states together: a course with the offset uncertain corrects the heading, and leaves them
    // correlated, so a later sample of the offset moves the heading too (the vehicle's heading, their sum, stays
    // where the course put it).
    @Test func aCourseCorrelatesTheHeadingWithTheOffset() throws {
        var filter = OrientationFilter()
        filter.accelerometer(Vector3(x: 0, y: 0, z: -9.81), at: Timestamp(seconds: 0))
        filter.headingMeasurement(30, varianceDegrees2: 4)
        let before = try #require(filter.headingDegrees)
        #expect(abs(before - 30) < 1e-9)
        // The course says the vehicle points at 32°: the offset, believed straight, is not moved by it.
        filter.courseMeasurement(32, varianceDegrees2: 1)
        let afterCourse = try #require(filter.headingDegrees)
        #expect(afterCourse > 30 && afterCourse < 32)
        #expect(filter.offset.degrees == 0)
        #expect(filter.offset.headingCovariance < 0)
        // A sample says the mount is 0.5° (the field's device heading 31.5°): the offset moves up, the heading
        // down.
        #expect(filter.offsetSample(0.5, noiseDegrees2: 0.5) == .accepted)
        let afterSample = try #require(filter.headingDegrees)
        #expect(filter.offset.degrees > 0)
        #expect(afterSample < afterCourse)
    }

    @Test func samplesNearADisturbanceAreDropped() {
        var sampler = MountingOffsetSampler()
        func fix(_ t: Double) -> GPSFix {
            GPSFix(time: Timestamp(seconds: t), mode: .threeD, speedMetresPerSecond: 6, courseDegrees: 80)
        }
        // Riding straight at 6 m/s, the device 10° clockwise of the course.
        for t in 0..<10 { sampler.observe(fix: fix(Double(t)), compass: Angle(90)) }
        let before = sampler.takeReady()
        #expect(before.count >= 5)
        #expect(sampler.observe(fix: fix(10), compass: Angle(97)) == .pending)
        // A field rejected half a second later: the sample at 10 s saw its edge.
        sampler.disturbance(at: Timestamp(seconds: 10.5))
        sampler.observe(fix: fix(11), compass: Angle(95))
        sampler.observe(fix: fix(13), compass: Angle(90))
        sampler.observe(fix: fix(15), compass: Angle(90))
        // The 9 s sample was handed over at 10 s and the 13 s one at 15 s; 10 s and 11 s were within 1 s of the
        // disturbance.
        let ready = sampler.takeReady()
        #expect(ready.count == 2)
        #expect(ready.allSatisfy { abs($0.degrees + 10) < 0.01 })
        #expect(sampler.takeReady().isEmpty)
    }

    @Test func badInputNeitherTrapsNorPilesUp() {
        var sampler = MountingOffsetSampler()
        var state = MountingOffsetState()
        var field = FieldAgainstGyroscope()
        var p = 1.0
        // Time running backwards, and values that are not numbers.
        for i in 0..<5_000 {
            let t = Timestamp(seconds: 1_000 - Double(i) * 0.02)
            let fix = GPSFix(time: t, mode: .threeD, speedMetresPerSecond: 6, courseDegrees: 80)
            sampler.observe(fix: fix, compass: Angle(90))
            sampler.observe(
                fix: GPSFix(time: t, mode: .threeD, speedMetresPerSecond: .nan, courseDegrees: .nan), compass: nil,
                noiseDegrees2: .nan)
            #expect(state.sample(.nan, noise: 1, headingVariance: &p).outcome == .unusable)
            #expect(state.sample(1, noise: -1, headingVariance: &p).outcome == .unusable)
            field.add(
                field: Self.field(heading: Double(i)), attitude: .identity, correctionSumDegrees: 0,
                fieldHeadingDegrees: nil, at: t)
            field.add(
                field: Vector3(x: .nan, y: 1, z: 1), attitude: .identity, correctionSumDegrees: .infinity,
                fieldHeadingDegrees: .nan, at: t)
            _ = field.level(at: t)
        }
        #expect(sampler.pending.count <= 16)
        #expect(sampler.ready.count <= 16)
        #expect(state.degrees.isFinite && state.variance.isFinite)
        #expect(field.readings.count <= FieldAgainstGyroscope.maximumReadings)
    }

    /// A reading's field in the body frame for a device level and pointing `heading` (°, magnetic): 15 µT north
    /// and 50 µT down (Helsinki's dip of 73°).
    static func field(heading: Double) -> Vector3 {
        let h = heading * .pi / 180
        return Vector3(x: 15 * cos(h), y: -15 * sin(h), z: 50)
    }

    @Test func aFieldTurningWhileTheGyroscopeDoesNotGivesNoLevel() {
        var steady = FieldAgainstGyroscope()
        var bent = FieldAgainstGyroscope()
        var noise = SeededRandom(seed: 3)
        // 50 Hz for 6 s; the gyroscope (identity attitude, no corrections) says the device points at 0° all along.
        for i in 1...300 {
            let seconds = Double(i) / 50
            let t = Timestamp(seconds: seconds)
            let wobble = noise.gaussian(sigma: 1)
            steady.add(
                field: Self.field(heading: wobble), attitude: .identity, correctionSumDegrees: 0,
                fieldHeadingDegrees: nil, at: t)
            // A car's field turns the reading by up to 15° and back between 1 and 5 s, its strength unchanged (the
            // benchmark's cars turn it by tens of degrees).
            let car = seconds > 1 && seconds < 5 ? 15 * (1 - cos(2 * .pi * (seconds - 1) / 4)) / 2 : 0
            bent.add(
                field: Self.field(heading: wobble + car), attitude: .identity, correctionSumDegrees: 0,
                fieldHeadingDegrees: nil, at: t)
            guard i % 50 == 0, i >= 100 else { continue }
            let level = steady.level(at: t)
            #expect(level.map { abs($0) < 0.5 } == true, "steady at \(seconds) s: \(String(describing: level))")
            if i <= 250 { #expect(bent.level(at: t) == nil, "bent at \(seconds) s") } else { _ = bent.level(at: t) }
        }
    }
}
