import Foundation
import Testing

@testable import Core

/// The sideways-acceleration turn: between 1 Hz fixes, a car's v·ω shows a turn starting or ending before the
/// course does; a leaning bike's does not, and is ignored.
@Suite struct LateralTurnSensorTests {
    /// Straight, then three junction turns each way, at 4–6 m/s on a vibrating road (±4° of roll and pitch), with
    /// the receiver's fixes at `phase` seconds past each whole second.
    static func townRide(leaning: Bool = false, phase: Double = 0.5, seed: UInt64 = 61) -> SimulatedRide {
        func seg(_ d: Double, turn: Double = 0, speed: Double) -> SimulatedRide.Segment {
            .init(duration: d, turnDegrees: turn, startSpeed: speed, pitchSwingDegrees: 4, rollSwingDegrees: 4, swingPeriod: 1.3)
        }
        var device = SimulatedRide.distortedDevice
        device.gpsPhaseSeconds = phase
        var ride = SimulatedRide(
            initialHeadingDegrees: 20,
            segments: [
                .init(duration: 3, startSpeed: 0, endSpeed: 6), seg(12, speed: 6), seg(4, turn: 90, speed: 4), seg(10, speed: 6),
                seg(4, turn: -90, speed: 4), seg(10, speed: 6), seg(5, turn: 120, speed: 4), seg(10, speed: 6),
                seg(4, turn: -60, speed: 5), seg(10, speed: 6),
            ], device: device, seed: seed)
        ride.leansIntoTurns = leaning
        return ride
    }

    struct Outcome {
        var sensor: LateralTurnSensor
        /// Errors (degrees) in the 1.5 s after each turn starts or ends, and everywhere else while moving.
        var nearEdges: [Double] = [], elsewhere: [Double] = []
    }

    /// Rides `ride` with the sensor on or off and splits the heading errors after the first turn (while the gain
    /// is still being learned) into those near turn edges and the rest.
    static func ride(_ ride: SimulatedRide, sensor enabled: Bool) -> Outcome {
        var config = RideRun.configuration(for: ride)
        config.lateralTurn.enabled = enabled
        var estimator = HeadingEstimator(configuration: config)
        var edges: [Double] = []
        var t0 = 0.0
        for s in ride.segments {
            if s.turnDegrees != 0 { edges += [t0, t0 + s.duration] }
            t0 += s.duration
        }
        var errors: (near: [Double], elsewhere: [Double]) = ([], [])
        for e in ride.events() {
            estimator.apply(e)
            guard case .magnetometer(let m) = e, m.time.seconds > edges[1] + 2, ride.pose(at: m.time.seconds).speed > 2,
                let h = estimator.estimate.heading
            else { continue }
            let t = m.time.seconds
            let error = ride.pose(at: t).heading.signedDifference(to: h.direction)
            if edges.contains(where: { t >= $0 && t < $0 + 1.5 }) { errors.near.append(error) } else { errors.elsewhere.append(error) }
        }
        return Outcome(sensor: estimator.lateral, nearEdges: errors.near, elsewhere: errors.elsewhere)
    }

    static func rms(_ v: [Double]) -> Double { (v.map { $0 * $0 }.reduce(0, +) / Double(max(1, v.count))).squareRoot() }

    @Test func aCarTeachesAGainOfAboutOne() throws {
        let outcome = Self.ride(Self.townRide(), sensor: true)
        let gain = try #require(outcome.sensor.gain)
        #expect(gain > 0.8 && gain < 1.2, "\(gain)")
        #expect(outcome.sensor.isActive)
    }

    @Test func aLeaningBikeTeachesAGainOfAboutZeroAndIsIgnored() throws {
        let bike = Self.townRide(leaning: true)
        let on = Self.ride(bike, sensor: true), off = Self.ride(bike, sensor: false)
        let gain = try #require(on.sensor.gain)
        #expect(abs(gain) < 0.3, "\(gain)")
        #expect(!on.sensor.isActive)
        // Ignored means ignored: the heading is the same as with the sensor switched off.
        #expect(on.nearEdges == off.nearEdges && on.elsewhere == off.elsewhere)
    }

    @Test(arguments: [0.1, 0.35, 0.6, 0.85])
    func aCarsTurnStartsAndEndsAreSeenBeforeTheNextFix(phase: Double) {
        let car = Self.townRide(phase: phase)
        let on = Self.ride(car, sensor: true), off = Self.ride(car, sensor: false)
        let near = (on: Self.rms(on.nearEdges), off: Self.rms(off.nearEdges))
        let elsewhere = (on: Self.rms(on.elsewhere), off: Self.rms(off.elsewhere))
        #expect(near.off > 4, "the ride should have turns a 1 Hz course is late for: \(near.off)°")
        #expect(near.on < 0.75 * near.off, "near turn edges: \(near.on)° with the sensor, \(near.off)° without")
        // Road vibration within the straight-line spread turns nothing: riding straight is no worse.
        #expect(elsewhere.on < elsewhere.off * 1.1 + 0.05, "elsewhere: \(elsewhere.on)° with, \(elsewhere.off)° without")
    }

    @Test func garbageAndTimeGoingBackwardsAreIgnored() {
        var sensor = LateralTurnSensor()
        for i in 0..<50 { sensor.add(sidewaysForce: 0.1, at: Timestamp(seconds: 1 + Double(i) * 0.02)) }
        for bad in [Double.nan, .infinity, -.infinity] { sensor.add(sidewaysForce: bad, at: Timestamp(seconds: 2.05)) }
        sensor.add(sidewaysForce: 5, at: Timestamp(seconds: 0.5))
        #expect(sensor.filtered == 0.1)
        for bad in [Double.nan, .infinity] {
            sensor.fix(measuredRate: bad, carriedRate: bad, speed: 6, at: Timestamp(seconds: 2.1))
            sensor.fix(measuredRate: 20, carriedRate: bad, speed: bad, at: Timestamp(seconds: 2.1))
        }
        #expect(sensor.gain == nil && sensor.straightMean == nil && sensor.extraTurnDegrees == 0)
    }
}
