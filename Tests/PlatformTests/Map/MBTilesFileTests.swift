import Core
import Foundation
import Platform
import Testing

@Suite("MBTiles files")
struct MBTilesFileTests {
    @Test func metadataOfTheHelsinkiFileIsRead() throws {
        let file = try MBTilesFile(path: MapFixtures.path("helsinki.mbtiles"))
        #expect(file.metadata.format == .mvt)
        #expect(file.metadata.minZoom == 0)
        #expect(file.metadata.maxZoom == 14)
        #expect(file.metadata.name == "Helsinki (OpenMapTiles schema)")
        let bounds = try #require(file.metadata.bounds)
        #expect(abs(bounds.west - 24.935176) < 1e-6 && abs(bounds.north - 60.179113) < 1e-6)
        #expect(file.metadata.vectorLayers.contains("transportation"))
        #expect(MapSchema.detect(layerNames: file.metadata.vectorLayers) == .openMapTiles)
    }

    @Test func rowsAreFlippedFromTMSToXYZ() throws {
        let file = try MBTilesFile(path: MapFixtures.path("helsinki.mbtiles"))
        // The file stores this tile at TMS row 2^14 − 1 − 4742 = 11641.
        let tile = try #require(try file.tileBytes(MapFixtures.densest))
        #expect(TileFormat.isGzip(tile))
        #expect(try file.tileBytes(TileID(z: 14, x: 9327, y: 11641)) == nil)
    }

    @Test func tilesMayBeAViewOverDeduplicatedImages() throws {
        let table = try MBTilesFile(path: MapFixtures.path("helsinki.mbtiles"))
        let view = try MBTilesFile(path: MapFixtures.path("helsinki-view.mbtiles"))
        for tile in [MapFixtures.densest, TileID(z: 13, x: 4663, y: 2371), TileID(z: 0, x: 0, y: 0)] {
            let a = try #require(try table.tileBytes(tile))
            #expect(try view.tileBytes(tile) == a)
        }
    }

    @Test func aMissingTileIsNilNotAnError() throws {
        let file = try MBTilesFile(path: MapFixtures.path("helsinki.mbtiles"))
        #expect(try file.tileBytes(TileID(z: 14, x: 0, y: 0)) == nil)
        #expect(try file.tileBytes(TileID(z: 3, x: 9, y: 0)) == nil)
    }

    @Test(arguments: [
        ("helsinki-raster.mbtiles", TileFormat.png), ("helsinki-raster-jpeg.mbtiles", .jpeg),
        ("helsinki-raster-webp.mbtiles", .webp),
    ])
    func rasterTilesAreDetectedAndDecodedFromTheirBytes(_ c: (file: String, format: TileFormat)) throws {
        let file = try MBTilesFile(path: MapFixtures.path(c.file))
        #expect(file.metadata.format == c.format)
        let tile = TileID(z: 15, x: 18654, y: 9484)
        let bytes = try #require(try file.tileBytes(tile))
        #expect(TileFormat.detect(bytes) == c.format)
        let image = try PlatformRasterDecoder().decode(bytes, format: .unknown)
        #expect(image.width == 256 && image.height == 256)
        // A real rendering of the city: several distinct colours (buildings, roads, parks), not a flat fill.
        #expect(Set(image.pixels).count > 8)
    }
}
