import Foundation
import Simulation
import Testing

@testable import Core

/// The sideways-acceleration turn: between 1 Hz fixes, a car's v·ω shows a turn starting or ending before the
/// course does; a leaning bike's does not, and is ignored; reversing, it would turn the wrong way, and is ignored.
@Suite struct LateralTurnSensorTests {
    /// Straight, then four junction turns (two each way, or all to the right), at 4–6 m/s on a vibrating road (±4°
    /// of roll and pitch), with the receiver's fixes at `phase` seconds past each whole second; the unit turned
    /// `mountYaw` degrees on the vehicle and rolled `roll` degrees.
    static func townRide(
        leaning: Bool = false, phase: Double = 0.5, mountYaw: Double = 0, roll: Double = 0, gpsHz: Double = 1,
        allRight: Bool = false, seed: UInt64 = 61
    ) -> SimulatedRide {
        func seg(_ d: Double, turn: Double = 0, speed: Double) -> SimulatedRide.Segment {
            .init(
                duration: d, turnDegrees: allRight ? abs(turn) : turn, startSpeed: speed, rollDegrees: roll,
                pitchSwingDegrees: 4, rollSwingDegrees: 4,
                swingPeriod: 1.3)
        }
        var device = SimulatedRide.distortedDevice
        device.gpsPhaseSeconds = phase
        device.mountYawDegrees = mountYaw
        device.gpsHz = gpsHz
        var ride = SimulatedRide(
            initialHeadingDegrees: 20,
            segments: [
                .init(duration: 3, startSpeed: 0, endSpeed: 6), seg(12, speed: 6), seg(4, turn: 90, speed: 4),
                seg(10, speed: 6),
                seg(4, turn: -90, speed: 4), seg(10, speed: 6), seg(5, turn: 120, speed: 4), seg(10, speed: 6),
                seg(4, turn: -60, speed: 5), seg(10, speed: 6),
            ], device: device, seed: seed)
        ride.leansIntoTurns = leaning
        return ride
    }

    struct Outcome {
        var sensor: LateralTurnSensor
        var mountingOffsetDegrees: Double?
        /// Per magnetometer reading while moving: time, truth and heading shown.
        var samples: [(time: Double, truth: Angle, heading: Angle?)] = []

        /// Errors (degrees) after the first turn (while the gain is still being learned), split into the 1.5 s
        /// after each turn start or end and the rest.
        func errors(edges: [Double]) -> (nearEdges: [Double], elsewhere: [Double]) {
            var near: [Double] = []
            var elsewhere: [Double] = []
            for s in samples where s.time > edges[1] + 2 {
                guard let h = s.heading else { continue }
                let e = s.truth.signedDifference(to: h)
                if edges.contains(where: { s.time >= $0 && s.time < $0 + 1.5 }) {
                    near.append(e)
                } else {
                    elsewhere.append(e)
                }
            }
            return (near, elsewhere)
        }

        /// The largest change of the heading from one reading to the next within [a, b), degrees.
        func largestStep(_ a: Double, _ b: Double) -> Double {
            let run = samples.filter { $0.time >= a && $0.time < b }.compactMap(\.heading)
            return zip(run, run.dropFirst()).map { abs($0.signedDifference(to: $1)) }.max() ?? 0
        }
    }

    /// Rides `events` (the ride's own unless given) with the sensor on or off.
    static func ride(_ ride: SimulatedRide, sensor enabled: Bool, events: [SensorEvent]? = nil) -> Outcome {
        var config = RideRun.configuration(for: ride)
        config.lateralTurn.enabled = enabled
        var estimator = HeadingEstimator(configuration: config)
        var samples: [(time: Double, truth: Angle, heading: Angle?)] = []
        for e in events ?? ride.events() {
            estimator.apply(e)
            guard case .magnetometer(let m) = e, abs(ride.pose(at: m.time.seconds).speed) > 2 else { continue }
            samples.append(
                (m.time.seconds, ride.pose(at: m.time.seconds).heading, estimator.estimate.heading?.direction))
        }
        return Outcome(
            sensor: estimator.lateral, mountingOffsetDegrees: estimator.estimate.mountingOffsetDegrees, samples: samples
        )
    }

