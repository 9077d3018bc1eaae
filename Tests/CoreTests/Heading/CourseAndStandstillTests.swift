import Foundation
import Simulation
import Testing

@testable import Core

@Suite struct CourseAndStandstillTests {
    static func fix(
        _ t: Double, speed: Double?, course: Double? = 90,
        at: GeoCoordinate = GeoCoordinate(latitude: 60.17, longitude: 24.94)
    ) -> GPSFix {
        GPSFix(
            time: Timestamp(seconds: t), mode: .threeD, utcSeconds: 1_780_000_000 + t, coordinate: at,
            speedMetresPerSecond: speed, courseDegrees: course)
    }

    // Enter 2.5 m/s, leave 1.5 m/s.
    static let speedSequences: [(speeds: [Double], fast: [Bool])] = [
        ([1.0, 2.0, 2.6, 2.0, 1.6, 1.4, 2.0, 2.6], [false, false, true, true, true, false, false, true]),
        ([3.0, 1.49, 1.51, 2.49, 2.5], [true, false, false, false, true]),
        ([2.4, 2.4, 2.4], [false, false, false]),
    ]

    @Test(arguments: speedSequences)
    func courseModeSwitchesWithHysteresis(_ c: (speeds: [Double], fast: [Bool])) {
        var fusion = CourseFusion()
        for (i, (v, expected)) in zip(c.speeds, c.fast).enumerated() {
            fusion.update(Self.fix(Double(i), speed: v))
            #expect(fusion.isFast == expected, "step \(i) at \(v) m/s")
        }
    }

    @Test(arguments: [(0.5, true), (2.9, true), (3.1, false)])
    func theCompassIsLockedOutForThreeSecondsAfterTheLastFastFix(_ c: (after: Double, course: Bool)) {
        var fusion = CourseFusion()
        fusion.update(Self.fix(0, speed: 5))
        fusion.update(Self.fix(1, speed: 5))
        fusion.update(Self.fix(2, speed: 0.5))
        #expect((fusion.drivingFix(at: Timestamp(seconds: 1 + c.after)) != nil) == c.course)
    }

    @Test func aReportWithoutSpeedChangesNothingAndCourseModeEndsWhenFixesGoStale() {
        // gpsd passes GGA (no speed) and RMC on as two reports: the speedless one says nothing about the motion.
        var fusion = CourseFusion()
        fusion.update(Self.fix(0, speed: 5))
        fusion.update(Self.fix(1, speed: nil))
        #expect(fusion.isFast)
        #expect(fusion.drivingFix(at: Timestamp(seconds: 2))?.time == Timestamp(seconds: 0))
        // Without another fix with a speed, the course goes stale.
        #expect(fusion.drivingFix(at: Timestamp(seconds: 2.6)) == nil)
        // Losing the fix ends course mode at once.
        var lost = Self.fix(1.2, speed: nil)
        lost.mode = .noFix
        fusion.update(lost)
        #expect(!fusion.isFast)
    }

    @Test func standingStillNeedsSlowSpeedSmallDisplacementAndTime() {
        var gate = StandstillGate()
        let here = GeoCoordinate(latitude: 60.17, longitude: 24.94)
        let first = gate.update(Self.fix(0, speed: 0.2, at: here))
        #expect(!first)
        // Wandering 10 m around the anchor (GPS noise) still counts as standing.
        let near = GreatCircle.destination(from: here, bearing: Angle(40), distance: 10)
        let wandering = gate.update(Self.fix(1.5, speed: 0.3, at: near))
        #expect(wandering)
        #expect(gate.anchor == here)
        // Moving 40 m away re-anchors: not standing still until it settles again.
        let far = GreatCircle.destination(from: here, bearing: Angle(40), distance: 40)
        let moved = gate.update(Self.fix(2.5, speed: 1.0, at: far))
        #expect(!moved)
        let settledAgain = gate.update(Self.fix(4, speed: 0.1, at: far))
        #expect(settledAgain)
        // Any speed above 5 km/h ends it at once.
        let fast = gate.update(Self.fix(5, speed: 2, at: far))
        #expect(!fast)
        #expect(gate.anchor == nil)
    }

    /// A ride at 6 m/s that stops for 20 s, with a big truck-sized disturbance at the light.
    static func stopAtLight() -> SimulatedRide {
        var ride = SimulatedRide(
            initialHeadingDegrees: 250,
            segments: [
                .init(duration: 10, startSpeed: 6), .init(duration: 4, startSpeed: 6, endSpeed: 0), .init(duration: 20),
            ],
            device: SimulatedRide.distortedDevice, seed: 12)
        ride.magnets = [
            SimulatedRide.Magnet(atSeconds: 24, widthSeconds: 2, peakMicrotesla: Vector3(x: 10, y: 30, z: -5))
        ]
        return ride
    }

