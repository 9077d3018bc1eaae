import Core
import Foundation
import Simulation

/// How the mounting offset is learned: a unit clamped 10° askew on the simulated ride through town (1 Hz GPS,
/// with and without cars passing), by the orientation filter (gyroscope at 50 Hz, the offset a state of the
/// filter) and by the compass-only path's learner (no gyroscope). Prints when the offset first came within 2° of
/// the mount's, where it ended, how far it strayed after that, and the heading's RMS while moving.
func printMountingOffsetLearning(
    calibration: MagnetometerCalibration, ride makeRide: (_ withMagnets: Bool) -> SimulatedRide
) {
    print("Mounting offset, the unit 10° askew (ride through town, 1 Hz GPS): first within 2°, at the end,")
    print("worst after first within 2°, heading RMS while moving:")
    for (label, gyro, magnets) in [
        ("gyro filter, magnets", true, true), ("gyro filter, no magnets", true, false),
        ("compass path, magnets", false, true), ("compass path, no magnets", false, false),
    ] {
        var ride = makeRide(magnets)
        ride.device.mountYawDegrees = 10
        ride.device.gyroscopeHz = gyro ? 50 : 0
        var config = HeadingConfiguration(calibration: calibration)
        config.fallbackCoordinate = ride.start
        config.fallbackDecimalYear = DecimalYear.from(utcSeconds: ride.startUTCSeconds)
        var estimator = HeadingEstimator(configuration: config)
        var firstWithin: Double?
        var worstAfter = 0.0
        var squares = 0.0
        var count = 0
        for e in ride.events() {
            estimator.apply(e)
            guard case .magnetometer(let m) = e else { continue }
            let t = m.time.seconds
            // The device turned 10° clockwise: course − device heading = −10°.
            if let o = estimator.estimate.mountingOffsetDegrees {
                let error = abs(o + 10)
                if firstWithin == nil, error <= 2 { firstWithin = t }
                if firstWithin != nil { worstAfter = max(worstAfter, error) }
            }
            if t >= 2, ride.pose(at: t).speed >= 2, let h = estimator.estimate.heading {
                let e = ride.pose(at: t).heading.signedDifference(to: h.direction)
                squares += e * e
                count += 1
            }
        }
        let end = estimator.estimate.mountingOffsetDegrees.map { formatFixed($0, digits: 1) + "°" } ?? "-"
        let first = firstWithin.map { formatFixed($0, digits: 1) + " s" } ?? "never"
        let rms = count > 0 ? formatFixed((squares / Double(count)).squareRoot(), digits: 2) : "-"
        print(
            "  \(label.padding(toLength: 26, withPad: " ", startingAt: 0)) first within 2°: \(first), end \(end), "
                + "worst after: \(formatFixed(worstAfter, digits: 1))°, heading RMS \(rms)°")
    }
    print("")
}
