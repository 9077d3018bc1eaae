import Core
import Foundation
import Platform
import Testing

/// Broken map files and tiles: each gives a clear error, and a frame over them still renders.
@Suite("Map bad input")
struct MapBadInputTests {
    static func copy(_ fixture: String, to name: String, edit: (inout [UInt8]) -> Void) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: MapFixtures.path(fixture))))
        edit(&bytes)
        let path = MapFixtures.scratch(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Renders a frame over `source` without waiting for anything beyond what the frame itself renders.
    static func frame(over source: TileSource) throws -> (FrameBuffer, OfflineMapLayer) {
        let fonts = try FontSet.load()
        let store = TileStore(source: source, inflater: ZlibInflater(), rasterDecoder: PlatformRasterDecoder())
        let layer = OfflineMapLayer(
            tiles: TileImageCache(store: store, style: .day, capacity: 16), fonts: fonts, waitForTiles: true
        )
        let scene = Scene(width: 320, height: 240, fonts: fonts, map: layer)
        let camera = Camera(
            mode: .headingUp, center: MapFixtures.kluuvi, zoom: 16, mapBearing: Angle(30), width: 320, height: 240)
        return (scene.render(SceneInput(camera: camera, mode: .headingUp, heading: nil)), layer)
    }

    @Test func aTruncatedSQLiteFileIsRefusedWithItsPath() throws {
        let path = try Self.copy("helsinki.mbtiles", to: "truncated.mbtiles") { $0 = Array($0.prefix(3000)) }
        #expect {
            try MapFile.open(path: path)
        } throws: { error in
            "\(error)".contains(path) && "\(error)".contains("malformed")
        }
    }

    @Test func aCorruptSQLiteFileIsRefused() throws {
        // Scribble over the first pages after the header (the schema lives there).
        let path = try Self.copy("helsinki.mbtiles", to: "corrupt.mbtiles") { b in
            for i in 100..<8192 { b[i] = UInt8(truncatingIfNeeded: i &* 31) }
        }
        #expect(throws: MapError.self) { try MapFile.open(path: path) }
    }

    @Test func aFileThatIsNeitherFormatIsRefused() throws {
        let path = try Self.copy("helsinki.mbtiles", to: "notamap.bin") { $0 = Array("hello, I am a text file\n".utf8) }
        #expect {
            try MapFile.open(path: path)
        } throws: { error in
            "\(error)".contains("neither a PMTiles archive nor an SQLite")
        }
    }

    @Test func aMissingFileIsRefusedWithItsPath() {
        #expect {
            try MapFile.open(path: "/nonexistent/helsinki.mbtiles")
        } throws: { error in
            "\(error)".contains("/nonexistent/helsinki.mbtiles")
        }
    }

    /// A FIFO given as the map once blocked `open` until a writer came: it is refused at once, like a device.
    @Test func aFifoOrADeviceIsRefusedWithoutWaiting() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("map-fifo-\(getpid())").path
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        for path in [fifo, "/dev/zero"] {
            #expect {
                try MapFile.open(path: path)
            } throws: { error in
                "\(error)".contains("not a regular file")
            }
        }
    }

    @Test func aPMTilesFileWithABadMagicIsRefused() throws {
        let path = try Self.copy("helsinki.pmtiles", to: "badmagic.pmtiles") {
            $0.replaceSubrange(0..<7, with: Array("PMTilez".utf8))
        }
        #expect(throws: MapError.self) { try PMTilesFile.open(path: path) }
    }

    @Test func aTruncatedPMTilesFileIsRefused() throws {
        let path = try Self.copy("helsinki.pmtiles", to: "truncated.pmtiles") { $0 = Array($0.prefix(600)) }
        #expect {
            try PMTilesFile.open(path: path)
        } throws: { error in
            "\(error)".contains("past the end")
        }
    }

    @Test func brokenGzipIsAClearErrorAndTheFrameStillRenders() throws {
        let good = try MapFile.open(path: MapFixtures.path("helsinki.mbtiles"))
        let broken = EditedSource(base: good) { bytes in
            var b = bytes
            for i in stride(from: 20, to: b.count, by: 7) { b[i] ^= 0x5a }
            return b
        }
        #expect(throws: MapError.self) {
            try ZlibInflater().gunzip(try #require(try broken.tileBytes(MapFixtures.densest)), limit: 1 << 24)
        }
        let (frame, layer) = try Self.frame(over: broken)
        #expect(layer.tiles.store.problems.contains { $0.contains("cannot decompress") })
        // The placeholder hatch fills the frame where the tiles were.
        #expect(frame.pixels.contains(RGB565.rounded(MapStyle.day.placeholder.xrgb)))
    }

    @Test func aTruncatedGzipStreamSaysSo() throws {
        let stored = try #require(
            try MBTilesFile(path: MapFixtures.path("helsinki.mbtiles")).tileBytes(MapFixtures.densest))
        #expect {
            try ZlibInflater().gunzip(Array(stored.prefix(stored.count / 2)), limit: 1 << 24)
        } throws: { error in
            "\(error)".contains("truncated")
        }
    }

    @Test func aGzipBombStopsAtTheLimit() throws {
        let stored = try #require(
            try MBTilesFile(path: MapFixtures.path("helsinki.mbtiles")).tileBytes(MapFixtures.densest))
        #expect {
            try ZlibInflater().gunzip(stored, limit: 10_000)
        } throws: { error in
            "\(error)".contains("past 10000 bytes")
        }
    }

    @Test func brokenProtobufInsideValidGzipIsReportedAndTheFrameStillRenders() throws {
        let good = try MapFile.open(path: MapFixtures.path("helsinki.mbtiles"))
        // Valid MVT prefix, then a length that runs past the end.
        let broken = EditedSource(base: good) { _ in [0x1a, 0xff, 0xff, 0x03, 0x0a, 0x01] }
        let (frame, layer) = try Self.frame(over: broken)
        #expect(layer.tiles.store.problems.contains { $0.contains("broken vector tile") })
        #expect(frame.pixels.contains(RGB565.rounded(MapStyle.day.placeholder.xrgb)))
        // Each bad tile is skipped and counted, for the status line.
        #expect(layer.tiles.store.failedTileCount > 0)
    }

    @Test func missingTilesDrawAPlaceholderNotABlankFrame() throws {
        let good = try MapFile.open(path: MapFixtures.path("helsinki.mbtiles"))
        let (frame, _) = try Self.frame(over: EditedSource(base: good, missing: true) { $0 })
        let counts = Dictionary(grouping: frame.pixels, by: { $0 }).mapValues(\.count)
        #expect((counts[RGB565.rounded(MapStyle.day.placeholder.xrgb)] ?? 0) > frame.pixels.count / 3)
        // The hatch is anti-aliased, so it shows as several shades between the two placeholder colours.
        #expect(counts.keys.filter { c in (c >> 8 & 0xff) < (MapStyle.day.placeholder.xrgb >> 8 & 0xff) }.count > 2)
    }

    @Test func anUnknownSchemaIsReportedAndStillDrawn() throws {
        let good = try MapFile.open(path: MapFixtures.path("helsinki.mbtiles"))
        // Rename every layer: the schema cannot be told, the geometry is still real.
        let renamed = EditedSource(base: good, metadataLayers: ["alpha", "beta"]) { bytes in
            guard let raw = try? ZlibInflater().gunzip(bytes, limit: 1 << 26) else { return bytes }
            return Self.renamingLayers(raw)
        }
        let store = TileStore(source: renamed, inflater: ZlibInflater(), rasterDecoder: PlatformRasterDecoder())
        #expect(store.schema == .unknown)
        #expect(store.problems.contains { $0.contains("unknown vector schema") })
        let (frame, _) = try Self.frame(over: renamed)
        #expect(Set(frame.pixels).count > 10)
    }

    /// Replaces each layer name (field 1 of each layer) with a same-length run of "x".
    static func renamingLayers(_ b: [UInt8]) -> [UInt8] {
        var out = b
        var i = 0
        while i + 1 < b.count, b[i] == 0x1a {
            var len = 0
            var shift = 0
            var j = i + 1
            while j < b.count {
                len |= Int(b[j] & 0x7f) << shift
                shift += 7
                j += 1
                if b[j - 1] & 0x80 == 0 { break }
            }
            // Layers written by tilemaker start with the version (0x78 0x02) and then the name (0x0a LEN NAME).
            var k = j
            if k + 1 < b.count, b[k] == 0x78 { k += 2 }
            if k + 1 < b.count, b[k] == 0x0a {
                let n = Int(b[k + 1])
                for m in 0..<n where k + 2 + m < out.count { out[k + 2 + m] = 0x78 }
            }
            i = j + len
        }
        return out
    }
}

/// A real tile source whose tile bytes are altered (or withheld) on the way out.
final class EditedSource: TileSource, @unchecked Sendable {
    let base: TileSource
    let missing: Bool
    let edit: ([UInt8]) -> [UInt8]
    let metadata: MapMetadata

    init(base: TileSource, missing: Bool = false, metadataLayers: [String]? = nil, edit: @escaping ([UInt8]) -> [UInt8])
    {
        self.base = base
        self.missing = missing
        self.edit = edit
        var m = base.metadata
        if let metadataLayers { m.vectorLayers = metadataLayers }
        metadata = m
    }

    func tileBytes(_ tile: TileID) throws -> [UInt8]? {
        if missing { return nil }
        return try base.tileBytes(tile).map(edit)
    }
}
