import Core
import Foundation
import Simulation
import Testing

/// A recording that carries gyroscope lines (`gyr`, as `navdisplay record` writes them from an IIO gyroscope)
/// replays through the built binary into headings that use them: through a turn between 1 Hz fixes with a magnet
/// passing, the same file without its gyroscope lines follows the truth clearly worse.
@Suite("Gyroscope in a replay")
struct GyroscopeReplayTests {
    /// A 26 s ride with a 90° turn at 16–20 s between slow fixes, and a magnet passing at 14 s.
    static let ride: SimulatedRide = {
        var device = SimulatedRide.distortedDevice
        device.gyroscopeHz = 50
        var ride = SimulatedRide(
            initialHeadingDegrees: 20,
            segments: [
                .init(duration: 10, startSpeed: 6), .init(duration: 2, startSpeed: 6, endSpeed: 4),
                .init(duration: 4, turnDegrees: 90, startSpeed: 4), .init(duration: 2, startSpeed: 4, endSpeed: 6),
                .init(duration: 8, startSpeed: 6),
            ], device: device, seed: 31)
        ride.magnets = [
            SimulatedRide.Magnet(atSeconds: 14, widthSeconds: 1.5, peakMicrotesla: Vector3(x: -20, y: 15, z: 10))
        ]
        return ride
    }()

    static func calibration() throws -> MagnetometerCalibration {
        var session = CalibrationSession()
        for case .magnetometer(let s) in SimulatedRide.calibrationTumble(
            device: SimulatedRide.distortedDevice, seed: 42
        ).events() {
            session.add(s)
        }
        return try session.finish()
    }

    /// Writes `events` as a recording with the calibration in its header, replays it, and returns the RMS error
    /// in degrees of the true heading against the ride's truth from 11 to 19 s, with the number of rows it had.
    static func replayError(_ events: [SensorEvent], gyroscope: Bool, in dir: URL) throws -> (rms: Double, rows: Int) {
        var header = RecordingHeader(
            program: "GyroscopeReplayTests", calibration: try calibration(), startUTCSeconds: ride.startUTCSeconds)
        header.devices = [
            .init(role: "magnetometer", name: "simulated"), .init(role: "accelerometer", name: "simulated"),
        ]
        if gyroscope { header.devices.append(.init(role: "gyroscope", name: "simulated")) }
        let text = RecordingFormat.headerText(header) + events.map { RecordingFormat.line(for: $0) + "\n" }.joined()
        let file = dir.appendingPathComponent(gyroscope ? "with-gyro.navrec" : "without-gyro.navrec")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let trace = dir.appendingPathComponent(gyroscope ? "with-gyro.csv" : "without-gyro.csv")
        let run = try NavDisplayBinary.run([
            "replay", file.path, "--speed", "max", "--fps", "10", "--trace", trace.path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").dropFirst()
        var errors: [Double] = []
        for line in lines {
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 12, let t = Double(f[0]), (11..<19).contains(t) else { continue }
            // A frame without a true heading counts as a full miss rather than being left out.
            let heading = Double(f[6]).flatMap { Angle(degrees: $0) }
            errors.append(heading.map { ride.pose(at: t).heading.signedDifference(to: $0) } ?? 180)
        }
        let rms = errors.isEmpty ? .infinity : (errors.map { $0 * $0 }.reduce(0, +) / Double(errors.count)).squareRoot()
        return (rms, errors.count)
    }

    @Test func gyroscopeLinesInARecordingHoldTheHeadingThroughATurnBetweenFixes() throws {
        let dir = try NavDisplayBinary.temporaryDirectory()
        let events = Self.ride.events()
        let gyroLines = events.filter { if case .gyroscope = $0 { return true } else { return false } }
        #expect(gyroLines.count > 1000)
        let with = try Self.replayError(events, gyroscope: true, in: dir)
        let without = try Self.replayError(
            events.filter { if case .gyroscope = $0 { return false } else { return true } }, gyroscope: false, in: dir)
        #expect(with.rows >= 70 && without.rows >= 70)
        #expect(with.rms < 2, "RMS \(with.rms)° with the gyroscope, \(without.rms)° without")
        #expect(with.rms < without.rms / 2, "RMS \(with.rms)° with the gyroscope, \(without.rms)° without")
    }
}
