import Core
import Foundation
import Platform
import Simulation
import Testing

@testable import NavDisplay

/// `navdisplay calibrate --from FILE` on recordings made with the heading simulator, whose distortion is known.
@Suite("Calibrate command")
struct CalibrateCommandTests {
    /// Writes `ride`'s events as a navdisplay recording with a header naming the place and date.
    static func writeRecording(_ ride: SimulatedRide, name: String) throws -> URL {
        let dir = try NavDisplayBinary.temporaryDirectory()
        let url = dir.appendingPathComponent(name)
        let header = RecordingHeader(
            program: "CalibrateCommandTests",
            devices: [.init(role: "magnetometer", name: "simulated", rateHertz: ride.device.magnetometerHz)],
            startUTCSeconds: ride.startUTCSeconds, place: ride.start, notes: ["simulated: \(name)"])
        let text = RecordingFormat.headerText(header) + ride.events().map(RecordingFormat.line(for:)).joined()
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    static func pngs(in dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasSuffix(".png") }
            .sorted()
    }

    @Test("A tumble with a known distortion is recovered, saved, and read back by run's loader")
    func recoversAKnownDistortion() throws {
        let device = SimulatedRide.distortedDevice
        let recording = try Self.writeRecording(SimulatedRide.calibrationTumble(device: device), name: "tumble.navrec")
        let dir = recording.deletingLastPathComponent()
        let out = dir.appendingPathComponent("state/calibration.txt").path  // the folder does not exist yet
        let frames = dir.appendingPathComponent("frames")
        let r = try NavDisplayBinary.run([
            "calibrate", "--from", recording.path, "--out", out, "--display", "png", "--png-dir", frames.path,
        ])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stdout.contains("accepted"), "\(r.stdout)")
        #expect(r.stdout.contains("saved to \(out)"))

