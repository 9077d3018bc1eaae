import Core
import Foundation
import Platform
import Testing

/// Street and place names in seven scripts, from a small MBTiles made here, drawn by the map layer as it draws
/// any map (the placer, the label fonts of a 7" panel, the world text stack), and compared with HarfBuzz's own
/// `hb-shape` on the same font file, text and size: glyph order, joining and clusters as HarfBuzz gives them,
/// and ink where every glyph should be.
@Suite("Script names on the map")
struct ScriptMapTests {
    static let roadTile = TileID(z: 14, x: 9000, y: 5000)
    static let placeTile = TileID(z: 14, x: 9001, y: 5000)
    /// Far from the others: suburbs named in Latin, Cyrillic and Greek only (no CJK name anywhere on screen).
    static let latinTile = TileID(z: 14, x: 9010, y: 5000)
    static let latinNames = ["Kluuvi", "Kaartinkaupunki", "Невский проспект", "Οδός Ερμού", "Punavuori"]
    static let zoom = 15.0
    static let width = 800
    static let height = 480

    /// The MBTiles: one tile of seven primary roads named in each script (drawn east to west on every other, so
    /// the placer must turn names to keep them upright), one tile of seven suburbs with the same names.
    static func makeMap() throws -> String {
        let path = TextFixtures.scratch("script-names-\(UUID().uuidString).mbtiles")
        var roads: [ScriptMapFixture.Feature] = []
        var names: [ScriptMapFixture.Feature] = []
        var places: [ScriptMapFixture.Feature] = []
        for (i, name) in worldNames.enumerated() {
            let y = 250 + 520 * i
            // A gentle slope (about ±5°), alternately drawn left to right and right to left.
            let slope = (i % 3 - 1) * 300
            var line = [(x: 200, y: y - slope / 2), (x: 2048, y: y), (x: 3900, y: y + slope / 2)]
            if i % 2 == 1 { line.reverse() }
            roads.append(.init(kind: .line, properties: [("class", "primary")], points: line))
            names.append(.init(kind: .line, properties: [("name", name.text), ("class", "primary")], points: line))
            places.append(
                .init(kind: .point, properties: [("name", name.text), ("class", "suburb")], points: [(2048, y)]))
        }
        try ScriptMapFixture.writeMBTiles(
            path,
            tiles: [
                (roadTile, ScriptMapFixture.tile([("transportation", roads), ("transportation_name", names)])),
                (placeTile, ScriptMapFixture.tile([("place", places)])),
                (
                    latinTile,
                    ScriptMapFixture.tile([
                        (
                            "place",
                            latinNames.enumerated().map { i, name in
                                .init(
                                    kind: .point, properties: [("name", name), ("class", "suburb")],
                                    points: [(2048, 400 + 700 * i)])
                            }
                        )
                    ])
                ),
            ])
        return path
    }

    /// A north-up frame centred on `tile` as the layer draws it for a 7" 800×480 panel, with and without its
    /// labels, and the layer (for its placed labels and fonts).
    static func frame(of tile: TileID, map path: String) throws -> (
        with: FrameBuffer, without: FrameBuffer, layer: OfflineMapLayer, physics: ScreenPhysics
    ) {
        let fonts = try FontSet.load()
        let layer = try OfflineMap.layer(
            path: path, style: .day, fonts: fonts, waitForTiles: true, shaper: try shaper())
        #expect(layer.tiles.store.source.metadata.format == .mvt)
        let centre = centre(of: tile)
        let camera = Camera(
            center: centre, zoom: zoom, bearing: Angle(0), width: width, height: height,
            anchor: Point(x: Double(width) / 2, y: Double(height) / 2))
        let physics = ScreenPhysics.assumed(width: width, height: height)
        let canvas = Canvas(width: width, height: height)
        layer.drawsLabels = false
        layer.draw(on: canvas, camera: camera, reserved: [], physics: physics)
        let without = canvas.frame
        layer.drawsLabels = true
        layer.draw(on: canvas, camera: camera, reserved: [], physics: physics)
        return (canvas.frame, without, layer, physics)
    }

    /// The middle of `tile`.
    static func centre(of tile: TileID) -> GeoCoordinate {
        let scale = pow(2, zoom - Double(tile.z)) * WebMercator.tileSize
        return WebMercator.coordinate(
            ofWorldPixel: Point(x: (Double(tile.x) + 0.5) * scale, y: (Double(tile.y) + 0.5) * scale), zoom: zoom)
    }

