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

    @Test func toBeforeFromStaysAUsageError() throws {
        let run = try NavDisplayBinary.run(["replay", Self.ride, "--from", "50", "--to", "10"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--to must be after --from"))
    }
}
