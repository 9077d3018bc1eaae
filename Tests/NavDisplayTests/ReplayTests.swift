import Core
import Foundation
import Glibc
import Testing

/// `navdisplay record` and `replay` end to end, through the built binary.
@Suite("Record and replay", .serialized)
struct ReplayTests {
    static let recordings = NavDisplayBinary.repositoryRoot.appendingPathComponent("recordings")
    static let ride = recordings.appendingPathComponent("helsinki-ride.navrec").path

    static func readRecording(_ path: String) throws -> Recording {
        let data = try #require(FileManager.default.contents(atPath: path))
        return try RecordingReader.read([UInt8](data), file: path)
    }

    /// The "frames hash …" the replay prints.
    static func framesHash(_ output: String) -> String? {
        guard let r = output.range(of: "frames hash ") else { return nil }
        return String(output[r.upperBound...].prefix { $0.isHexDigit })
    }

    @Test func bundledRecordingsReplayToTheirCheckedInSummaries() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.recordings.path).filter {
            $0.hasSuffix(".navrec")
        }
        #expect(!names.isEmpty)
        let dir = try NavDisplayBinary.temporaryDirectory()
        for name in names {
            let expected = try String(
                contentsOfFile: Self.recordings.appendingPathComponent(
                    name.replacingOccurrences(of: ".navrec", with: ".chk")
                ).path, encoding: .utf8)
            let out = dir.appendingPathComponent(name + ".chk").path
            let run = try NavDisplayBinary.run([
                "replay", Self.recordings.appendingPathComponent(name).path, "--speed", "max", "--summary", out,
            ])
            #expect(run.status == 0, "\(run.stderr)")
            let got = try String(contentsOfFile: out, encoding: .utf8)
            #expect(
                got == expected,
                "replay of \(name) no longer matches \(name).chk; if the change is intended, run scripts/make-recordings and review the diff"
            )
        }
    }

    @Test func theSameFileGivesIdenticalFramesAtAnySpeed() throws {
        let dir = try NavDisplayBinary.temporaryDirectory()
        var hashes: [String] = []
        var pngs: [[Data]] = []
        for (i, speed) in ["max", "4"].enumerated() {
            let out = dir.appendingPathComponent("frames-\(i)").path
            // 40 to 48 s: braking, standing at the lights, the arrow frozen.
            let run = try NavDisplayBinary.run([
                "replay", Self.ride, "--from", "40", "--to", "48", "--fps", "2", "--speed", speed, "--out", out,
                "--size", "320x240",
            ])
            #expect(run.status == 0, "\(run.stderr)")
            hashes.append(try #require(Self.framesHash(run.stdout)))
            let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
            pngs.append(try files.map { try Data(contentsOf: URL(fileURLWithPath: out + "/" + $0)) })
        }
        #expect(hashes[0] == hashes[1])
        #expect(pngs[0].count >= 15)
        #expect(pngs[0] == pngs[1])
    }

    @Test func framesToFilesCanShowTheMap() throws {
        // --map is not a screen option: with --out it draws the map into the PNG frames (it was once refused as
        // "--out and --display both").
        let out = try NavDisplayBinary.temporaryDirectory().appendingPathComponent("frames").path
        let map = NavDisplayBinary.repositoryRoot.appendingPathComponent("maps/helsinki.mbtiles").path
        let run = try NavDisplayBinary.run([
            "replay", Self.ride, "--from", "40", "--to", "42", "--fps", "1", "--out", out, "--size", "320x240", "--map",
            map,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".png") }
        #expect(files.count >= 2)
        let plain = try NavDisplayBinary.run([
            "replay", Self.ride, "--from", "40", "--to", "42", "--fps", "1", "--out", out + "-grid", "--size",
            "320x240",
        ])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(Self.framesHash(run.stdout) != Self.framesHash(plain.stdout), "the map should change the frames")
    }

    @Test func recordingFromAFileRoundTripsAndRotatesBySize() throws {
        let dir = try NavDisplayBinary.temporaryDirectory()
        let out = dir.appendingPathComponent("ride.navrec").path
        let run = try NavDisplayBinary.run(["record", "--from", Self.ride, "--out", out, "--max-mb", "0.2"])
        #expect(run.status == 0, "\(run.stderr)")
        let source = try Self.readRecording(Self.ride)
        // 690 kB in parts of at most 0.2 MB: ride.navrec, .1, .2, .3; each part reads on its own.
        var events: [SensorEvent] = []
        var part = out
        var n = 0
        while FileManager.default.fileExists(atPath: part) {
            let r = try Self.readRecording(part)
            #expect(r.warnings.isEmpty)
            #expect(r.header.calibration == source.header.calibration)
            events += r.events
            n += 1
            part = "\(out).\(n)"
        }
        #expect(n == 4)
        #expect(events == source.events)
        // A second record into the same name is refused rather than overwriting.
        let again = try NavDisplayBinary.run(["record", "--from", Self.ride, "--out", out])
        #expect(again.status == 1)
        #expect(again.stderr.contains("already exists"))
        // replay FILE plays every part.
        let replay = try NavDisplayBinary.run(["replay", out, "--speed", "max"])
        #expect(replay.stdout.contains("\(source.events.count) events"))
    }

    @Test func killNineLeavesAFileReadableUpToItsLastWholeLine() throws {
        let dir = try NavDisplayBinary.temporaryDirectory()
        let out = dir.appendingPathComponent("killed.navrec").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: NavDisplayBinary.path)
        // 165 s of ride written at 20x: about 8 s of writing; killed after 2.5 s.
        process.arguments = ["record", "--from", Self.ride, "--speed", "20", "--out", out]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 2.5)
        #expect(process.isRunning)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let r = try Self.readRecording(out)
        let source = try Self.readRecording(Self.ride)
        #expect(r.warnings.isEmpty, "\(r.warnings)")  // whole lines only: no truncated last line
        #expect(r.events.count > 100)
        #expect(r.events.count < source.events.count)
        #expect(Array(source.events.prefix(r.events.count)) == r.events)
        // Synced every second of sample time: at most one second of samples after the last one on disk was lost,
        // so the file reaches at least (sample time written by the kill − 1 s); at 20x after ≥ 1 s of writing
        // that is well past 10 s of ride.
        #expect(try #require(r.events.last).time.seconds > 10)
    }

    @Test(arguments: [
        (["replay"], "expects one recording FILE"),
        (["replay", "a", "--loop"], "--loop needs --display"),
        (["replay", "a", "--out", "d", "--display", "png"], "not both"),
        (["replay", "a", "--speed", "fast"], "--speed expects"),
        (["record"], "--out FILE is required"),
        (["record", "--out", "x", "--simulate", "helsinki-ride"], "unknown option --simulate"),
    ])
    func badCommandLinesAreUsageErrors(_ c: ([String], String)) throws {
        let run = try NavDisplayBinary.run(c.0)
        #expect(run.status == 64)
        #expect(run.stderr.contains(c.1), "\(run.stderr)")
    }

    /// `--screen-inches` sizes the picture, it does not choose a screen: a 3.5" panel's frames can go to files.
    @Test func framesForASmallPanelGoToFiles() throws {
        let dir = try NavDisplayBinary.temporaryDirectory().appendingPathComponent("frames")
        let run = try NavDisplayBinary.run([
            "replay", Self.recordings.appendingPathComponent("helsinki-ride.navrec").path, "--size", "480x320",
            "--screen-inches", "3.5", "--viewing-distance", "60", "--out", dir.path, "--from", "60", "--to", "61",
            "--speed", "max",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).contains { $0.hasSuffix(".png") })
    }

    @Test func aMissingOrForeignFileIsAClearError() throws {
        let dir = try NavDisplayBinary.temporaryDirectory()
        let missing = try NavDisplayBinary.run(["replay", dir.appendingPathComponent("nope.navrec").path])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no such file"))
        let foreign = dir.appendingPathComponent("foreign.bin").path
        FileManager.default.createFile(atPath: foreign, contents: Data([0x89, 0x50, 0x4e, 0x47]))
        let run = try NavDisplayBinary.run(["replay", foreign])
        #expect(run.status == 1)
        #expect(run.stderr.contains("not a recording navdisplay knows"))
    }

    @Test func importsReplayWithTheirSkippedLinesCounted() throws {
        let dir = Self.recordings.appendingPathComponent("imports")
        let trace = try NavDisplayBinary.temporaryDirectory().appendingPathComponent("t.csv").path
        let run = try NavDisplayBinary.run([
            "replay", dir.appendingPathComponent("helsinki-ride.nmea").path, "--speed", "max", "--trace", trace,
        ])
        #expect(run.status == 0)
        #expect(run.stderr.contains("helsinki-ride.nmea:"))
        // The broken checksum; the HDG cut before its checksum is read, as gpsd reads a sentence without one.
        #expect(run.stderr.contains("1 lines skipped"))
        let csv = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        #expect(csv.first.map(String.init) == TraceRow.csvHeader)
        #expect(csv.count > 1000)
        // Riding, the heading comes from GPS course or the NMEA compass, and the position is in Helsinki.
        let mid = csv[800].split(separator: ",", omittingEmptySubsequences: false)
        #expect(mid[1].hasPrefix("60.16"))
        #expect(!mid[6].isEmpty)
    }
}