    static func rms(_ v: [Double]) -> Double { (v.map { $0 * $0 }.reduce(0, +) / Double(max(1, v.count))).squareRoot() }

    @Test(arguments: [(0.0, 0.0, false), (20, 0, false), (0, 3, false), (-20, 3, false), (0, 3, true)])
    func aCarTeachesAGainOfAboutOneHoweverTheUnitSits(mountYaw: Double, roll: Double, allRight: Bool) throws {
        let outcome = Self.ride(Self.townRide(mountYaw: mountYaw, roll: roll, allRight: allRight), sensor: true)
        let gain = try #require(outcome.sensor.gain)
        #expect(gain > 0.8 && gain < 1.2, "\(gain)")
        #expect(outcome.sensor.isActive)
        // A unit rolled right side down reads part of gravity as a force to the left, which riding straight
        // teaches, not turning.
        let straight = try #require(outcome.sensor.straightMean)
        #expect(abs(straight + 9.80665 * sin(roll * .pi / 180)) < 0.2, "\(straight)")
    }

    @Test func aLeaningBikeTeachesAGainOfAboutZeroAndIsIgnored() throws {
        let bike = Self.townRide(leaning: true)
        let on = Self.ride(bike, sensor: true)
        let off = Self.ride(bike, sensor: false)
        let gain = try #require(on.sensor.gain)
        #expect(abs(gain) < 0.3, "\(gain)")
        #expect(!on.sensor.isActive)
        // Ignored means ignored: the heading is the same as with the sensor switched off.
        #expect(on.samples.map(\.heading) == off.samples.map(\.heading))
    }

