import Foundation
import Simulation
import Testing

@testable import Core

@Suite struct GyroscopeTests {
    @Test func theYawIntegratorFollowsARightTurnAndLearnsItsBiasAtRest() {
        var yaw = YawIntegrator()
        let down = Vector3(x: 0, y: 0, z: 1)
        // At rest with a 0.5 °/s bias for 60 s: the bias is learned.
        for i in 0...3000 {
            yaw.add(
                Vector3(x: 0, y: 0, z: 0.5 * .pi / 180), down: down, at: Timestamp(seconds: Double(i) * 0.02),
                atRest: true)
        }
        #expect(abs(yaw.biasDegreesPerSecond - 0.5) < 0.01)
        let start = yaw.yaw(at: Timestamp(seconds: 60))!
        // Then 2 s of turning right at 45 °/s (plus the bias).
        for i in 1...100 {
            yaw.add(
                Vector3(x: 0, y: 0, z: 45.5 * .pi / 180), down: down, at: Timestamp(seconds: 60 + Double(i) * 0.02),
                atRest: false)
        }
        #expect(abs(yaw.yaw(at: Timestamp(seconds: 62))!.turn(since: start)! - 90) < 0.5)
        // A gap means no live gyroscope.
        #expect(yaw.yaw(at: Timestamp(seconds: 63)) == nil)
        // And once readings come again, no turn is measured across the gap: it is unknown, not zero.
        yaw.add(Vector3(x: 0, y: 0, z: 45.5 * .pi / 180), down: down, at: Timestamp(seconds: 63.5), atRest: false)
        yaw.add(Vector3(x: 0, y: 0, z: 45.5 * .pi / 180), down: down, at: Timestamp(seconds: 63.52), atRest: false)
        let after = yaw.yaw(at: Timestamp(seconds: 63.52))!
        #expect(after.turn(since: start) == nil)
        #expect(after.turn(since: yaw.yaw(at: Timestamp(seconds: 63.5))!) != nil)
    }

    @Test func aGapInTheGyroscopesReadingsBetweenFixesIsNotTakenForNoTurn() {
        // The gyroscope falls silent for 0.4 s in the middle of a turn, after the fix at 12.5 s. Until the next fix
        // the heading must not take the gyroscope's yaw as the whole turn since that fix (about 9° short, at the
        // course's ±1°): it must do what it does without a gyroscope, to the last digit.
        var d = SimulatedRide.distortedDevice
        d.gyroscopeHz = 50
        let ride = SimulatedRide(
            initialHeadingDegrees: 40,
            segments: [
                .init(duration: 12, startSpeed: 6), .init(duration: 4, turnDegrees: 90, startSpeed: 6),
                .init(duration: 10, startSpeed: 6),
            ],
            device: d, seed: 41)
        func headings(keepingGyroscope keep: (Double) -> Bool) -> [Heading?] {
            // The compass-only path, whose gyroscope only carries the course between fixes (the gyro-driven
            // filter forgets its heading across a gap instead: OrientationFilterTests).
            var config = RideRun.configuration(for: ride)
            config.gyroscopeDrivesHeading = false
            var estimator = HeadingEstimator(configuration: config)
            var out: [Heading?] = []
            for e in ride.events() {
                if case .gyroscope(let g) = e, !keep(g.time.seconds) { continue }
                estimator.apply(e)
                if case .magnetometer(let m) = e, (13.2..<13.5).contains(m.time.seconds) {
                    out.append(estimator.estimate.heading)
                }
            }
            return out
        }
        let gapped = headings { !(12.8..<13.2).contains($0) }
        let without = headings { _ in false }
        #expect(gapped.count >= 10)
        #expect(gapped == without)
        #expect(without.allSatisfy { ($0?.accuracyDegrees ?? 0) > 3 }, "the guess through a turn is not ±1°")
    }

    static func ride(gyro: Bool) -> SimulatedRide {
        var d = SimulatedRide.distortedDevice
        d.gyroscopeHz = gyro ? 50 : 0
        var ride = SimulatedRide(
            initialHeadingDegrees: 20,
            segments: [
                .init(duration: 10, startSpeed: 6), .init(duration: 2, startSpeed: 6, endSpeed: 4),
                .init(duration: 4, turnDegrees: 90, startSpeed: 4),
                .init(duration: 2, startSpeed: 4, endSpeed: 6), .init(duration: 8, startSpeed: 6),
            ], device: d, seed: 31)
        ride.magnets = [
            SimulatedRide.Magnet(atSeconds: 14, widthSeconds: 1.5, peakMicrotesla: Vector3(x: -20, y: 15, z: 10))
        ]
        return ride
    }

    @Test func aGyroscopeCarriesTheCourseThroughATurnBetweenOneHertzFixes() {
        let withGyro = RideRun(Self.ride(gyro: true), configuration: RideRun.configuration(for: Self.ride(gyro: true)))
        let without = RideRun(Self.ride(gyro: false), configuration: RideRun.configuration(for: Self.ride(gyro: false)))
        #expect(withGyro.rmsError(11, 19) < 1.5)
        #expect(withGyro.rmsError(11, 19) < without.rmsError(11, 19) / 2)
    }

    @Test func aGyroscopeTurnsAHeldHeadingWhileTheCompassIsDisturbed() {
        // Turning on the spot by hand, no GPS, while a magnet passes: the gyroscope keeps the heading turning.
        var d = SimulatedRide.distortedDevice
        d.gpsHz = 0
        d.gyroscopeHz = 50
        var ride = SimulatedRide(
            initialHeadingDegrees: 100,
            segments: [.init(duration: 8), .init(duration: 6, turnDegrees: 60), .init(duration: 6)], device: d, seed: 32
        )
        ride.magnets = [
            SimulatedRide.Magnet(atSeconds: 11, widthSeconds: 1.2, peakMicrotesla: Vector3(x: 15, y: -25, z: 10))
        ]
        var config = RideRun.configuration(for: ride)
        config.fallbackCoordinate = ride.start
        let run = RideRun(ride, configuration: config)
        let disturbed = run.between(9, 13).filter { $0.estimate.flags.contains(.disturbed) }
        #expect(disturbed.count > 50)
        #expect(run.rmsError(9, 13) < 2)
    }
}
