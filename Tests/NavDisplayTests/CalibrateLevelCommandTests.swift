import Core
import Foundation
import Platform
import Simulation
import Testing

/// `navdisplay calibrate --level` on simulated recordings: a vehicle circling slowly each way at Helsinki, with
/// magnetometer and accelerometer readings, as a unit bolted to a car would record them.
@Suite("Calibrate --level")
struct CalibrateLevelCommandTests {
    /// Hard iron and a soft iron acting in the horizontal plane (what a flat circle can observe exactly).
    static let hardIron = Vector3(x: 21, y: -14, z: 9)
    static let softIron = Matrix3(rowMajor: [1.08, 0.04, 0, 0.04, 0.95, 0, 0, 0, 1])!

    static func circles(bothWays: Bool = true) -> SimulatedRide {
        var d = SimulatedRide.Device()
        d.hardIronMicrotesla = hardIron
        d.softIron = softIron
        d.gpsHz = 0
        return SimulatedRide(
            segments: [
                .init(duration: 30, turnDegrees: 380, startSpeed: 2, pitchDegrees: 2, rollDegrees: -1),
                .init(
                    duration: 30, turnDegrees: bothWays ? -380 : 380, startSpeed: 2, pitchDegrees: 2, rollDegrees: -1),
            ], device: d, seed: 3)
    }

    @Test(
        "Two slow circles recover the horizontal distortion; the file says it is a level fit and run's loader reads it")
    func recoversTheHorizontalDistortion() throws {
        let recording = try CalibrateCommandTests.writeRecording(Self.circles(), name: "circles.navrec")
        let dir = recording.deletingLastPathComponent()
        let out = dir.appendingPathComponent("calibration.txt").path
        let frames = dir.appendingPathComponent("frames")
        let r = try NavDisplayBinary.run([
            "calibrate", "--level", "--from", recording.path, "--out", out, "--display", "png", "--png-dir",
            frames.path,
        ])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stdout.contains("level fit (vertical hard iron from WMM's dip)"), "\(r.stdout)")
        #expect(
            r.stdout.contains("note: level fit: the vertical hard iron is not observable from a flat circle"),
            "\(r.stdout)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains("\nformat 2\nfit level vertical-from-wmm\n"), "\(text)")
        let loaded = try #require(try CalibrationFile.load(out))
        #expect(loaded.fit == .level(verticalFromModel: true))
        let h = loaded.hardIronMicrotesla - Self.hardIron
        #expect((h.x * h.x + h.y * h.y).squareRoot() < 0.5, "hard iron \(loaded.hardIronMicrotesla)")
        #expect(abs(h.z) < 2, "vertical hard iron \(loaded.hardIronMicrotesla.z)")
        let product = loaded.softIron * Self.softIron
        let scale = product[0, 0]
        for i in 0..<2 {
            for j in 0..<2 {
                #expect(abs(product[i, j] - (i == j ? scale : 0)) < 0.015 * scale, "W·S[\(i),\(j)] = \(product[i, j])")
            }
        }
        #expect(loaded.quality?.coverage == 1)
        // Progress frames (one per second of readings) and the result.
        #expect(CalibrateCommandTests.pngs(in: frames).count >= 50)
    }

    @Test(
        "Readings --level cannot use are refused with a reason that says what to do, and nothing is saved",
        arguments: [
            ("one way", "circle the other way too"),
            ("tumble", "calibrate without --level"),
        ])
    func refusals(_ c: (ride: String, reason: String)) throws {
        let ride =
            c.ride == "one way"
            ? Self.circles(bothWays: false) : SimulatedRide.calibrationTumble(device: SimulatedRide.distortedDevice)
        let recording = try CalibrateCommandTests.writeRecording(ride, name: "\(c.ride).navrec")
        let out = recording.deletingLastPathComponent().appendingPathComponent("calibration.txt").path
        let r = try NavDisplayBinary.run(["calibrate", "--level", "--from", recording.path, "--out", out])
        #expect(r.status == 1)
        #expect(r.stderr.contains("calibration refused:") && r.stderr.contains(c.reason), "\(r.stderr)")
        #expect(r.stdout.contains("refused after"), "\(r.stdout)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("The same circles without --level are refused, and the reason points to --level")
    func flatCirclesWithoutLevelNameIt() throws {
        let recording = try CalibrateCommandTests.writeRecording(Self.circles(), name: "circles.navrec")
        let out = recording.deletingLastPathComponent().appendingPathComponent("calibration.txt").path
        let r = try NavDisplayBinary.run(["calibrate", "--from", recording.path, "--out", out])
        #expect(r.status == 1)
        #expect(r.stderr.contains("--level"), "\(r.stderr)")
    }

    @Test("--level on a recording without a place asks for --at, and --at makes it work")
    func needsAPlace() throws {
        let ride = Self.circles()
        let dir = try NavDisplayBinary.temporaryDirectory()
        let recording = dir.appendingPathComponent("noplace.navrec")
        let header = RecordingHeader(
            program: "CalibrateLevelCommandTests", devices: [], startUTCSeconds: ride.startUTCSeconds)
        try (RecordingFormat.headerText(header) + ride.events().map(RecordingFormat.line(for:)).joined())
            .write(to: recording, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("calibration.txt").path
        let refused = try NavDisplayBinary.run(["calibrate", "--level", "--from", recording.path, "--out", out])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("no @place") && refused.stderr.contains("--at"), "\(refused.stderr)")
        let r = try NavDisplayBinary.run([
            "calibrate", "--level", "--from", recording.path, "--out", out, "--at", "60.17,24.94",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try CalibrationFile.load(out)?.fit == .level(verticalFromModel: true))
    }

    @Test(
        "Bad --level flag combinations exit 64 with one line",
        arguments: [
            (["calibrate", "--level"], "--level needs --at LAT,LON"),
            (["calibrate", "--accel-device", "mpu6050"], "--accel-device needs --level"),
            (["calibrate", "--level", "--at", "60,25", "--accel-device"], "--accel-device expects an IIO device name"),
            (
                ["calibrate", "--from", "x.navrec", "--level", "--accel-device", "mpu6050"],
                "--accel-device applies to the live sensor"
            ),
        ])
    func usageErrors(_ c: ([String], String)) throws {
        let r = try NavDisplayBinary.run(c.0)
        #expect(r.status == 64)
        #expect(r.stderr.contains(c.1), "stderr was: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
    }
}
