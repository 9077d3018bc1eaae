import Core
import Foundation

/// A real recorded IMU trial vendored under Tests/CoreTests/Fixtures/real/ (BROAD, or x-io Fusion's example),
/// with its truth, replayed through the same path `navdisplay replay --trace` takes and scored the way issue 14
/// measures: every 10 Hz frame after the first 5 s where the truth exists and |pitch| < 60°.
public struct RealIMUTrial: Sendable {
    /// The truth at one frame instant.
    public struct Truth: Sendable, Hashable {
        public var time: Double
        public var headingDegrees: Double
        public var pitchDegrees: Double
        /// The field turned into the reference frame by the truth is more than 5 µT from the trial's median.
        public var disturbed: Bool
    }

    /// "02", "07", …, or "fusion".
    public var id: String
    public var name: String
    public var events: [SensorEvent]
    /// Keyed by the frame instant in milliseconds.
    public var truth: [Int64: Truth]
    /// The median field norm over the whole trial (µT): the `--calibration` radius.
    public var fieldRadiusMicrotesla: Double

    /// The BROAD trials vendored, by id.
    public static let broadIDs = ["02", "07", "10", "24", "29", "32", "36"]

    /// Loads BROAD trial `id` from `directory` (Tests/CoreTests/Fixtures/real).
    public static func broad(_ id: String, directory: String) throws -> RealIMUTrial {
        let base = directory + "/broad/"
        let csv = try String(contentsOfFile: base + id + ".csv", encoding: .utf8)
        let recording = try IMUCSVImport.read(csv, file: id + ".csv")
        guard recording.warnings.isEmpty else {
            throw RecordingError("\(id).csv: \(recording.warnings.count) rows skipped, first: \(recording.warnings[0])")
        }
        var truth: [Int64: Truth] = [:]
        for cells in try rows(base + id + ".truth.csv", columns: 4) {
            guard let t = Double(cells[0]), let h = Double(cells[1]), let p = Double(cells[2]),
                let key = Int64(checkedRounding: t * 1000)
            else { throw RecordingError("\(id).truth.csv: bad row \(cells)") }
            truth[key] = Truth(time: t, headingDegrees: h, pitchDegrees: p, disturbed: cells[3] == "1")
        }
        var name = id
        var radius = 0.0
        for cells in try rows(base + "trials.csv", columns: 3) where cells[0] == id {
            name = cells[1]
            radius = Double(cells[2]) ?? 0
        }
        guard radius > 0 else { throw RecordingError("trials.csv: no field radius for trial \(id)") }
        return RealIMUTrial(id: id, name: name, events: recording.events, truth: truth, fieldRadiusMicrotesla: radius)
    }

    /// x-io Fusion's example: its events, and Fusion's own AHRS heading as the (only) reference.
    public static func fusionExample(directory: String) throws -> RealIMUTrial {
        let base = directory + "/fusion/"
        let recording = try IMUCSVImport.read(
            try String(contentsOfFile: base + "sensor_data.csv", encoding: .utf8), file: "sensor_data.csv")
        var truth: [Int64: Truth] = [:]
        for cells in try rows(base + "reference.csv", columns: 2) {
            guard let t = Double(cells[0]), let h = Double(cells[1]), let key = Int64(checkedRounding: t * 1000) else {
                throw RecordingError("reference.csv: bad row \(cells)")
            }
            truth[key] = Truth(time: t, headingDegrees: h, pitchDegrees: 0, disturbed: t >= 101 && t <= 116)
        }
        var norms: [Double] = []
        for case .magnetometer(let s) in recording.events { norms.append(s.microtesla.length) }
        norms.sort()
        return RealIMUTrial(
            id: "fusion", name: "x-io Fusion sensor_data.csv", events: recording.events, truth: truth,
            fieldRadiusMicrotesla: norms.isEmpty ? 0 : norms[norms.count / 2])
    }