    @Test(arguments: [(0.1, 0.0, 0.0), (0.35, 0, 0), (0.6, 0, 0), (0.85, 0, 0), (0.3, 20, 3)])
    func aCarsTurnStartsAndEndsAreSeenBeforeTheNextFix(phase: Double, mountYaw: Double, roll: Double) {
        let car = Self.townRide(phase: phase, mountYaw: mountYaw, roll: roll)
        let edges = car.turnEdges
        let on = Self.ride(car, sensor: true).errors(edges: edges)
        let off = Self.ride(car, sensor: false).errors(edges: edges)
        let near = (on: Self.rms(on.nearEdges), off: Self.rms(off.nearEdges))
        let elsewhere = (on: Self.rms(on.elsewhere), off: Self.rms(off.elsewhere))
        #expect(near.off > 4, "the ride should have turns a 1 Hz course is late for: \(near.off)°")
        #expect(near.on < 0.75 * near.off, "near turn edges: \(near.on)° with the sensor, \(near.off)° without")
        // Road vibration within the straight-line spread turns nothing: riding straight is no worse.
        #expect(
            elsewhere.on < elsewhere.off * 1.1 + 0.05, "elsewhere: \(elsewhere.on)° with, \(elsewhere.off)° without")
    }

    /// (seed, fix phase, seconds stopped, seconds to reach −3 m/s, seconds backing straight before the turn).
    static let reversals: [(UInt64, Double, Double, Double, Double)] = [
        (61, 0.5, 2, 2, 0), (3, 0.2, 2, 2, 0), (8, 0.8, 2, 2, 0), (5, 0.35, 2, 2, 3), (2, 0.65, 2, 2, 3),
        // Creeping off: still below 0.3 m/s at the first fix after the stop.
        (61, 0.5, 3, 6, 0), (4, 0.1, 3, 10, 0),
        // No stop at all: braking straight into reverse, no fix slow enough to count as stopped.
        (61, 0.5, 0, 1.5, 0), (6, 0.3, 0, 1.5, 0), (7, 0.9, 0, 1.5, 0),
    ]

    @Test(arguments: Self.reversals)
    func reversingThroughATurnAddsNoTurnTheWrongWay(
        seed: UInt64, phase: Double, stopped: Double, pullAway: Double, straightFirst: Double
    ) throws {
        var car = Self.townRide(phase: phase, seed: seed)
        // Stop, then back out (straight for a while, or not) through a 60° turn at 3 m/s: fast enough for the
        // course to drive the heading, gentle enough that its sideways force is within reach of the vibration.
        car.segments += [
            .init(duration: 3, startSpeed: 6, endSpeed: 0), .init(duration: stopped),
            .init(duration: pullAway, startSpeed: 0, endSpeed: -3), .init(duration: straightFirst, startSpeed: -3),
            .init(duration: 4, turnDegrees: 60, startSpeed: -3), .init(duration: 4, startSpeed: -3),
        ]
        car.segments.removeAll { $0.duration == 0 }
        let reverseStart = car.duration - 8 - straightFirst - pullAway
        let on = Self.ride(car, sensor: true)
        let off = Self.ride(car, sensor: false)
        #expect(try #require(on.sensor.gain) > 0.8, "a car that learned its gain going forwards")
        var largest = 0.0
        for (a, b) in zip(on.samples, off.samples) where a.time >= reverseStart {
            if let x = a.heading, let y = b.heading { largest = max(largest, abs(x.signedDifference(to: y))) }
        }
        #expect(largest < 3, "reversing, the sensor moved the heading by up to \(largest)°")
    }

    @Test func aMissedFixInATurnLeavesNoJump() throws {
        let car = Self.townRide()
        // The second turn runs from 29 to 33 s, fixes come at whole seconds + 0.5: drop the one at 31.5.
        let events = car.events().filter { e in
            guard case .gpsFix(let f) = e else { return true }
            return abs(f.time.seconds - 31.5) > 0.01
        }
        for enabled in [true, false] {
            let outcome = Self.ride(car, sensor: enabled, events: events)
            // 22.5 °/s is 0.45° per reading; until the next fix arrives, nothing snaps back.
            let step = outcome.largestStep(30.6, 32.49)
            #expect(
                step < 1.5, "sensor \(enabled ? "on" : "off"): the heading stepped by \(step)° between two readings")
        }
    }

    @Test func aFixWithoutSpeedInATurnKeepsTheTurnSeenSoFar() throws {
        let car = Self.townRide()
        let events = car.events().map { e -> SensorEvent in
            guard case .gpsFix(var f) = e, abs(f.time.seconds - 31.5) < 0.01 else { return e }
            f.speedMetresPerSecond = nil
            f.courseDegrees = nil
            return .gpsFix(f)
        }
        let outcome = Self.ride(car, sensor: true, events: events)
        // A report without a speed says nothing: the course goes on being carried until the next fix.
        let step = outcome.largestStep(31.4, 32.49)
        #expect(step < 1.5, "the heading stepped by \(step)° after a fix without speed")
    }

    @Test(arguments: [-0.05, 0])
    func reportsWithoutSpeedBesideEveryFixChangeNothing(ggaOffset: Double) throws {
        // gpsd passes GGA (position, no speed) and RMC (speed, course) on as two reports: here the speedless one
        // arrives 50 ms before each fix, or just after it stamped the same (both read at once). The unit sits 20°
        // askew, so the mounting offset must be learned too.
        let car = Self.townRide(mountYaw: 20)
        var events: [SensorEvent] = []
        for e in car.events() {
            events.append(e)
            guard case .gpsFix(let f) = e else { continue }
            var gga = f
            gga.time = f.time.adding(seconds: ggaOffset)
            gga.speedMetresPerSecond = nil
            gga.courseDegrees = nil
            if ggaOffset < 0 { events.insert(.gpsFix(gga), at: events.count - 1) } else { events.append(.gpsFix(gga)) }
        }
        let split = Self.ride(car, sensor: true, events: events)
        let plain = Self.ride(car, sensor: true)
        let gain = try #require(split.sensor.gain)
        #expect(abs(gain - (plain.sensor.gain ?? 0)) < 0.05, "\(gain)")
        let offset = try #require(split.mountingOffsetDegrees)
        #expect(abs(offset - (plain.mountingOffsetDegrees ?? 0)) < 1, "\(offset)")
        let edges = car.turnEdges
        let near = (
            split: Self.rms(split.errors(edges: edges).nearEdges), plain: Self.rms(plain.errors(edges: edges).nearEdges)
        )
        #expect(
            near.split < near.plain * 1.1 + 0.1,
            "near turn edges: \(near.split)° with GGA reports, \(near.plain)° without")
    }

    @Test func aFiveHertzReceiversCourseIsCarriedBetweenFixes() throws {
        // Fixes exactly a fifth of a second apart; the second turn (29–33 s, 22.5 °/s) in its steady middle.
        let car = Self.townRide(gpsHz: 5)
        let on = Self.ride(car, sensor: true)
        let off = Self.ride(car, sensor: false)
        #expect(try #require(on.sensor.gain) > 0.8)
        for outcome in [on, off] {
            // Between the fixes at 31.1 and 31.3 s the heading goes on turning (about 4° in 0.18 s), not held.
            let between = outcome.samples.filter { $0.time > 31.11 && $0.time < 31.29 }.compactMap(\.heading)
            let moved = abs((between.first ?? .north).signedDifference(to: between.last ?? .north))
            #expect(moved > 2, "the heading moved \(moved)° between two fixes in a 22.5 °/s turn")
        }
        let edges = car.turnEdges
        let near = (on: Self.rms(on.errors(edges: edges).nearEdges), off: Self.rms(off.errors(edges: edges).nearEdges))
        #expect(near.on < near.off * 1.05, "near turn edges at 5 Hz: \(near.on)° with the sensor, \(near.off)° without")
    }

    @Test func aFiveHertzReceiverWithJitteryTimestampsLearnsTheSameGain() throws {
        let car = Self.townRide(gpsHz: 5)
        var jitter = SeededRandom(seed: 5)
        // Fixes stamped when they were read: 50–70 ms late, never quite a fifth of a second apart.
        let events = car.events().map { e -> SensorEvent in
            guard case .gpsFix(var f) = e else { return e }
            f.time = f.time.adding(seconds: 0.05 + 0.02 * jitter.uniform())
            return .gpsFix(f)
        }.sorted { $0.time < $1.time }
        let outcome = Self.ride(car, sensor: true, events: events)
        let gain = try #require(outcome.sensor.gain)
        #expect(gain > 0.8 && gain < 1.2, "\(gain)")
    }

    @Test func garbageTimeGoingBackwardsAndBadSettingsAreIgnored() {
        var sensor = LateralTurnSensor()
        sensor.fix(courseDegrees: 10, speed: 6, at: Timestamp(seconds: 1))
        for i in 0..<50 { sensor.add(sidewaysForce: 0.1, at: Timestamp(seconds: 1 + Double(i) * 0.02)) }
        for bad in [Double.nan, .infinity, -.infinity] { sensor.add(sidewaysForce: bad, at: Timestamp(seconds: 2.05)) }
        sensor.add(sidewaysForce: 5, at: Timestamp(seconds: 0.5))
        #expect(sensor.filtered == 0.1)
        for bad in [Double.nan, .infinity] {
            sensor.fix(courseDegrees: bad, speed: 6, at: Timestamp(seconds: 2.1))
            sensor.fix(courseDegrees: 12, speed: bad, at: Timestamp(seconds: 2.1))
            sensor.carry(rate: bad, speed: 6, until: Timestamp(seconds: 3))
        }
        #expect(sensor.gain == nil && sensor.straightMean == nil && sensor.extraTurnDegrees == 0)
        // No smoothing and the same timestamp twice: 0/0 must not poison the filter.
        var settings = LateralTurnSensor.Settings()
        settings.smoothingSeconds = 0
        var raw = LateralTurnSensor(settings: settings)
        raw.add(sidewaysForce: 0.3, at: Timestamp(seconds: 1))
        raw.add(sidewaysForce: 0.4, at: Timestamp(seconds: 1))
        #expect(raw.filtered?.isFinite == true)
    }
}
