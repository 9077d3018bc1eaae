import Simulation
import Testing

@testable import Core

/// The GPS course as a measurement of the gyro-driven filter: weighed by its error, not switched on at a speed.
@Suite struct CourseMeasurementTests {
    /// Pulling away from a standstill at 1.5 m/s² with a 50 Hz gyroscope and 1 Hz GPS (the heading benchmark's
    /// "1 Hz + gyro" ride starts so): the pull-away's acceleration, before GPS measures it, bends the tilt and
    /// so the field's heading.
    static func pullAway(courseMinimumSpeed: Double? = nil) -> RideRun {
        var d = SimulatedRide.distortedDevice
        d.gyroscopeHz = 50
        // The benchmark's fix phase for its seed 22.
        var phase = SeededRandom(seed: 22 &+ 1_000)
        d.gpsPhaseSeconds = 0.05 + 0.9 * phase.uniform()
        func segment(_ seconds: Double, from: Double, to: Double) -> SimulatedRide.Segment {
            .init(
                duration: seconds, startSpeed: from, endSpeed: to, pitchSwingDegrees: 4, rollSwingDegrees: 4,
                swingPeriod: 1.3)
        }
        let ride = SimulatedRide(
            start: GeoCoordinate(latitude: 60.1699, longitude: 24.9384), initialHeadingDegrees: 70,
            segments: [segment(4, from: 0, to: 6), segment(10, from: 6, to: 6)], device: d, seed: 22)
        var config = RideRun.configuration(for: ride)
        config.fallbackCoordinate = ride.start
        if let v = courseMinimumSpeed { config.orientation.courseMinimumSpeedMetresPerSecond = v }
        return RideRun(ride, configuration: config)
    }

    @Test func aCourseAtWalkingSpeedAlreadyCorrectsAHeadingTheTiltBent() {
        let weighed = Self.pullAway()
        // The same with the course taken only from 2.5 m/s on (course mode's switch, as before).
        let switched = Self.pullAway(courseMinimumSpeed: 2.5)
        // Measured: 1.9° against 14.2° over 2–3 s, and 0.8° from 3 s on.
        #expect(weighed.rmsError(2, 3) < 4, "weighed from 1 m/s: \(weighed.rmsError(2, 3))°")
        #expect(switched.rmsError(2, 3) > 2 * weighed.rmsError(2, 3), "from 2.5 m/s: \(switched.rmsError(2, 3))°")
        #expect(weighed.rmsError(3, 14) < 1.2)
    }
}
