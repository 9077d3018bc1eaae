import Core
import Foundation
import Platform
import Testing

@Suite("Tile rendering on real data")
struct TileRenderingTests {
    @Test(arguments: ["day", "night"])
    func theDensestTileRendersAsAMap(_ styleName: String) throws {
        let file = try MBTilesFile(path: MapFixtures.path("helsinki.mbtiles"))
        let tile = try MapFixtures.decode(try #require(try file.tileBytes(MapFixtures.densest)))
        let style = styleName == "day" ? MapStyle.day : MapStyle.night
        let canvas = Canvas(width: 512, height: 512)
        var renderer = TileRenderer(style: style, schema: .openMapTiles)
        let recorder = PathRecorder()
        renderer.recorder = recorder
        renderer.render(tile, dataTile: MapFixtures.densest, target: MapFixtures.densest, on: canvas)
        try PNGFile.write(canvas.frame, to: MapFixtures.scratch("densest-\(styleName).png"))
        let counts = Dictionary(grouping: canvas.frame.pixels, by: { $0 }).mapValues(\.count)
        // Land, buildings, roads and parks each cover a real share of central Helsinki.
        func share(_ colors: Color...) -> Int { colors.reduce(0) { $0 + (counts[$1.xrgb] ?? 0) } }
        #expect(share(style.building) > 512 * 512 / 10)
        #expect(share(style.minor, style.secondary, style.primary) > 512 * 512 / 50)
        #expect(share(style.park, style.grass) > 512 * 512 / 50)
        // Cycleways and footpaths are thin (and footpaths dashed), so look at what was filled, not exact pixels.
        func outlines(_ c: Color) -> Int { recorder.paths.filter { $0.1 == c }.reduce(0) { $0 + $1.0.contours.count } }
        #expect(outlines(style.cycleway) > 20)
        #expect(outlines(style.path) > 100)
    }

    @Test func rasterTilesAreDimmedAtNight() throws {
        let file = try MBTilesFile(path: MapFixtures.path("helsinki-raster.mbtiles"))
        let tile = TileID(z: 15, x: 18654, y: 9484)
        let image = try PlatformRasterDecoder().decode(try #require(try file.tileBytes(tile)), format: .unknown)
        func brightness(_ style: MapStyle) -> Double {
            let canvas = Canvas(width: 256, height: 256)
            TileRenderer(style: style, schema: .unknown).render(image, dataTile: tile, target: tile, on: canvas)
            return canvas.frame.pixels.reduce(0.0) { $0 + Double(($1 >> 8) & 0xff) } / Double(canvas.frame.pixels.count)
        }
        let day = brightness(.day)
        let night = brightness(.night)
        #expect(day > 180)
        #expect(night < day * 0.5)
    }
}