    /// Pixels inside `label`'s boxes that its drawing changed.
    static func inkedPixels(of label: PlacedLabel, _ with: FrameBuffer, _ without: FrameBuffer) -> Int {
        var pixels: Set<Int> = []
        for box in label.boxes {
            let x0 = max(0, Int(box.x.rounded(.down)))
            let y0 = max(0, Int(box.y.rounded(.down)))
            let x1 = min(with.width - 1, Int(box.maxX.rounded(.up)))
            let y1 = min(with.height - 1, Int(box.maxY.rounded(.up)))
            guard x0 <= x1, y0 <= y1 else { continue }
            for y in y0...y1 {
                for x in x0...x1 where with.pixels[y * with.width + x] != without.pixels[y * with.width + x] {
                    pixels.insert(y * with.width + x)
                }
            }
        }
        return pixels.count
    }

    static let kinds: [LabelCandidate.Kind] = [.road, .place]

    @Test("every name is drawn, shaped glyph for glyph as hb-shape shapes it", arguments: kinds)
    func namesOnTheMapMatchHbShape(_ kind: LabelCandidate.Kind) throws {
        let map = try Self.makeMap()
        defer { try? FileManager.default.removeItem(atPath: map) }
        let f = try Self.frame(of: kind == .road ? Self.roadTile : Self.placeTile, map: map)
        try PNGFile.write(f.with, to: TextFixtures.scratch("script-names-\(kind).png"))
        let font = try #require(f.layer.labelTypography(for: f.physics).fonts.font(kind).shaped)
        let weight: FontWeight = kind == .place ? .bold : .regular
        let files = try shaper().fontFiles(weight: weight)
        for name in worldNames {
            let label = try #require(
                f.layer.lastLabels.first { $0.kind == kind && $0.text == name.text },
                "\(name.script) \(kind) not drawn; drawn: \(f.layer.lastLabels.map(\.text))")
            // The run the layer drew this label with (the same cached run its placement measured).
            let run = font.run(label.text)
            #expect(run.missingGlyphCount == 0, "\(name.script): \(run.missingGlyphCount) empty boxes")
            #expect(!run.glyphs.contains { $0.glyphID == 0 }, "\(name.script): .notdef drawn")
            let used = Set(run.glyphs.map(\.fontIndex))
            try #require(used.count == 1, "\(name.script): one font expected, got \(used.map { files[$0].family })")
            let file = files[try #require(used.first)]
            let reference = try referenceShaping(
                name.text, path: file.path, faceIndex: file.faceIndex,
                scale: Int((run.style.sizePixels * 64).rounded()))
            #expect(run.glyphs.map(\.glyphID) == reference.map(\.g), "\(name.script) \(kind) glyphs")
            #expect(run.glyphs.map(\.cluster) == reference.map(\.cl), "\(name.script) \(kind) clusters")
            // Upright: a street name reads left to right on screen (never turned past vertical).
            #expect(abs(label.rotationDegrees) <= 90 + LabelPlacer.flipHysteresisDegrees, "\(name.script) upside down")
            if !label.glyphs.isEmpty {
                // Along a curve, glyph i of the run (visual order) sits left of glyph i + 1.
                let xs = label.glyphs.sorted { $0.index < $1.index }.map(\.pen.x)
                #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 <= $1 + 0.5 }, "\(name.script) glyph order")
            }
            // Ink on screen: at least a few pixels per visible glyph.
            let visible = run.glyphs.filter { !$0.bitmap.isEmpty }.count
            let ink = Self.inkedPixels(of: label, f.with, f.without)
            #expect(ink >= 20 * visible, "\(name.script) \(kind): \(ink) pixels for \(visible) glyphs")
        }
    }

    @Test func rightToLeftNamesAreInVisualOrderOnTheMap() throws {
        let map = try Self.makeMap()
        defer { try? FileManager.default.removeItem(atPath: map) }
        let f = try Self.frame(of: Self.placeTile, map: map)
        let font = try #require(f.layer.labelTypography(for: f.physics).fonts.place.shaped)
        for script in ["Arabic", "Hebrew"] {
            let name = try #require(worldNames.first { $0.script == script })
            #expect(f.layer.lastLabels.contains { $0.kind == .place && $0.text == name.text })
            let run = font.run(name.text)
            #expect(run.isRightToLeft, "\(script)")
            // Drawn left to right on screen, so the logical last letter comes first.
            let clusters = run.glyphs.map(\.cluster)
            #expect(clusters.first == clusters.max() && clusters.last == 0, "\(script): \(clusters)")
        }
    }
}
