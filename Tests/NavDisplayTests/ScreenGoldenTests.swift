import Core
import Foundation
import Platform
import Testing

/// Reviewed frames of the bundled Helsinki map on three panels (day and night), a portrait one, and each state
/// at 800×480 7", all sized by physics at 70 cm and set by the world text stack.
/// NAVDISPLAY_UPDATE_GOLDEN=1 rewrites them (then look at every one before committing).
@Suite("Screen golden frames")
struct ScreenGoldenTests {
    static let directory = GoldenImageTests.goldenDirectory.appendingPathComponent("screens")
    static let day = ["--heading", "37", "--heading-accuracy", "5", "--orientation", "heading-up", "--speed", "23"]
    static let night = [
        "--heading", "200", "--heading-accuracy", "8", "--orientation", "north-up", "--speed", "17", "--style", "night",
    ]
    static let seven = ["--size", "800x480", "--screen-inches", "7", "--orientation", "heading-up"]

    static let cases: [(String, [String])] = [
        ("panel-480x320-3.5in-day", ["--size", "480x320", "--screen-inches", "3.5"] + day),
        ("panel-480x320-3.5in-night", ["--size", "480x320", "--screen-inches", "3.5"] + night),
        ("panel-800x480-7in-day", ["--size", "800x480", "--screen-inches", "7"] + day),
        ("panel-800x480-7in-night", ["--size", "800x480", "--screen-inches", "7"] + night),
        ("panel-1280x800-10in-day", ["--size", "1280x800", "--screen-inches", "10"] + day),
        ("panel-1280x800-10in-night", ["--size", "1280x800", "--screen-inches", "10"] + night),
        ("portrait-480x800-5in-day", ["--size", "480x800", "--screen-inches", "5"] + day),
        ("state-no-fix", seven + ["--heading", "37", "--state", "no-fix"]),
        ("state-stale", seven + ["--heading", "37", "--speed", "23", "--state", "stale"]),
        (
            "state-unknown-heading",
            seven + ["--orientation", "course-up", "--course", "120", "--heading-accuracy", "-1", "--speed", "23"]
        ),
        ("state-wide-accuracy", seven + ["--heading", "37", "--heading-accuracy", "60", "--speed", "23"]),
        (
            "state-disturbed-compass",
            seven + ["--heading", "37", "--heading-accuracy", "30", "--speed", "23", "--state", "disturbed"]
        ),
    ]

    @Test("the frame a person reviewed", arguments: cases)
    func matchesGolden(_ c: (String, [String])) throws {
        let map = NavDisplayBinary.repositoryRoot.appendingPathComponent("maps/helsinki.mbtiles").path
        let dir = try NavDisplayBinary.temporaryDirectory()
        let out = dir.appendingPathComponent("\(c.0).png").path
        let r = try NavDisplayBinary.run(
            ["render", "--center", "60.16952,24.94130", "--zoom", "16.5", "--map", map, "--out", out] + c.1)
        try #require(r.status == 0, "\(r.stderr)")
        // The HUD must be set by the text stack here, not by the fallback.
        #expect(!r.stderr.contains("text shaping unavailable"), "\(r.stderr)")
        let golden = ScreenGoldenTests.directory.appendingPathComponent("\(c.0).png").path
        if ProcessInfo.processInfo.environment["NAVDISPLAY_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(
                at: ScreenGoldenTests.directory, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(atPath: golden)
            try FileManager.default.copyItem(atPath: out, toPath: golden)
        }
        let diff = try #require(FrameDifference(try PNGFile.read(golden), try PNGFile.read(out)))
        #expect(diff.fractionOfPixelsOff(by: 24) < 0.002, "\(diff)")
        #expect(diff.meanAbsoluteChannelDifference < 0.5, "\(diff)")
    }
}
