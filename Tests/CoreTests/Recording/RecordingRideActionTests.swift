import Core
import Foundation
import Testing

@Suite("Recording format 2: the rider's actions")
struct RecordingRideActionTests {
    static func read(_ text: String) throws -> Recording {
        try RecordingReader.read(Array(text.utf8), file: "t.navrec")
    }

    static let actions: [RideAction] =
        RideAction.bindable + [
            .pan(dxPixels: 12.5, dyPixels: -0.1 - 0.2), .pan(dxPixels: 0, dyPixels: 1e-300),
            .zoomBy(levels: -0.58496250072115619), .zoomBy(levels: 2),
        ]

    @Test func everyActionIsWrittenAsAnActLineAndReadBackTheSame() throws {
        let events = Self.actions.enumerated().map { i, a in
            SensorEvent.rideAction(Timestamp(nanoseconds: Int64(i) * 1_000_000_007), a)
        }
        let text = RecordingFormat.headerText(RecordingHeader()) + events.map(RecordingFormat.line(for:)).joined()
        #expect(text.hasPrefix("navdisplay-recording 2\n"))
        #expect(text.contains("act 1.000000007 lock-north-up *"))
        #expect(text.contains("act 8.000000056 pan 12.5 -0.30000000000000004 *"))
        let r = try Self.read(text)
        #expect(r.warnings.isEmpty)
        #expect(r.events == events)
        #expect(r.header.formatVersion == 2)
    }

    /// The first 400 lines of the bundled stop-at-lights ride as format 1 wrote it (kept here, so regenerating the
    /// bundled rides in a newer format leaves the old one under test).
    @Test func aVersionOneRecordingStillReadsAsVersionOne() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/format-1-stop-at-lights.navrec")
        let bytes = try #require(FileManager.default.contents(atPath: url.path))
        #expect(String(decoding: bytes.prefix(23), as: UTF8.self) == "navdisplay-recording 1\n")
        let r = try RecordingReader.read([UInt8](bytes), file: "format-1-stop-at-lights.navrec")
        #expect(r.header.formatVersion == 1)
        #expect(r.warnings.isEmpty)
        #expect(r.events.count > 300)
        #expect(r.events.contains { if case .gpsFix = $0 { return true } else { return false } })
    }

    @Test(arguments: [
        "act 1.000000000 fly", "act 1.000000000", "act 1.000000000 pan 1", "act 1.000000000 pan nan 2",
        "act 1.000000000 zoom-by inf", "act 1.000000000 zoom-by 1 2", "act 1.000000000 zoom-in now",
        "act 1.000000000 pan 1e999 0",
    ])
    func aBadActLineIsSkippedWithAWarning(_ body: String) throws {
        let line = body + " *" + String(format: "%04X", RecordingFormat.checksum(Array(body.utf8))) + "\n"
        let r = try Self.read("navdisplay-recording 2\n" + line)
        #expect(r.events.isEmpty)
        #expect(r.warnings.count == 1)
        #expect(r.warnings.first?.reason.hasPrefix("act needs") == true, "\(r.warnings)")
    }
}
