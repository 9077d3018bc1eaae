import Core
import Foundation
import Platform
import Testing

@Suite("Tile cache and workers")
struct TileImageCacheTests {
    static func layer(capacity: Int, workers: Int) throws -> OfflineMapLayer {
        try OfflineMap.layer(
            path: MapFixtures.path("helsinki.mbtiles"), style: .day, fonts: try FontSet.load(), waitForTiles: false,
            cacheTiles: capacity, workers: workers)
    }

    static func camera(_ centre: GeoCoordinate = MapFixtures.kluuvi, zoom: Double = 16) -> Camera {
        Camera(mode: .headingUp, center: centre, zoom: zoom, mapBearing: Angle(37), width: 320, height: 240)
    }

    @Test func aFrameNeverWaitsItDrawsPlaceholdersUntilTheWorkerDelivers() throws {
        let layer = try Self.layer(capacity: 32, workers: 1)
        let canvas = Canvas(width: 320, height: 240)
        layer.draw(on: canvas, camera: Self.camera(), reserved: [])
        // The placeholder as the map's mosaic (RGB565) shows it.
        let placeholder = RGB565.rounded(MapStyle.day.placeholder.xrgb)
        let first = canvas.frame.pixels.filter { $0 == placeholder }.count
        layer.tiles.waitUntilIdle()
        layer.draw(on: canvas, camera: Self.camera(), reserved: [])
        let second = canvas.frame.pixels.filter { $0 == placeholder }.count
        // The first frame came back before any tile was rendered; after the worker ran, the map fills the frame.
        #expect(first > canvas.frame.pixels.count / 2)
        #expect(second < canvas.frame.pixels.count / 50)
        #expect(layer.tiles.landedTiles > 0 && layer.revision == layer.tiles.landedTiles)
    }

    @Test func theCacheStaysWithinItsCapacityWhilePanning() throws {
        let layer = try Self.layer(capacity: 6, workers: 1)
        let canvas = Canvas(width: 320, height: 240)
        for step in 0..<12 {
            let centre = GeoCoordinate(
                latitude: 60.166 + Double(step) * 0.001, longitude: 24.937 + Double(step) * 0.0012)
            layer.draw(on: canvas, camera: Self.camera(centre, zoom: 17), reserved: [])
            layer.tiles.waitUntilIdle()
            #expect(layer.tiles.cachedCount <= 6)
        }
    }

    @Test func overzoomDrawsTheDeepestDataScaledUp() throws {
        let layer = try OfflineMap.layer(
            path: MapFixtures.path("helsinki.mbtiles"), style: .day, fonts: try FontSet.load(), waitForTiles: true)
        #expect(layer.tileLevel(for: 18.2) == TileLevel(zoom: 18, size: 304))
        #expect(
            layer.tiles.store.dataTile(for: TileID(z: 18, x: 149_234, y: 75_876)) == TileID(z: 14, x: 9327, y: 4742))
        let canvas = Canvas(width: 320, height: 240)
        layer.draw(on: canvas, camera: Self.camera(zoom: 18), reserved: [])
        // No hatch: a tile drawn as the placeholder would fill thousands of pixels with its colour, where an
        // anti-aliased edge of the map (kept in RGB565) passes through that colour in a few.
        let placeholders = canvas.frame.pixels.filter { $0 == RGB565.rounded(MapStyle.day.placeholder.xrgb) }.count
        #expect(placeholders < canvas.frame.pixels.count / 1000)
        #expect(Set(canvas.frame.pixels).count > 20)
    }
}