        let loaded = try #require(try CalibrationFile.load(out))
        #expect(
            (loaded.hardIronMicrotesla - device.hardIronMicrotesla).length < 0.5,
            "hard iron \(loaded.hardIronMicrotesla)")
        // The correction undoes the soft iron up to one overall scale: W · S is a multiple of the identity.
        let product = loaded.softIron * device.softIron
        let scale = product[0, 0]
        for i in 0..<3 {
            for j in 0..<3 {
                #expect(abs(product[i, j] - (i == j ? scale : 0)) < 0.01 * scale, "W·S[\(i),\(j)] = \(product[i, j])")
            }
        }
        let quality = try #require(loaded.quality)
        #expect(quality.residualPercent < 3)
        // The recording's place and date give WMM's field, saved for the disturbance gate.
        let expected = try #require(loaded.expectedFieldMicrotesla)
        #expect(abs(expected - SimulatedRide.calibrationTumble(device: device).earthFieldMicrotesla.length) < 0.01)
        // Progress frames, one per second of readings, then the result frame.
        #expect(Self.pngs(in: frames).count >= 30, "\(Self.pngs(in: frames))")
    }

    @Test("A run that turns only 40° is refused with the reason and exit status 1, and nothing is saved")
    func refusesAPoorRun() throws {
        var device = SimulatedRide.distortedDevice
        device.gpsHz = 0
        let ride = SimulatedRide(segments: [.init(duration: 40, turnDegrees: 40)], device: device)
        let recording = try Self.writeRecording(ride, name: "poor.navrec")
        let dir = recording.deletingLastPathComponent()
        let out = dir.appendingPathComponent("calibration.txt").path
        let frames = dir.appendingPathComponent("frames")
        let r = try NavDisplayBinary.run([
            "calibrate", "--from", recording.path, "--out", out, "--display", "png", "--png-dir", frames.path,
        ])
        #expect(r.status == 1)
        #expect(r.stderr.contains("calibration refused:"), "\(r.stderr)")
        // The reason says what to do, whichever check failed first.
        #expect(r.stderr.contains("turn") || r.stderr.contains("tilt") || r.stderr.contains("ellipsoid"), "\(r.stderr)")
        #expect(r.stdout.contains("refused after"))
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(!Self.pngs(in: frames).isEmpty, "the refusal is shown on the screen too")
    }

    @Test("A refused calibration leaves the previous file as it was")
    func refusalKeepsTheOldFile() throws {
        let ride = SimulatedRide(
            segments: [.init(duration: 20, turnDegrees: 40)], device: SimulatedRide.distortedDevice)
        let recording = try Self.writeRecording(ride, name: "poor.navrec")
        let out = recording.deletingLastPathComponent().appendingPathComponent("calibration.txt").path
        let old = MagnetometerCalibration(
            hardIronMicrotesla: Vector3(x: 1, y: 2, z: 3), softIron: .identity, fieldRadiusMicrotesla: 50)
        try CalibrationFile.save(old, to: out)
        let r = try NavDisplayBinary.run(["calibrate", "--from", recording.path, "--out", out])
        #expect(r.status == 1)
        #expect(try CalibrationFile.load(out) == old)
    }

    @Test("--min-samples raises the bar: the same tumble with too few distinct readings is refused")
    func minimumSamplesIsApplied() throws {
        let ride = SimulatedRide.calibrationTumble(device: SimulatedRide.distortedDevice, seconds: 10)
        let recording = try Self.writeRecording(ride, name: "short.navrec")
        let out = recording.deletingLastPathComponent().appendingPathComponent("calibration.txt").path
        let r = try NavDisplayBinary.run(["calibrate", "--from", recording.path, "--out", out, "--min-samples", "3000"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("need 3000"), "\(r.stderr)")
    }

    @Test("--duration uses only the start of a recording")
    func durationCutsTheRecording() throws {
        let recording = try Self.writeRecording(
            SimulatedRide.calibrationTumble(device: SimulatedRide.distortedDevice), name: "tumble.navrec")
        let out = recording.deletingLastPathComponent().appendingPathComponent("calibration.txt").path
        let r = try NavDisplayBinary.run(["calibrate", "--from", recording.path, "--out", out, "--duration", "5"])
        // Five seconds of a minute-long tumble is a sliver of the sphere.
        #expect(r.status == 1)
        #expect(r.stdout.contains("refused after 5.0 s"), "\(r.stdout)")
    }

    /// Under `Restart=always` a run that exits on a bad calibration file is a restart loop with no map (issue #16,
    /// class 3): the map comes up uncalibrated, and the log and the HUD say why.
    @Test(
        "run with a corrupt or empty calibration file still comes up, uncalibrated, and says why",
        arguments: ["format 1\nhard_iron_ut 1 2\n", ""])
    func runComesUpDespiteABadCalibrationFile(_ contents: String) throws {
        let dir = try NavDisplayBinary.temporaryDirectory()
        let path = dir.appendingPathComponent("calibration.txt").path
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        let frames = dir.appendingPathComponent("f")
        let r = try NavDisplayBinary.run(
            [
                "run", "--calibration", path, "--no-gps", "--display", "png", "--png-dir", frames.path,
            ], stopWhen: { !Self.pngs(in: frames).isEmpty })
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(path) && r.stdout.contains("compass uncalibrated"), "\(r.stdout)")
        #expect(!Self.pngs(in: frames).isEmpty)
    }

    @Test("run's loader treats a missing file as uncalibrated")
    func missingFileIsUncalibrated() throws {
        let dir = try NavDisplayBinary.temporaryDirectory()
        #expect(try CalibrationFile.load(dir.appendingPathComponent("none.txt").path) == nil)
    }

    @Test(
        "Bad calibrate flags exit 64 with one line naming the flag",
        arguments: [
            (["calibrate", "--duration", "abc"], "--duration expects seconds from 5 to 600, got \"abc\""),
            (["calibrate", "--duration", "1"], "--duration expects seconds from 5 to 600"),
            (["calibrate", "--min-samples", "0"], "--min-samples expects a whole number from 20 to 3000, got \"0\""),
            (["calibrate", "--min-samples", "1.5"], "--min-samples expects a whole number"),
            (["calibrate", "--at", "95,0"], "--at expects LAT,LON"),
            (["calibrate", "--from"], "--from expects a recording file, got nothing"),
            (["calibrate", "--out", "dir/"], "--out expects a file name"),
            (
                ["calibrate", "--from", "x.navrec", "--mag-device", "hmc5883l"],
                "--mag-device applies to the live sensor"
            ),
            (
                ["calibrate", "--from", "x.navrec", "--board-orientation", "y,x,-z"],
                "--board-orientation applies to the live sensor, not to --from FILE"
            ),
            (
                ["calibrate", "--board-orientation", "x,x,z"],
                "--board-orientation expects three signed axes that turn, not mirror, such as y,x,-z, got \"x,x,z\""
            ),
            (["calibrate", "--sample-rate", "0"], "--sample-rate expects hertz from 0.5 to 200, got \"0\""),
            (["calibrate", "--bogus"], "unknown option --bogus"),
            (["calibrate", "stray"], "unexpected argument \"stray\""),
            (["run", "--calibration"], "--calibration expects a calibration file, got nothing"),
        ])
    func usageErrors(_ c: ([String], String)) throws {
        let r = try NavDisplayBinary.run(c.0)
        #expect(r.status == 64)
        #expect(r.stderr.contains(c.1), "stderr was: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
    }

    /// The fit is made on what the live sensors deliver, in the body frame; `run` applies it to the same frame.
    /// A calibration fitted on unturned axes would put the hard iron on the wrong axes of a board mounted turned.
    @Test("--board-orientation turns calibrate's live sensors exactly as run turns its own")
    func boardOrientationReachesTheLiveSensorsAsInRun() throws {
        let axes = "y,x,-z"
        let expected = try #require(Matrix3(axes: axes))
        let calibrate = try CalibrateCommand(arguments: [
            "--board-orientation", axes, "--level", "--at", "60.17,24.94", "--accel-device", "lis3dh",
        ])
        let sensors = calibrate.liveSensors()
        #expect(sensors.magnetometer.boardOrientation == expected)
        #expect(sensors.accelerometer?.boardOrientation == expected)
        #expect(sensors.accelerometer?.deviceOverride == "lis3dh")
        let run = try RunCommand(arguments: ["--config", "none", "--board-orientation", axes])
        #expect(run.sensors.sources(sampleHertz: 25).magnetometer.boardOrientation == expected)
        // Without the option both read the board as mounted straight.
        #expect(try CalibrateCommand(arguments: []).liveSensors().magnetometer.boardOrientation == .identity)
        #expect(try CalibrateCommand(arguments: []).liveSensors().accelerometer == nil, "only --level reads it")
    }

    /// The end of a live calibration leaves the result up for the person holding the unit to read; the hold is a
    /// session with stop conditions, driven here by a manual clock (no test waits for it).
    @Test("The result stays up for its reading time or until a signal, and nothing is drawn over it")
    func theResultIsHeldByTheSessionsStopConditions() throws {
        let display = MemoryDisplay(width: 64, height: 48)
        let timed = ManualLoop(start: Timestamp(nanoseconds: 0))
        let session = try Session(CalibrateCommand.resultHold(on: display, clock: .manual(timed)))
        try session.start()
        try timed.advance(by: CalibrateCommand.resultHoldSeconds - 0.1)
        #expect(session.stop == nil)
        try timed.advance(by: 0.2)
        #expect(session.stop == .timeLimit)
        _ = try session.end()
        #expect(display.presentedCount == 0)

        let signalled = ManualLoop(start: Timestamp(nanoseconds: 0))
        let interrupted = try Session(CalibrateCommand.resultHold(on: display, clock: .manual(signalled)))
        try interrupted.start()
        try signalled.advance(by: 1)
        try signalled.deliver(signal: SIGINT)
        #expect(interrupted.stop == .signal("SIGINT"))
        _ = try interrupted.end()
    }

    @Test("A recording without magnetometer readings is a clear runtime error")
    func noMagnetometerInRecording() throws {
        var device = SimulatedRide.Device()
        device.magnetometerHz = 0
        let recording = try Self.writeRecording(
            SimulatedRide(segments: [.init(duration: 5)], device: device), name: "gps.navrec")
        let r = try NavDisplayBinary.run(["calibrate", "--from", recording.path, "--out", recording.path + ".cal"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("no magnetometer samples"), "\(r.stderr)")
    }
}
