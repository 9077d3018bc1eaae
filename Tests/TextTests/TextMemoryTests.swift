import Core
import Foundation
import Platform
import Testing

/// The CJK fonts (a 19 MiB file per weight) cost memory only once a Chinese or Japanese name is on screen:
/// `navdisplay render` of the same map with and without such a name, its peak resident memory measured by
/// `/usr/bin/time`, and the families the text stack opened for each frame.
@Suite("Text memory")
struct TextMemoryTests {
    /// The built `navdisplay`, beside this test process in the build folder.
    static var binary: String {
        let exe =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("navdisplay").path
    }

    /// The peak resident memory in KiB of `navdisplay render` centred on `tile` of `map`.
    static func peakKiB(map: String, tile: TileID) throws -> Int {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/time"), "install the time package")
        try #require(FileManager.default.isExecutableFile(atPath: binary), "navdisplay not built at \(binary)")
        let c = ScriptMapTests.centre(of: tile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = [
            "-f", "peak-kib %M", binary, "render", "--map", map, "--center", "\(c.latitude),\(c.longitude)",
            "--zoom", "15", "--size", "800x480", "--screen-inches", "7", "--orientation", "north-up",
            "--out", TextFixtures.scratch("memory-\(tile.x).png"),
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "render failed: \(text)")
        let line = try #require(text.split(separator: "\n").last { $0.hasPrefix("peak-kib ") })
        return try #require(Int(line.dropFirst("peak-kib ".count)))
    }

    @Test func aFrameWithoutCJKNamesNeverOpensTheCJKFonts() throws {
        // The same frames in process: which families the layer's shaper opened.
        let map = try ScriptMapTests.makeMap()
        defer { try? FileManager.default.removeItem(atPath: map) }
        let fonts = try FontSet.load()
        for (tile, wantsCJK) in [(ScriptMapTests.latinTile, false), (ScriptMapTests.placeTile, true)] {
            let shaper = try WorldTextShaper()
            let layer = try OfflineMap.layer(path: map, style: .day, fonts: fonts, waitForTiles: true, shaper: shaper)
            let camera = Camera(
                center: ScriptMapTests.centre(of: tile), zoom: 15, bearing: Angle(0), width: 800, height: 480,
                anchor: Point(x: 400, y: 240))
            layer.draw(
                on: Canvas(width: 800, height: 480), camera: camera, reserved: [],
                physics: .assumed(width: 800, height: 480))
            #expect(!layer.lastLabels.isEmpty)
            let opened = shaper.openedFamilies(weight: .regular) + shaper.openedFamilies(weight: .bold)
            #expect(opened.contains { $0.contains("CJK") } == wantsCJK, "\(tile): opened \(opened)")
        }
    }

    @Test func peakMemoryGrowsOnlyWhenACJKNameIsOnScreen() throws {
        let map = try ScriptMapTests.makeMap()
        defer { try? FileManager.default.removeItem(atPath: map) }
        let latin = try Self.peakKiB(map: map, tile: ScriptMapTests.latinTile)
        let cjk = try Self.peakKiB(map: map, tile: ScriptMapTests.placeTile)
        // Opening Noto Sans CJK (regular for the HUD's street bar, bold for the place names) maps its tables
        // and glyphs; a frame of Latin, Cyrillic and Greek names must not pay for it.
        #expect(cjk - latin >= 4096, "peak RSS without CJK \(latin) KiB, with CJK \(cjk) KiB")
    }
}
