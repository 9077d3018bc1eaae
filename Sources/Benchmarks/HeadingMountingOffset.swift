import Core
import Foundation
import Simulation

/// How the mounting offset is learned on the simulated ride through town (1 Hz GPS, with and without cars
/// passing): the unit 10° askew and mounted straight, by the orientation filter's path (gyroscope at 50 Hz) and by
/// the compass-only path (no gyroscope). For the 10° mount it prints when the offset first came within 2° of the
/// mount's (ride time, and seconds of straight riding before it), where it ended, how far it strayed after that;
/// for the straight mount the largest offset it ever learned; and the heading's RMS while moving.
func printMountingOffsetLearning(
    calibration: MagnetometerCalibration, ride makeRide: (_ withMagnets: Bool) -> SimulatedRide
) {
    print("Mounting offset on the ride through town (1 Hz GPS). 10° mount: first within 2° (ride time, seconds of")
    print("straight riding before it), at the end, worst after first within 2°; straight mount: the largest |offset|")
    print("learned; heading RMS while moving (targets: within 2° in ≤ 20 s straight, then ≤ 1° off, end ≤ 0.5°;")
    print("straight mount ≤ 0.5°):")
    for (label, gyro, magnets) in [
        ("gyro filter, cars", true, true), ("gyro filter, no cars", true, false),
        ("compass path, cars", false, true), ("compass path, no cars", false, false),
    ] {
        for mount in [10.0, 0.0] {
            let r = mountingOffsetRun(calibration: calibration, ride: makeRide(magnets), mount: mount, gyro: gyro)
            let rms = formatFixed(r.headingRMS, digits: 2) + "°"
            let name = "\(label), \(formatFixed(mount, digits: 0))°".padding(
                toLength: 28, withPad: " ", startingAt: 0)
            if mount == 0 {
                print("  \(name) largest |offset| \(formatFixed(r.largest, digits: 2))°, heading RMS \(rms)")
                continue
            }
            let first =
                r.firstWithin.map {
                    formatFixed($0.time, digits: 1) + " s (" + formatFixed($0.straight, digits: 1) + " s straight)"
                } ?? "never"
            let end = r.end.map { formatFixed($0, digits: 2) + "°" } ?? "-"
            print(
                "  \(name) first within 2°: \(first), off at the end \(end), worst after: "
                    + "\(formatFixed(r.worstAfter, digits: 2))°, heading RMS \(rms)")
        }
    }
    // The rider straightens the mount at the light (55 s): the last straight (77–97 s) must learn it again.
    for (label, gyro) in [("gyro filter, cars", true), ("compass path, cars", false)] {
        let r = mountingOffsetRun(
            calibration: calibration, ride: makeRide(true), mount: 10, gyro: gyro, turn: (55, -10))
        let end = r.end.map { formatFixed($0 - 10, digits: 2) + "°" } ?? "-"
        let name = "\(label), 10° → 0° at 55 s".padding(toLength: 36, withPad: " ", startingAt: 0)
        print("  \(name) off the new mount at the end: \(end), heading RMS \(formatFixed(r.headingRMS, digits: 2))°")
    }
    print("")
}

/// One ride's mounting-offset figures (degrees of error against the mount, which gives an offset of −mount).
struct MountingOffsetRun {
    var firstWithin: (time: Double, straight: Double)?
    var worstAfter = 0.0
    var largest = 0.0
    var end: Double?
    var headingRMS = 0.0
}

func mountingOffsetRun(
    calibration: MagnetometerCalibration, ride base: SimulatedRide, mount: Double, gyro: Bool,
    turn: (atSeconds: Double, degrees: Double)? = nil
) -> MountingOffsetRun {
    var ride = base
    ride.device.mountYawDegrees = mount
    ride.device.mountTurn = turn
    ride.device.gyroscopeHz = gyro ? 50 : 0
    var config = HeadingConfiguration(calibration: calibration)
    config.fallbackCoordinate = ride.start
    config.fallbackDecimalYear = DecimalYear.from(utcSeconds: ride.startUTCSeconds)
    var estimator = HeadingEstimator(configuration: config)
    var run = MountingOffsetRun()
    var squares = 0.0
    var count = 0
    var straight = 0.0
    var lastTime: Double?
    for e in ride.events() {
        estimator.apply(e)
        guard case .magnetometer(let m) = e else { continue }
        let t = m.time.seconds
        let pose = ride.pose(at: t)
        // Straight riding: at 3 m/s or more, neither turning nor changing speed (what the offset's sampler may use).
        if let last = lastTime {
            let ahead = ride.pose(at: t + 0.5)
            let behind = ride.pose(at: max(0, t - 0.5))
            let turning = abs(behind.heading.signedDifference(to: ahead.heading)) > 0.5
            if pose.speed >= 3, !turning, abs(ahead.speed - behind.speed) < 0.1 { straight += t - last }
        }
        lastTime = t
        // The device turned `mount` clockwise: course − device heading = −mount.
        if let o = estimator.estimate.mountingOffsetDegrees {
            let error = abs(o + mount)
            run.largest = max(run.largest, abs(o))
            if run.firstWithin == nil, error <= 2 { run.firstWithin = (t, straight) }
            if run.firstWithin != nil { run.worstAfter = max(run.worstAfter, error) }
            run.end = o + mount
        } else {
            run.end = nil
        }
        if t >= 2, pose.speed >= 2, let h = estimator.estimate.heading {
            let e = pose.heading.signedDifference(to: h.direction)
            squares += e * e
            count += 1
        }
    }
    run.headingRMS = count > 0 ? (squares / Double(count)).squareRoot() : .nan
    return run
}
