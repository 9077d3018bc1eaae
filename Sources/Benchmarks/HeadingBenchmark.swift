import Core
import Foundation
import Simulation

/// Heading error on simulated rides for three estimators: a naive atan2 of the raw field, the α = 0.04
/// exponential sin/cos filter a popular phone navigator ships (fed the same calibrated, tilt-compensated,
/// declination-corrected heading ours starts from), and our `HeadingEstimator`. Prints one table.
func runHeadingBenchmark() {
    // HEADING_MOUNT_ONLY=1 prints only the mounting-offset table (for a quick look at the offset).
    let mountOnly = ProcessInfo.processInfo.environment["HEADING_MOUNT_ONLY"] == "1"
    // HEADING_SIM_ONLY=1 skips the real trials (for a quick look at the simulated scenarios).
    let simOnly = ProcessInfo.processInfo.environment["HEADING_SIM_ONLY"] == "1"
    if !mountOnly && !simOnly { runRealHeadingTable() }
    // HEADING_REAL_ONLY=1 skips the simulated scenarios (for a quick look at the real trials).
    if ProcessInfo.processInfo.environment["HEADING_REAL_ONLY"] == "1" { return }
    let helsinki = GeoCoordinate(latitude: 60.1699, longitude: 24.9384)
    let distorted = SimulatedRide.distortedDevice
    // One calibration per device, fitted from a simulated tumble of that device (as `navdisplay calibrate` would).
    let calibration: MagnetometerCalibration
    do {
        var session = CalibrationSession()
        for case .magnetometer(let s) in SimulatedRide.calibrationTumble(device: distorted, seed: 99).events() {
            session.add(s)
        }
        calibration = try session.finish()
    } catch {
        print("heading benchmark: calibration of the simulated device failed: \(error)")
        return
    }
    // And a level calibration of the same device, as `navdisplay calibrate --level` makes for a unit bolted to a
    // vehicle: a slow circle each way, turning flat (it cannot see the soft iron's cross terms with the vertical).
    let levelCalibration: MagnetometerCalibration
    do {
        var d = distorted
        d.gpsHz = 0
        let circle = { (degrees: Double) in SimulatedRide.Segment(duration: 30, turnDegrees: degrees, startSpeed: 2) }
        let drive = SimulatedRide(segments: [circle(380), circle(-380)], device: d, seed: 98)
        var session = CalibrationSession.level(
            modelField: MagneticModel.wmm2025.field(
                at: drive.start, decimalYear: DecimalYear.from(utcSeconds: drive.startUTCSeconds)))
        for e in drive.events() {
            switch e {
            case .magnetometer(let s): session.add(s)
            case .accelerometer(let s): session.add(s)
            default: break
            }
        }
        levelCalibration = try session.finish()
    } catch {
        print("heading benchmark: level calibration of the simulated device failed: \(error)")
        return
    }
    let earth = SimulatedRide(segments: [.init(duration: 1)]).earthFieldMicrotesla
    let earthH = (earth.x * earth.x + earth.y * earth.y).squareRoot()

    var scenarios: [HeadingBenchmarkScenario] = []
    // 1. Still, then an instant 90° turn: 1° of heading noise (per-axis noise = H · 1°).
    var quietDevice = SimulatedRide.Device()
    quietDevice.gpsHz = 0
    quietDevice.magnetometerNoiseMicrotesla = earthH * .pi / 180
    scenarios.append(
        .init(
            name: "step 90°, 1° noise",
            ride: SimulatedRide(
                initialHeadingDegrees: 10, segments: [.init(duration: 6), .init(duration: 6, stepDegrees: 90)],
                device: quietDevice),
            calibration: MagnetometerCalibration(
                hardIronMicrotesla: .zero, softIron: .identity, fieldRadiusMicrotesla: earth.length),
            stepAt: 6, stepDegrees: 90))
    // 2. Turned by hand while tilting ±30°, with hard and soft iron.
    var handheld = distorted
    handheld.gpsHz = 0
    scenarios.append(
        .init(
            name: "tilt ±30°, hard+soft iron",
            ride: SimulatedRide(
                initialHeadingDegrees: 40,
                segments: [
                    .init(duration: 8, pitchSwingDegrees: 30, rollSwingDegrees: 30, swingPeriod: 3),
                    .init(duration: 6, turnDegrees: 120, pitchSwingDegrees: 30, rollSwingDegrees: 30, swingPeriod: 3),
                    .init(duration: 8, pitchSwingDegrees: 30, rollSwingDegrees: 30, swingPeriod: 3),
                    .init(duration: 9, turnDegrees: -200, pitchSwingDegrees: 30, rollSwingDegrees: 30, swingPeriod: 3),
                    .init(duration: 8, pitchSwingDegrees: 30, rollSwingDegrees: 30, swingPeriod: 3),
                ], device: handheld, seed: 11),
            calibration: calibration))
    // 3. A ride through town: turns at junctions, two stops at lights, road vibration.
    func ride(_ extra: [SimulatedRide.Segment] = []) -> [SimulatedRide.Segment] {
        let v = 6.0
        let slow = 4.0
        func seg(_ d: Double, turn: Double = 0, from: Double, to: Double? = nil) -> SimulatedRide.Segment {
            .init(
                duration: d, turnDegrees: turn, startSpeed: from, endSpeed: to ?? from, pitchSwingDegrees: 4,
                rollSwingDegrees: 4, swingPeriod: 1.3)
        }
        return [
            seg(4, from: 0, to: v), seg(20, from: v), seg(2, from: v, to: slow), seg(4, turn: 90, from: slow),
            seg(2, from: slow, to: v), seg(15, from: v), seg(4, from: v, to: 0), .init(duration: 15),
            seg(4, from: 0, to: slow),
            seg(5, turn: -120, from: slow), seg(2, from: slow, to: v), seg(20, from: v),
        ] + extra
    }
    scenarios.append(
        .init(
            name: "ride: turns, stops",
            ride: SimulatedRide(
                start: helsinki, initialHeadingDegrees: 70, segments: ride(), device: distorted, seed: 21),
            calibration: calibration))
    scenarios.append(
        .init(
            name: "the same, level calibration",
            ride: SimulatedRide(
                start: helsinki, initialHeadingDegrees: 70, segments: ride(), device: distorted, seed: 21),
            calibration: levelCalibration))
    // The same ride on a bicycle, leaning into its turns: the sideways force a car feels stays along the bike.
    var bike = SimulatedRide(start: helsinki, initialHeadingDegrees: 70, segments: ride(), device: distorted, seed: 21)
    bike.leansIntoTurns = true
    scenarios.append(.init(name: "the same, leaning bike", ride: bike, calibration: calibration))
    // 4. The same ride with cars (magnets) passing: a disturbed compass while moving. The receiver's fix phase
    // comes from the seed: where a turn starts between two fixes decides how late a 1 Hz course sees it.
    func magnetRide(seed: UInt64, withMagnets: Bool = true) -> SimulatedRide {
        SimulatedRide.throughTown(seed: seed, cars: withMagnets)
    }
    if mountOnly {
        printMountingOffsetLearning(calibration: calibration) { withMagnets in
            magnetRide(seed: 22, withMagnets: withMagnets)
        }
        return
    }
    var magnets = magnetRide(seed: 22)
    scenarios.append(.init(name: "ride, magnets passing", ride: magnets, calibration: calibration, movingOnly: true))
    // The same with a 5 Hz receiver: less to extrapolate between fixes at the start and end of turns.
    magnets.device.gpsHz = 5
    scenarios.append(.init(name: "ride, magnets, 5 Hz GPS", ride: magnets, calibration: calibration, movingOnly: true))
    // And at 1 Hz with a gyroscope (50 Hz, 0.17 °/s noise, biased) to carry the course between fixes.
    magnets.device.gpsHz = 1
    magnets.device.gyroscopeHz = 50
    scenarios.append(
        .init(name: "ride, magnets, 1 Hz + gyro", ride: magnets, calibration: calibration, movingOnly: true))
    scenarios.append(
        .init(
            name: "  same, compass-only path", ride: magnets, calibration: calibration, movingOnly: true,
            gyroscopeDrivesHeading: false))
    // 5. Waiting at a light while a car passes close by.
    var lights = SimulatedRide(
        start: helsinki, initialHeadingDegrees: 200,
        segments: [
            .init(duration: 6, startSpeed: 5, endSpeed: 0), .init(duration: 30),
            .init(duration: 6, startSpeed: 0, endSpeed: 5),
        ],
        device: distorted, seed: 23)
    lights.magnets = [
        SimulatedRide.Magnet(atSeconds: 20, widthSeconds: 1.5, peakMicrotesla: Vector3(x: 25, y: -20, z: 15))
    ]
    scenarios.append(.init(name: "stopped, magnet passing", ride: lights, calibration: calibration))
    // 6. The unit clamped 20° askew on the handlebar.
    var askew = distorted
    askew.mountYawDegrees = 20
    scenarios.append(
        .init(
            name: "ride, 20° mounting offset",
            ride: SimulatedRide(
                start: helsinki, initialHeadingDegrees: 300,
                segments: ride([
                    // Then a stop and on slower than course mode: the compass, with the learned offset, drives the heading.
                    .init(duration: 4, startSpeed: 6, endSpeed: 0), .init(duration: 8),
                    .init(duration: 2, startSpeed: 0, endSpeed: 2),
                    .init(duration: 6, startSpeed: 2), .init(duration: 6, turnDegrees: 90, startSpeed: 2),
                    .init(duration: 10, startSpeed: 2),
                ]), device: askew, seed: 24),
            calibration: calibration))

    print("Heading benchmark: simulated 50 Hz magnetometer and accelerometer, 1 Hz GPS, Helsinki, WMM2025.")
    print("Errors against the vehicle's true heading, degrees; naive = atan2 of the raw field + declination; ")
    print(
        "α0.04 = exponential sin/cos filter on our calibrated, tilt-compensated heading; lag = 90 % step time for the")
    print("step, else the best-fit delay; jitter = σ of the error about its mean where the truth held still for 3 s;")
    print("avail = share of samples with a heading.")
    print("")
    let header = ["scenario", "method", "RMS °", "p95 °", "lag ms", "jitter °", "avail"]
    let widths = [28, 7, 8, 8, 8, 9, 6]
    func row(_ cells: [String]) -> String {
        zip(cells, widths).enumerated().map { i, p in
            i < 2
                ? p.0.padding(toLength: p.1, withPad: " ", startingAt: 0)
                : String(repeating: " ", count: max(0, p.1 - p.0.count)) + p.0
        }.joined(separator: " ")
    }
    print(row(header))
    print(String(repeating: "-", count: widths.reduce(0, +) + widths.count - 1))
    var ourCost = 0.0
    var emaCost = 0.0
    var events = 0
    for s in scenarios {
        let result = s.run()
        ourCost += result.ourSeconds
        emaCost += result.emaSeconds
        events += result.eventCount
        for (method, m) in [("naive", result.naive), ("α0.04", result.ema), ("ours", result.ours)] {
            print(
                row([
                    method == "naive" ? s.name : "", method, formatFixed(m.rms, digits: 2),
                    formatFixed(m.p95, digits: 2),
                    m.lagMilliseconds.map { formatFixed($0, digits: 0) } ?? "-", formatFixed(m.jitter, digits: 3),
                    formatFixed(m.availability * 100, digits: 0) + "%",
                ]))
        }
    }
    print("")
    print(
        "cost: ours \(formatFixed(ourCost / Double(events) * 1e9, digits: 0)) ns/event, α0.04 pipeline "
            + "\(formatFixed(emaCost / Double(events) * 1e9, digits: 0)) ns/event (ratio \(formatFixed(ourCost / emaCost, digits: 2))×)"
    )
    print("targets: tilt+iron RMS ≤ 1°; magnets while moving RMS ≤ 2°; step 90 % ≤ 250 ms with jitter σ ≤ 0.3°")
    print("")
    printMountingOffsetLearning(calibration: calibration) { withMagnets in
        magnetRide(seed: 22, withMagnets: withMagnets)
    }
    printMovingErrorBreakdown(seeds: Array(1...8), calibration: calibration) { seed, withMagnets in
        magnetRide(seed: seed, withMagnets: withMagnets)
    }
}

