import Core
import Foundation
import Platform
import Testing

/// Compares frames `navdisplay` renders with reviewed frames checked in under Golden/.
/// Set NAVDISPLAY_UPDATE_GOLDEN=1 to rewrite them after a deliberate change (then look at them before committing).
@Suite("Golden frames")
struct GoldenImageTests {
    static let goldenDirectory = NavDisplayBinary.repositoryRoot.appendingPathComponent("Tests/NavDisplayTests/Golden")

    @Test(
        "render draws the frame a person reviewed",
        arguments: [
            ("heading-up-037", ["--heading", "37", "--orientation", "heading-up"]),
            (
                "north-up-200-night",
                ["--heading", "200", "--heading-accuracy", "25", "--style", "night", "--zoom", "17"]
            ),
            (
                "course-up-unknown-heading",
                ["--course", "120", "--heading-accuracy", "-1", "--orientation", "course-up"]
            ),
        ])
    func renderMatchesGolden(_ c: (String, [String])) throws {
        let dir = try NavDisplayBinary.temporaryDirectory()
        let out = dir.appendingPathComponent("\(c.0).png").path
        let r = try NavDisplayBinary.run(["render", "--center", "60.16952,24.94130", "--out", out] + c.1)
        try #require(r.status == 0, "\(r.stderr)")
        let golden = GoldenImageTests.goldenDirectory.appendingPathComponent("\(c.0).png").path
        if ProcessInfo.processInfo.environment["NAVDISPLAY_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.removeItem(atPath: golden)
            try FileManager.default.copyItem(atPath: out, toPath: golden)
        }
        let expected = try PNGFile.read(golden)
        let actual = try PNGFile.read(out)
        let diff = try #require(FrameDifference(expected, actual))
        // Tolerance: anti-aliasing may differ by rounding, never by shapes.
        #expect(diff.fractionOfPixelsOff(by: 24) < 0.002, "\(diff)")
        #expect(diff.meanAbsoluteChannelDifference < 0.5, "\(diff)")
    }
}

/// How two frames of the same size differ.
struct FrameDifference: CustomStringConvertible {
    let channelDifferences: [UInt8]  // the largest channel difference per pixel

    init?(_ a: FrameBuffer, _ b: FrameBuffer) {
        guard a.width == b.width, a.height == b.height else { return nil }
        channelDifferences = zip(a.pixels, b.pixels).map { p, q in
            var m: UInt32 = 0
            for shift: UInt32 in [0, 8, 16] {
                let x = (p >> shift) & 0xff
                let y = (q >> shift) & 0xff
                m = max(m, x > y ? x - y : y - x)
            }
            return UInt8(m)
        }
    }

    func fractionOfPixelsOff(by threshold: UInt8) -> Double {
        Double(channelDifferences.filter { $0 > threshold }.count) / Double(channelDifferences.count)
    }

    var meanAbsoluteChannelDifference: Double {
        Double(channelDifferences.reduce(0) { $0 + Int($1) }) / Double(channelDifferences.count)
    }

    var description: String {
        "\(formatFixed(fractionOfPixelsOff(by: 24) * 100, digits: 3)) % of pixels differ by more than 24, mean max-channel difference \(formatFixed(meanAbsoluteChannelDifference, digits: 3))"
    }
}