    @Test func atATrafficLightTheHeadingFreezesAndTheMapDoesNotSpin() {
        let ride = Self.stopAtLight()
        let run = RideRun(ride, configuration: RideRun.configuration(for: ride))
        let stopped = run.between(17, 34)
        #expect(stopped.allSatisfy { $0.estimate.heading?.source == .frozen })
        #expect(
            stopped.allSatisfy { $0.estimate.flags.contains(.standingStill) && $0.estimate.standstillAnchor != nil })
        var policy = RotationPolicy(preference: .auto)
        var bearings: [Double] = []
        for s in stopped { bearings.append(policy.update(with: s.estimate).bearing.degrees) }
        let spread = bearings.map { Angle(bearings[0]).signedDifference(to: Angle($0)) }
        #expect((spread.max() ?? 0) - (spread.min() ?? 0) < 4, "the map turned while standing still")
        #expect(run.rmsError(17, 34) < 3)
    }

    @Test func turningOnTheSpotWhileStandingStillIsFollowedAfterAMoment() {
        var d = SimulatedRide.distortedDevice
        d.gpsHz = 1
        let ride = SimulatedRide(
            initialHeadingDegrees: 10,
            segments: [.init(duration: 10), .init(duration: 2, turnDegrees: 90), .init(duration: 8)], device: d, seed: 4
        )
        let run = RideRun(ride, configuration: RideRun.configuration(for: ride))
        #expect(run.between(5, 10).allSatisfy { $0.estimate.heading?.source == .frozen })
        #expect(run.rmsError(16, 20) < 3)
    }

    @Test func aMountingOffsetIsLearnedRidingStraightAndAppliedWhenSlow() throws {
        var d = SimulatedRide.distortedDevice
        d.mountYawDegrees = 20
        // Fast and straight (learning), a stop, then on at 2 m/s (below course mode's 2.5) with a turn.
        let ride = SimulatedRide(
            initialHeadingDegrees: 300,
            segments: [
                .init(duration: 4, startSpeed: 0, endSpeed: 6), .init(duration: 30, startSpeed: 6),
                .init(duration: 5, startSpeed: 6, endSpeed: 0),
                .init(duration: 8), .init(duration: 2, startSpeed: 0, endSpeed: 2), .init(duration: 8, startSpeed: 2),
                .init(duration: 6, turnDegrees: 90, startSpeed: 2), .init(duration: 8, startSpeed: 2),
            ], device: d, seed: 6)
        let run = RideRun(ride, configuration: RideRun.configuration(for: ride))
        let learned = try #require(run.samples.last?.estimate.mountingOffsetDegrees)
        #expect(abs(learned + 20) < 3, "learned \(learned)")
        // Standing still, the frozen heading settles onto the offset compass.
        #expect(run.rmsError(43, 47) < 3)
        // Pulling away, the frozen heading is kept while GPS shows the speed rising (the compass is bent by it)...
        #expect(run.between(48, 49).allSatisfy { $0.estimate.heading?.source == .frozen })
        #expect(run.rmsError(47, 52) < 3)
        // ...then, riding slowly, the compass drives the heading, offset applied.
        let slow = run.between(52, 71)
        #expect(slow.allSatisfy { $0.estimate.heading?.source == .compass })
        #expect(run.rmsError(52, 71) < 3)
        // Without the offset the compass would be 20° off.
        let unshifted = slow.compactMap { s -> Double? in
            guard let m = s.estimate.compassMagnetic, let dd = s.estimate.declinationDegrees else { return nil }
            return s.truth.signedDifference(to: m.rotated(by: dd))
        }
        #expect(unshifted.count > slow.count / 2)
        #expect(abs(unshifted.reduce(0, +) / Double(unshifted.count)) > 15)
    }

    @Test func gpsCourseDrivesTheHeadingWhenFastAndForTheLockOutAfter() {
        let ride = Self.stopAtLight()
        let run = RideRun(ride, configuration: RideRun.configuration(for: ride))
        #expect(run.between(3, 10).allSatisfy { $0.estimate.heading?.source == .gpsCourse })
        #expect(run.rmsError(3, 10) < 2)
    }
}

