import Core
import Foundation
import Platform
import Testing

/// The ride draws z16 tiles from z14 data (zoom 16.5: 362 px tiles), each a sixteenth of its data tile. The renderer
/// passes over the features outside such a tile and strokes only the pieces of a road that cross it; these tests
/// hold it to what the data tile drawn whole, at the same zoom, shows in that sixteenth.
@Suite("Tiles drawn deeper than their data")
struct DeepTileRenderTests {
    @Test func aDeeperTileShowsWhatItsDataTileDrawnWholeShowsThere() throws {
        let file = try MBTilesFile(path: MapFixtures.path("helsinki.mbtiles"))
        let data = MapFixtures.densest
        let tile = try MapFixtures.decode(try #require(try file.tileBytes(data)))
        let renderer = TileRenderer(style: .day, schema: .openMapTiles)
        // The data tile at 4 × 362 px is zoom 14 + log2(1448 / 256) = 16.5, the z16 tiles' zoom at 362 px.
        let size = 362
        let whole = Canvas(width: 4 * size, height: 4 * size)
        renderer.render(tile, dataTile: data, target: data, on: whole)
        let deep = Canvas(width: size, height: size)
        var worstShare = 0.0
        for i in 0..<16 {
            let (col, row) = (i % 4, i / 4)
            let target = TileID(z: 16, x: data.x * 4 + col, y: data.y * 4 + row)
            renderer.render(tile, dataTile: data, target: target, on: deep)
            var part: [UInt32] = []
            for y in 0..<size {
                let start = (row * size + y) * 4 * size + col * size
                part += whole.frame.pixels[start..<(start + size)]
            }
            let off = zip(deep.frame.pixels, part).map { MapGoldenTests.channelDifferences($0, $1).max }
            // The two draw the same shapes from coordinates rounded differently, so an edge pixel may differ by
            // a step; a road or an area left out would differ across its whole width.
            let share = Double(off.filter { $0 > 24 }.count) / Double(off.count)
            worstShare = max(worstShare, share)
            #expect(share < 0.002, "tile \(target): \(share * 100) % of pixels off by more than 24")
        }
        print("deep tiles: worst share of pixels off by more than 24: \(worstShare * 100) %")
    }
}
