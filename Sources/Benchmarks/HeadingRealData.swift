import Core
import Foundation
import Simulation

/// The real-data table of the heading benchmark: every vendored BROAD trial replayed at 10 frames a second
/// through the replay path, gyro+accel+mag and accel+mag only (and the compass-only path the filter replaced),
/// beside VQF and Fusion as `scripts/heading/baselines.py` measured them on the full-rate data (read from
/// Tests/CoreTests/Fixtures/real/baselines.csv, committed beside the fixtures; rerun the script to refresh it).
func runRealHeadingTable(fixtures: String = "Tests/CoreTests/Fixtures/real") {
    let fonts: FontSet
    do { fonts = try FontSet.load() } catch {
        print("heading benchmark: real data skipped, no fonts: \(error)")
        return
    }
    var baselines: [String: (rms: String, worst: String)] = [:]
    if let text = try? String(contentsOfFile: fixtures + "/baselines.csv", encoding: .utf8) {
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("trial") {
            let c = line.split(separator: ",").map(String.init)
            if c.count >= 5 { baselines[c[0] + "/" + c[1]] = (c[2], c[4]) }
        }
    } else {
        print("heading benchmark: \(fixtures)/baselines.csv missing: run scripts/heading/baselines.py")
    }
    print("Heading on real IMU data (BROAD, optical truth): magnetic heading of sensor x, frames at 10 Hz after 5 s,")
    print("|pitch| < 60°; identity calibration with the trial's field radius. RMS / worst while disturbed (°);")
    print("avail = share of frames with a heading; cover = share whose error is within the claimed accuracy.")
    print("VQF and Fusion: full rate, default settings, from baselines.csv. plain = RMS of a plain tilt-compensated")
    print("compass (the latest accelerometer and magnetometer readings at each frame, no filter, no gate).")
    print("")
    let header = [
        "trial", "gyro+acc+mag", "avail", "cover", "recov s", "acc+mag", "avail", "cover", "plain", "old path",
        "VQF", "Fusion",
    ]
    let widths = [6, 14, 6, 6, 8, 14, 6, 6, 7, 14, 12, 12]
    func row(_ cells: [String]) -> String {
        zip(cells, widths).map { $0.0.padding(toLength: $0.1, withPad: " ", startingAt: 0) }.joined(separator: " ")
    }
    func pair(_ s: RealTrialScore) -> String {
        String(format: "%.2f / %.0f", s.rmsDegrees, s.worstDisturbedDegrees ?? 0)
    }
    func pct(_ x: Double) -> String { String(format: "%.0f%%", 100 * x) }
    print(row(header))
    for id in RealIMUTrial.broadIDs {
        let trial: RealIMUTrial
        do { trial = try RealIMUTrial.broad(id, directory: fixtures) } catch {
            print("\(id): \(error)")
            continue
        }
        var config = HeadingConfiguration(calibration: trial.identityCalibration)
        let full = trial.score(trial.replay(config, fonts: fonts))
        let noGyro = trial.score(trial.replay(config, events: trial.withoutGyroscope, fonts: fonts))
        config.gyroscopeDrivesHeading = false
        let old = trial.score(trial.replay(config, fonts: fonts))
        let vqf = baselines[id + "/vqf"].map { "\($0.rms) / \($0.worst)" } ?? "-"
        let fusion = baselines[id + "/fusion"].map { "\($0.rms) / \($0.worst)" } ?? "-"
        let recovery = full.longestRecoverySeconds.map { String(format: "%.1f", $0) } ?? "-"
        print(
            row([
                id, pair(full), pct(full.headingShare), pct(full.coverage), recovery, pair(noGyro),
                pct(noGyro.headingShare), pct(noGyro.coverage), String(format: "%.2f", plainCompassRMS(trial)),
                pair(old), vqf, fusion,
            ]))
    }
    // Uncalibrated (no --calibration): the gyro path on raw fields, and x-io's example against Fusion's own AHRS.
    var uncalibrated: [String] = []
    for id in RealIMUTrial.broadIDs {
        guard let trial = try? RealIMUTrial.broad(id, directory: fixtures) else { continue }
        let s = trial.score(trial.replay(HeadingConfiguration(), fonts: fonts))
        uncalibrated.append("\(id) \(pair(s)) \(pct(s.headingShare)) cover \(pct(s.coverage))")
    }
    print("uncalibrated, gyro+acc+mag: " + uncalibrated.joined(separator: "; "))
    if let fusion = try? RealIMUTrial.fusionExample(directory: fixtures) {
        let s = fusion.score(fusion.replay(HeadingConfiguration(), fonts: fonts))
        let noGyro = fusion.score(fusion.replay(HeadingConfiguration(), events: fusion.withoutGyroscope, fonts: fonts))
        print(
            "x-io sensor_data.csv, uncalibrated, against Fusion's AHRS: gyro+acc+mag \(pair(s)) (magnet 101–116 s), "
                + "avail \(pct(s.headingShare)), cover \(pct(s.coverage)); acc+mag \(pair(noGyro)), "
                + "avail \(pct(noGyro.headingShare)), cover \(pct(noGyro.coverage))")
    }
    print("")
}

/// A plain tilt-compensated compass on the trial: the latest accelerometer and magnetometer readings at each
/// 10 Hz frame, no filter, no gate; its RMS over the frames the table measures (issue 14's "no worse than" mark
/// for the accel+mag-only path).
func plainCompassRMS(_ trial: RealIMUTrial) -> Double {
    var force: Vector3?
    var field: Vector3?
    var sum = 0.0
    var count = 0
    guard let first = trial.events.first?.time else { return .nan }
    var next = first
    for event in trial.events {
        while event.time.seconds(since: next) > 0 {
            if next.seconds > 5, let truth = trial.truth(near: next.seconds), abs(truth.pitchDegrees) < 60,
                let f = force, let b = field, let down = TiltCompensation.down(fromSpecificForce: f),
                let h = TiltCompensation.heading(field: b, down: down)
            {
                let e = Angle(truth.headingDegrees).signedDifference(to: h.heading)
                sum += e * e
                count += 1
            }
            next = next.adding(seconds: 0.1)
        }
        switch event {
        case .accelerometer(let s): force = s.metresPerSecondSquared
        case .magnetometer(let s): field = s.microtesla
        default: break
        }
    }
    return count > 0 ? (sum / Double(count)).squareRoot() : .nan
}