@Suite struct RotationPolicyTests {
    static func estimate(_ degrees: Double, _ source: HeadingSource, accuracy: Double = 2, flags: HeadingFlags = [])
        -> HeadingEstimate
    {
        var e = HeadingEstimate()
        e.heading = Heading(direction: Angle(degrees), reference: .trueNorth, accuracyDegrees: accuracy, source: source)
        e.flags = flags
        if source == .gpsCourse { e.course = Angle(degrees) }
        return e
    }

    static let cases:
        [(
            preference: OrientationMode, lock: Bool, source: HeadingSource, accuracy: Double,
            mode: OrientationMode, driver: RotationDriver
        )] = [
            (.auto, false, .gpsCourse, 2, .courseUp, .gpsCourse),
            (.auto, false, .compass, 2, .headingUp, .compass),
            (.auto, false, .compass, 45, .northUp, .none),
            (.auto, true, .gpsCourse, 2, .northUp, .none),
            (.headingUp, false, .compass, 2, .headingUp, .compass),
            (.headingUp, false, .gpsCourse, 2, .headingUp, .gpsCourse),
            (.courseUp, false, .gpsCourse, 2, .courseUp, .gpsCourse),
            (.courseUp, false, .compass, 2, .northUp, .none),
            (.northUp, false, .gpsCourse, 2, .northUp, .none),
        ]

    @Test(arguments: cases)
    func thePreferenceAndTheSourcePickTheModeAndTheDriver(
        _ c: (
            preference: OrientationMode, lock: Bool, source: HeadingSource, accuracy: Double,
            mode: OrientationMode, driver: RotationDriver
        )
    ) {
        var policy = RotationPolicy(preference: c.preference, lockNorthUp: c.lock)
        let r = policy.update(with: Self.estimate(73, c.source, accuracy: c.accuracy))
        #expect(r.mode == c.mode)
        #expect(r.driver == c.driver)
        #expect(r.bearing == (c.mode == .northUp ? .north : Angle(73)))
    }

    @Test func theMapTurnsOnlyPastTheDeadBandWhileTheArrowFollowsEverySample() {
        var policy = RotationPolicy(preference: .headingUp, deadBandDegrees: 1)
        policy.update(with: Self.estimate(100, .compass))
        policy.update(with: Self.estimate(100.6, .compass))
        #expect(policy.orientation.bearing == Angle(100))
        let camera = Camera(
            mode: .headingUp, center: GeoCoordinate(latitude: 0, longitude: 0), zoom: 15,
            mapBearing: policy.orientation.bearing, width: 100, height: 100)
        #expect(abs(camera.arrowAngle(heading: Angle(100.6)).degrees - 0.6) < 1e-9)
        policy.update(with: Self.estimate(101.5, .compass))
        #expect(policy.orientation.bearing == Angle(101.5))
        policy.update(with: Self.estimate(359.5, .compass))
        policy.update(with: Self.estimate(0.2, .compass))
        #expect(policy.orientation.bearing == Angle(359.5))
    }

    @Test func aFrozenHeadingHoldsTheMapWhereItWas() {
        var policy = RotationPolicy(preference: .auto)
        policy.update(with: Self.estimate(80, .gpsCourse))
        let r = policy.update(with: Self.estimate(95, .frozen))
        #expect(r.bearing == Angle(80))
        #expect(r.driver == .frozen)
        #expect(r.mode == .courseUp)
    }
}

@Suite struct VehicleAccelerationTests {
    /// A unit clamped askew (offset already known), circling at 2 m/s (below course mode) at 30 °/s:
    /// 1 m/s² towards the centre, which must be removed along the vehicle's axes, not the device's.
    @Test(arguments: [0.0, 30.0, -45.0])
    func aTurnsPullIsRemovedAlongTheVehiclesAxes(mountYaw: Double) {
        var d = SimulatedRide.distortedDevice
        d.mountYawDegrees = mountYaw
        let ride = SimulatedRide(
            initialHeadingDegrees: 80,
            segments: [
                .init(duration: 6, startSpeed: 0, endSpeed: 2), .init(duration: 4, startSpeed: 2),
                .init(duration: 24, turnDegrees: 720, startSpeed: 2),
            ],
            device: d, seed: 44)
        var config = RideRun.configuration(for: ride)
        config.initialMountingOffsetDegrees = -mountYaw
        let run = RideRun(ride, configuration: config)
        #expect(run.between(14, 34).allSatisfy { $0.estimate.heading?.source == .compass })
        #expect(run.rmsError(14, 34) < 4.5)
    }
}
