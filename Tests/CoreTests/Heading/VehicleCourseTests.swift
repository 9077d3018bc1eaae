import Testing

@testable import Core

/// Whether the GPS course corrects the gyro-driven heading depends on the vehicle: on a boat it never does.
struct VehicleCourseTests {
    /// 20 s level and still, the field (WMM's at the place, 27.5 µT horizontal, 16 µT up) saying the device points
    /// to magnetic north, GPS fixes at 1 Hz saying the vehicle moves east at 5 m/s with a course accurate to 1°:
    /// returns the published heading, magnetic.
    static func heading(vehicle: Vehicle) throws -> Double {
        var config = HeadingConfiguration(
            calibration: MagnetometerCalibration(
                hardIronMicrotesla: .zero, softIron: .identity,
                fieldRadiusMicrotesla: (27.53 * 27.53 + 16.0 * 16).squareRoot()))
        config.vehicle = vehicle
        var estimator = HeadingEstimator(configuration: config)
        let here = GeoCoordinate(latitude: 0.01, longitude: 0.01)
        for i in 0..<1000 {
            let t = Timestamp(seconds: Double(i) / 50)
            estimator.apply(.gyroscope(GyroscopeSample(time: t, radiansPerSecond: .zero)))
            estimator.apply(
                .accelerometer(AccelerometerSample(time: t, metresPerSecondSquared: Vector3(x: 0, y: 0, z: -9.80665))))
            estimator.apply(.magnetometer(MagnetometerSample(time: t, microtesla: Vector3(x: 27.53, y: 0, z: -16.0))))
            if i % 50 == 0 {
                estimator.apply(
                    .gpsFix(
                        GPSFix(
                            time: t, mode: .threeD, coordinate: here, speedMetresPerSecond: 5, courseDegrees: 90,
                            courseErrorDegrees: 1)))
            }
        }
        let h = try #require(estimator.estimate.heading)
        #expect(estimator.gyroscopeState != .unknown)
        return estimator.estimate.declinationDegrees.map { h.direction.rotated(by: -$0).degrees } ?? h.direction.degrees
    }

    @Test func onABoatTheCourseDoesNotTurnTheHeading() throws {
        let magnetic = try Self.heading(vehicle: .boat)
        #expect(abs(Angle(magnetic).signedDifference(to: .north)) < 2)
    }

    @Test func inACarTheCoursePullsTheHeading() throws {
        let magnetic = try Self.heading(vehicle: .car)
        #expect(abs(Angle(magnetic).signedDifference(to: .north)) > 10)
    }
}
