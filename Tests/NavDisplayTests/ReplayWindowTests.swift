import Core
import Foundation
import Testing

/// `replay` over a window with nothing in it, or a recording with nothing in it: one line and exit status 1, never
/// a trap; a window that ends before it starts stays a usage error.
@Suite("Replay windows")
struct ReplayWindowTests {
    static let ride = NavDisplayBinary.repositoryRoot.appendingPathComponent("recordings/helsinki-ride.navrec").path

    @Test(arguments: [
        ["--from", "5000"],
        ["--from", "5000", "--display", "png"],
        ["--from", "165.5", "--to", "9000"],
    ])
    func aWindowPastTheEndIsAOneLineRuntimeError(_ window: [String]) throws {
        let dir = try NavDisplayBinary.temporaryDirectory()
        let run = try NavDisplayBinary.run(
            ["replay", Self.ride, "--speed", "max", "--png-dir", dir.path] + window)
        #expect(run.status == 1, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("no samples between --from"), "\(run.stderr)")
        #expect(run.stderr.contains("165.0 s long"), "\(run.stderr)")
    }

    @Test func aRecordingWithAHeaderAndNoSamplesIsAOneLineRuntimeError() throws {
        let dir = try NavDisplayBinary.temporaryDirectory()
        let path = dir.appendingPathComponent("empty.navrec").path
        try RecordingFormat.headerText(RecordingHeader(program: "ReplayWindowTests"))
            .write(toFile: path, atomically: true, encoding: .utf8)
        let run = try NavDisplayBinary.run(["replay", path, "--speed", "max"])
        #expect(run.status == 1)
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("no samples to replay"), "\(run.stderr)")
    }

    @Test(arguments: [
        // A gap of 31 years between two samples, and two times near the ends of the range (their difference does
        // not fit in 64 bits of nanoseconds: this trapped in `RecordingSource`).
        [1_000_000_000, 1_000_000_000 * 1_000_000_000],
        [-9_000_000_000 * 1_000_000_000, 9_000_000_000 * 1_000_000_000],
    ])
    func aRecordingThatSpansYearsIsARuntimeErrorNotEndlessFramesOrATrap(_ nanoseconds: [Int64]) throws {
        let dir = try NavDisplayBinary.temporaryDirectory()
        let path = dir.appendingPathComponent("years.navrec").path
        var text = RecordingFormat.headerText(RecordingHeader(program: "ReplayWindowTests"))
        for t in nanoseconds {
            let field = Vector3(x: 28.8, y: -46.1, z: 92.5)
            text += RecordingFormat.line(
                for: .magnetometer(MagnetometerSample(time: Timestamp(nanoseconds: t), microtesla: field)))
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        for output in [["--out", dir.appendingPathComponent("frames").path], []] {
            let run = try NavDisplayBinary.run(["replay", path, "--speed", "max"] + output)
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            #expect(run.stderr.contains("choose a part with --from and --to"), "\(run.stderr)")
        }
        let written =
            (try? FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("frames").path)) ?? []
        #expect(written.isEmpty, "\(written.count) files")
        // The other commands that read a recording by its own clock: no trap either.
        let record = try NavDisplayBinary.run(
            ["record", "--from", path, "--out", dir.appendingPathComponent("again.navrec").path])
        #expect(record.status == 0, "\(record.stderr)")
        let calibrate = try NavDisplayBinary.run(["calibrate", "--from", path])
        #expect(calibrate.status == 1, "\(calibrate.stderr)")
    }

    @Test func toBeforeFromStaysAUsageError() throws {
        let run = try NavDisplayBinary.run(["replay", Self.ride, "--from", "50", "--to", "10"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--to must be after --from"))
    }
}
