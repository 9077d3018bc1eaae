import Core
import Foundation
import Platform
import Testing

/// Reviewed frames of the bundled ride replayed by `navdisplay replay` with the rider's presses in the recording:
/// night by the day/night key, and a view zoomed in and dragged aside while recording (REC).
/// NAVDISPLAY_UPDATE_GOLDEN=1 rewrites them (then look at every one before committing).
@Suite("Golden frames of a ride with presses")
struct RideGoldenTests {
    static let cases: [(name: String, presses: [(Double, RideAction)])] = [
        ("ride-night-by-key", [(60, .cycleLighting), (60.5, .cycleLighting)]),
        ("ride-zoomed-panned-rec", [(60, .zoomIn), (61, .pan(dxPixels: 150, dyPixels: -70)), (62, .toggleRecording)]),
    ]

    @Test("the frame a person reviewed", arguments: cases)
    func matchesGolden(_ c: (name: String, presses: [(Double, RideAction)])) throws {
        let bundled = try SessionFixtures.bundledRide()
        let presses = c.presses.map { SensorEvent.rideAction(Timestamp(seconds: $0.0), $0.1) }
        let events = RideFixtures.merged(bundled.events, presses)
        let dir = try NavDisplayBinary.temporaryDirectory()
        let file = dir.appendingPathComponent("\(c.name).navrec").path
        try (RecordingFormat.headerText(bundled.header) + events.map(RecordingFormat.line(for:)).joined()).write(
            toFile: file, atomically: true, encoding: .utf8)
        let frames = dir.appendingPathComponent("frames")
        let map = NavDisplayBinary.repositoryRoot.appendingPathComponent("maps/helsinki.mbtiles").path
        let r = try NavDisplayBinary.run([
            "replay", file, "--map", map, "--out", frames.path, "--from", "55", "--to", "70", "--fps", "0.5",
            "--speed", "max",
        ])
        try #require(r.status == 0, "\(r.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
        let last = frames.appendingPathComponent(try #require(written.last)).path
        let golden = ScreenGoldenTests.directory.appendingPathComponent("\(c.name).png").path
        if ProcessInfo.processInfo.environment["NAVDISPLAY_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.removeItem(atPath: golden)
            try FileManager.default.copyItem(atPath: last, toPath: golden)
        }
        let diff = try #require(FrameDifference(try PNGFile.read(golden), try PNGFile.read(last)))
        #expect(diff.fractionOfPixelsOff(by: 24) < 0.002, "\(diff)")
        #expect(diff.meanAbsoluteChannelDifference < 0.5, "\(diff)")
    }
}