    static func rows(_ path: String, columns: Int) throws -> [[String]] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }.filter { $0.count == columns }
    }

    /// The identity calibration with the trial's field radius (`--calibration` in the issue's table): BROAD's
    /// magnetometer is calibrated by its authors.
    public var identityCalibration: MagnetometerCalibration {
        MagnetometerCalibration(
            hardIronMicrotesla: .zero, softIron: .identity, fieldRadiusMicrotesla: fieldRadiusMicrotesla)
    }

    /// The events without the gyroscope's readings (an accel+mag board).
    public var withoutGyroscope: [SensorEvent] {
        events.filter {
            if case .gyroscope = $0 { return false }
            return true
        }
    }

    /// Replays `events` (default: all) through a `NavigationPipeline` at 10 frames a second, as
    /// `navdisplay replay --trace` does, and returns the trace rows.
    public func replay(
        _ configuration: HeadingConfiguration, events override: [SensorEvent]? = nil, fonts: FontSet
    ) -> [TraceRow] {
        let scene = Scene(width: 800, height: 480, fonts: fonts)
        let pipeline = NavigationPipeline(
            scene: scene, orientation: .northUp, zoom: 15,
            fallbackCenter: GeoCoordinate(latitude: 52.51, longitude: 13.32), heading: configuration)
        let driver = ReplayDriver(pipeline: pipeline)
        var rows: [TraceRow] = []
        driver.play(override ?? events, interval: 0.1) { t in
            rows.append(driver.traceRow(at: t, input: pipeline.nextSceneInput()))
        }
        return rows
    }

    /// The truth at the frame instant nearest `t`, within 3 ms (a replay without the gyroscope's rows starts its
    /// frames at the first accelerometer row, 1.8 ms after the first gyroscope row the truth was sampled for).
    public func truth(near t: Double) -> Truth? {
        guard let ms = Int64(checkedRounding: t * 1000) else { return nil }
        for d in [0, -1, 1, -2, 2, -3, 3] {
            if let found = truth[ms + Int64(d)] { return found }
        }
        return nil
    }

    /// Scores trace rows against the truth.
    public func score(_ rows: [TraceRow]) -> RealTrialScore {
        var score = RealTrialScore()
        var errors: [(time: Double, error: Double?, disturbed: Bool)] = []
        for row in rows {
            let t = row.time.seconds
            guard t > 5, let truth = truth(near: t), abs(truth.pitchDegrees) < 60 else { continue }
            score.frames += 1
            var error: Double?
            if let h = row.magneticHeadingDegrees {
                let e = Angle(truth.headingDegrees).signedDifference(to: Angle(h))
                error = e
                score.withHeading += 1
                score.sumSquares += e * e
                score.maxDegrees = max(score.maxDegrees, abs(e))
                if let a = row.accuracyDegrees, abs(e) <= a { score.covered += 1 }
                if truth.disturbed { score.worstDisturbedDegrees = max(score.worstDisturbedDegrees ?? 0, abs(e)) }
            }
            if truth.disturbed { score.disturbedFrames += 1 }
            errors.append((t, error, truth.disturbed))
        }
        // Recovery: from the end of each disturbed stretch of at least 0.5 s to the first frame within 5°.
        var i = 0
        while i < errors.count {
            guard errors[i].disturbed else {
                i += 1
                continue
            }
            var j = i
            while j + 1 < errors.count, errors[j + 1].disturbed, errors[j + 1].time - errors[j].time < 0.15 { j += 1 }
            if errors[j].time - errors[i].time >= 0.5 {
                let end = errors[j].time
                let back = errors[(j + 1)...].first { $0.error.map { abs($0) <= 5 } ?? false }
                let seconds = back.map { $0.time - end } ?? .infinity
                score.longestRecoverySeconds = max(score.longestRecoverySeconds ?? 0, seconds)
            }
            i = j + 1
        }
        return score
    }
}

/// How a replay did against the truth.
public struct RealTrialScore: Sendable, Hashable {
    /// Frames measured (after 5 s, truth present, |pitch| < 60°) and those that showed a heading.
    public var frames = 0
    public var withHeading = 0
    /// Frames whose error was within the claimed accuracy.
    public var covered = 0
    public var disturbedFrames = 0
    var sumSquares = 0.0
    public var maxDegrees = 0.0
    /// The worst error on a disturbed frame; nil when none was disturbed (or none had a heading).
    public var worstDisturbedDegrees: Double?
    /// The longest time back within 5° after a disturbed stretch of at least 0.5 s; nil without such stretches.
    public var longestRecoverySeconds: Double?

    public init() {}

    public var rmsDegrees: Double { withHeading > 0 ? (sumSquares / Double(withHeading)).squareRoot() : .nan }
    /// Share of measured frames with a heading.
    public var headingShare: Double { frames > 0 ? Double(withHeading) / Double(frames) : 0 }
    /// Share of frames with a heading whose error the accuracy covers.
    public var coverage: Double { withHeading > 0 ? Double(covered) / Double(withHeading) : 0 }
}