/// One simulated ride and how to score it.
struct HeadingBenchmarkScenario {
    var name: String
    var ride: SimulatedRide
    var calibration: MagnetometerCalibration
    var stepAt: Double?
    var stepDegrees: Double = 0
    /// Score only while the vehicle moves faster than 2 m/s.
    var movingOnly = false
    /// The estimator's settings for the sideways-acceleration turn (to measure what it brings).
    var lateralTurn = LateralTurnSensor.Settings()
    /// False keeps the compass-only path with the gyroscope only carrying the course (the pre-filter design).
    var gyroscopeDrivesHeading = true

    struct Metrics {
        var rms = 0.0, p95 = 0.0, jitter = 0.0, availability = 0.0
        var lagMilliseconds: Double?
    }

    struct Result {
        var naive: Metrics, ema: Metrics, ours: Metrics
        var ourSeconds: Double, emaSeconds: Double, eventCount: Int
        /// Our error at each scored sample (time in seconds, error and the accuracy we reported, in degrees; nil
        /// without a heading).
        var ourErrors: [(time: Double, degrees: Double?, accuracy: Double?)]
        /// The sideways-force gain our estimator had learned by the end (nil: not learned).
        var sidewaysForceGain: Double?
    }

    func run() -> Result {
        let events = ride.events()
        let declination = MagneticModel.wmm2025.field(
            at: ride.start, decimalYear: DecimalYear.from(utcSeconds: ride.startUTCSeconds)
        )
        .declinationDegrees
        var config = HeadingConfiguration(calibration: calibration)
        config.gyroscopeDrivesHeading = gyroscopeDrivesHeading
        config.lateralTurn = lateralTurn
        config.fallbackCoordinate = ride.start
        config.fallbackDecimalYear = DecimalYear.from(utcSeconds: ride.startUTCSeconds)
        var estimator = HeadingEstimator(configuration: config)
        var ema = ExponentialHeadingFilter(alpha: 0.04)
        var accel: Vector3?
        var times: [Double] = []
        var truth: [Double] = []
        var naive: [Double?] = []
        var smoothed: [Double?] = []
        var ours: [Double?] = []
        var accuracy: [Double?] = []
        let clock = ContinuousClock()
        var ourTime = Duration.zero
        var emaTime = Duration.zero
        for e in events {
            let t0 = clock.now
            estimator.apply(e)
            ourTime += clock.now - t0
            let t1 = clock.now
            var emaOut: Double?
            switch e {
            case .accelerometer(let a):
                accel = a.metresPerSecondSquared
            case .magnetometer(let m):
                let b = calibration.apply(m.microtesla)
                let down = accel.flatMap { TiltCompensation.down(fromSpecificForce: $0) } ?? TiltCompensation.levelDown
                if let h = TiltCompensation.heading(field: b, down: down) {
                    emaOut = ema.update(h.heading.rotated(by: declination)).degrees
                }
            default:
                break
            }
            emaTime += clock.now - t1
            guard case .magnetometer(let m) = e else { continue }
            let t = m.time.seconds
            guard t >= 2 else { continue }
            if movingOnly && ride.pose(at: t).speed < 2 { continue }
            times.append(t)
            truth.append(ride.pose(at: t).heading.degrees)
            naive.append(atan2(-m.microtesla.y, m.microtesla.x) * 180 / .pi + declination)
            smoothed.append(emaOut)
            ours.append(estimator.estimate.heading?.direction.degrees)
            accuracy.append(estimator.estimate.heading?.accuracyDegrees)
        }
        func seconds(_ d: Duration) -> Double {
            Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
        }
        return Result(
            naive: score(naive, times, truth), ema: score(smoothed, times, truth), ours: score(ours, times, truth),
            ourSeconds: seconds(ourTime), emaSeconds: seconds(emaTime), eventCount: events.count,
            ourErrors: zip(zip(times, truth), zip(ours, accuracy)).map { tt, oa in
                (tt.0, oa.0.map { Angle(tt.1).signedDifference(to: Angle($0)) }, oa.1)
            },
            sidewaysForceGain: estimator.estimate.sidewaysForceGain)
    }

