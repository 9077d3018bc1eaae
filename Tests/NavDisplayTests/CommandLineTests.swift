import Foundation
import Testing

@Suite("Command line")
struct CommandLineTests {
    @Test(
        "Bad flags and values exit 64 with one line naming the flag and what was expected",
        arguments: [
            (["render", "--zoom", "abc", "--out", "x.png"], "--zoom expects a number from 0 to 22, got \"abc\""),
            (["render", "--zoom", "99", "--out", "x.png"], "--zoom expects a number from 0 to 22, got \"99\""),
            (["render", "--center", "91,0", "--out", "x.png"], "--center expects LAT,LON"),
            (
                ["render", "--orientation", "sideways", "--out", "x.png"],
                "--orientation expects north-up|heading-up|course-up|auto, got \"sideways\""
            ),
            (["render", "--size", "0x0", "--out", "x.png"], "--size expects WIDTHxHEIGHT"),
            (["render", "--heading", "nan", "--out", "x.png"], "--heading expects degrees from 0 to 360, got \"nan\""),
            (["render", "--heading"], "--heading expects degrees from 0 to 360, got nothing"),
            (
                ["render", "--map", "--out", "x.png"],
                "--map expects an .mbtiles or .pmtiles file, or none, got nothing"
            ),
            (["render", "--style", "dusk", "--out", "x.png"], "--style expects day|night, got \"dusk\""),
            (["render", "--bogus", "--out", "x.png"], "unknown option --bogus"),
            (["render"], "--out expects a file name ending in .png, got nothing"),
            (["render", "--out", "x.png", "stray"], "unexpected argument \"stray\""),
            (["demo", "--interval", "-1"], "--interval expects seconds"),
            (["sensors", "--samples", "2.5"], "--samples expects a count from 1 to 1000000, got \"2.5\""),
            (["demo", "--fps", "0x10"], "--fps expects frames per second from 0.1 to 60, got \"0x10\""),
            (["sensors", "--rate", "0"], "--rate expects hertz from 0.5 to 200, got \"0\""),
            (["show", "--headings", "0,north"], "--headings expects degrees separated by commas"),
            (["show", "--headings", "0,nan"], "--headings expects degrees separated by commas"),
            (["declination", "--at", "60,24", "--date", "2026-13-40"], "--date expects a date as YYYY-MM-DD"),
            (["replay", "x.navrec", "--display"], "--display expects "),
            (["fly"], "unknown command \"fly\""),
        ])
    func usageErrors(_ c: ([String], String)) throws {
        let r = try NavDisplayBinary.run(c.0)
        #expect(r.status == 64)
        #expect(r.stderr.contains(c.1), "stderr was: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
    }

    @Test(
        "--help, per-command help and --version exit 0",
        arguments: [["--help"], ["render", "--help"], ["demo", "-h"], ["help", "render"], ["--version"]])
    func helpAndVersion(_ args: [String]) throws {
        let r = try NavDisplayBinary.run(args)
        #expect(r.status == 0)
        #expect(r.stdout.contains("navdisplay"))
        #expect(r.stderr.isEmpty)
    }

    @Test("The --flag=value form works like --flag value")
    func equalsForm() throws {
        let dir = try NavDisplayBinary.temporaryDirectory()
        let r = try NavDisplayBinary.run(["render", "--zoom=15", "--size=320x240", "--out=\(dir.path)/a.png"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.path + "/a.png"))
    }

    @Test(
        "A missing or corrupt map is a runtime error (status 1) with one line naming the file",
        arguments: ["/nonexistent/helsinki.mbtiles", "corrupt"])
    func badMap(_ name: String) throws {
        var path = name
        if name == "corrupt" {
            path = try NavDisplayBinary.temporaryDirectory().appendingPathComponent("corrupt.mbtiles").path
            FileManager.default.createFile(
                atPath: path, contents: Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }))
        }
        let out = try NavDisplayBinary.temporaryDirectory().appendingPathComponent("x.png").path
        let r = try NavDisplayBinary.run(["render", "--map", path, "--out", out])
        #expect(r.status == 1)
        #expect(r.stderr.contains(path), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("An unwritable output is a runtime error (status 1) that names the file")
    func unwritable() throws {
        let r = try NavDisplayBinary.run(["render", "--out", "/nonexistent-dir/x.png"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("/nonexistent-dir/x.png"))
    }
}
