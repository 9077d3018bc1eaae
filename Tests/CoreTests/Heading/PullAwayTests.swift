import Foundation
import Testing

@testable import Core

/// Pulling away from a stop into a turn: the heading frozen at the stop must give way to where GPS shows the
/// vehicle going, and while it is held against a disagreeing compass its accuracy must say so.
@Suite struct PullAwayTests {
    /// Helsinki's field (H 15.2 µT, Z 49.8 µT) seen by a level unit heading `magnetic` degrees.
    static func field(_ magnetic: Double) -> Vector3 {
        let h = magnetic * .pi / 180
        return Vector3(x: 15.2 * cos(h), y: -15.2 * sin(h), z: 49.8)
    }

    static func ride(compassWhilePullingAway: Double, course: Double) -> HeadingEstimator {
        var estimator = HeadingEstimator()
        let stop = GeoCoordinate(latitude: 60.17, longitude: 24.94)
        var position = stop
        // 12 s at the lights facing 70° (magnetic ≈ true here within declination; the test compares with itself).
        for i in 0..<300 {
            let t = Double(i) * 0.04
            estimator.apply(.magnetometer(MagnetometerSample(time: Timestamp(seconds: t), microtesla: field(70))))
            estimator.apply(
                .accelerometer(
                    AccelerometerSample(
                        time: Timestamp(seconds: t), metresPerSecondSquared: Vector3(x: 0, y: 0, z: -9.81))))
            if i % 25 == 0 {
                estimator.apply(
                    .gpsFix(
                        GPSFix(
                            time: Timestamp(seconds: t), mode: .threeD, utcSeconds: 1_780_000_000 + t,
                            coordinate: stop, speedMetresPerSecond: 0)))
            }
        }
        // Then 4 s pulling away into a left turn: GPS course `course`, the compass bent by the acceleration.
        for i in 300..<400 {
            let t = Double(i) * 0.04
            estimator.apply(
                .magnetometer(
                    MagnetometerSample(time: Timestamp(seconds: t), microtesla: field(compassWhilePullingAway))))
            estimator.apply(
                .accelerometer(
                    AccelerometerSample(
                        time: Timestamp(seconds: t), metresPerSecondSquared: Vector3(x: 0.8, y: 0, z: -9.81))))
            if i % 25 == 0 {
                let speed = 0.5 * Double(i - 275) / 25
                position = GreatCircle.destination(from: position, bearing: Angle(course), distance: speed)
                estimator.apply(
                    .gpsFix(
                        GPSFix(
                            time: Timestamp(seconds: t), mode: .threeD, utcSeconds: 1_780_000_000 + t,
                            coordinate: position, speedMetresPerSecond: speed, courseDegrees: course)))
            }
        }
        return estimator
    }

    @Test("Pulling away into a turn follows the GPS course instead of the heading frozen at the stop")
    func pullingAwayIntoATurnFollowsTheCourse() throws {
        // The compass alone (25° off the hold) would not release it.
        let e = Self.ride(compassWhilePullingAway: 45, course: 35)
        let h = try #require(e.estimate.heading)
        // Frozen at the stop: 70° magnetic, about 80° true. GPS course (true) is 35°; the compass, bent, says 45°
        // magnetic (about 55° true).
        #expect(abs(h.direction.signedDifference(to: Angle(35))) < 8, "\(h)")
    }

    @Test("Pulling away straight keeps the heading frozen at the stop")
    func pullingAwayStraightKeepsTheFrozenHeading() throws {
        let e = Self.ride(
            compassWhilePullingAway: 60, course: 70 + (HeadingEstimator().estimate.declinationDegrees ?? 0))
        let h = try #require(e.estimate.heading)
        #expect(abs(h.direction.signedDifference(to: Angle(70 + (e.estimate.declinationDegrees ?? 0)))) < 12, "\(h)")
    }
}