    func score(_ output: [Double?], _ times: [Double], _ truth: [Double]) -> Metrics {
        var errors: [Double] = []
        // Jitter: the spread of the error about its mean within each run of samples where the truth has held
        // still for the last 3 s (so what is left is noise, not a step or turn still being followed).
        var runs: [[Double]] = [[]]
        for (i, (o, tr)) in zip(output, truth).enumerated() {
            guard let o else {
                runs.append([])
                continue
            }
            let e = Angle(tr).signedDifference(to: Angle(o))
            errors.append(e)
            let held = [0.75, 1.5, 2.25, 3].allSatisfy {
                abs(ride.pose(at: times[i] - $0).heading.signedDifference(to: Angle(tr))) < 1e-6
            }
            if held { runs[runs.count - 1].append(e) } else if !(runs.last?.isEmpty ?? true) { runs.append([]) }
        }
        var m = Metrics()
        guard !errors.isEmpty else { return m }
        m.availability = Double(errors.count) / Double(output.count)
        m.rms = rms(errors)
        let sorted = errors.map(abs).sorted()
        m.p95 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))]
        var squares = 0.0
        var count = 0
        for run in runs where run.count >= 10 {
            let mean = run.reduce(0, +) / Double(run.count)
            squares += run.map { ($0 - mean) * ($0 - mean) }.reduce(0, +)
            count += run.count
        }
        m.jitter = count > 0 ? (squares / Double(count)).squareRoot() : .nan
        if let stepAt {
            let before = ride.pose(at: stepAt - 0.01).heading
            let hit = zip(times, output).first { t, o in
                guard t >= stepAt, let o else { return false }
                return before.signedDifference(to: Angle(o)) * (stepDegrees >= 0 ? 1 : -1) >= 0.9 * abs(stepDegrees)
            }
            m.lagMilliseconds = hit.map { ($0.0 - stepAt) * 1000 }
        } else {
            // The delay (0…1.5 s) that best explains the output as a late copy of the truth.
            var best = (delay: 0.0, rms: Double.infinity)
            for k in 0...75 {
                let delay = Double(k) * 0.02
                var sum = 0.0
                var n = 0
                for (t, o) in zip(times, output) {
                    guard let o, t - delay >= 0 else { continue }
                    let e = ride.pose(at: t - delay).heading.signedDifference(to: Angle(o))
                    sum += e * e
                    n += 1
                }
                if n > 0, (sum / Double(n)).squareRoot() < best.rms - 1e-9 {
                    best = (delay, (sum / Double(n)).squareRoot())
                }
            }
            m.lagMilliseconds = best.delay * 1000
        }
        return m
    }
}
