import Core
import Foundation
import Platform
import Testing

@testable import Core

/// The tiles ahead along the way the map moves are asked for before the screen reaches them (`TilesAhead`), after
/// the screen's own tiles in the render queue.
@Suite("Tiles ahead")
struct TilesAheadTests {
    @Test func theDirectionIsTakenOnceTheCameraMovedAQuarterOfATile() {
        var ahead = TilesAhead()
        ahead.follow(x: 10.5, y: 20.5, zoom: 17)
        ahead.follow(x: 10.5, y: 20.4, zoom: 17)
        #expect(ahead.direction == nil)
        ahead.follow(x: 10.5, y: 20.2, zoom: 17)
        #expect(ahead.direction.map { $0.x == 0 && $0.y == -1 } == true)
        // North: the row above the grid.
        #expect(ahead.tiles(xs: 8...12, ys: 18...22, zoom: 17) == (8...12).map { TileID(z: 17, x: $0, y: 17) })
        // A jump (a recentre) or another zoom is not travel.
        ahead.follow(x: 30, y: 20, zoom: 17)
        #expect(ahead.direction == nil)
        ahead.follow(x: 30.3, y: 20, zoom: 17)
        ahead.follow(x: 30.6, y: 20, zoom: 16)
        #expect(ahead.direction == nil)
    }

    @Test func movingAslantAsksForARowAndAColumnAndNothingOffTheWorld() {
        var ahead = TilesAhead()
        ahead.follow(x: 0.9, y: 0.9, zoom: 2)
        ahead.follow(x: 0.6, y: 0.6, zoom: 2)
        // Up and left from the world's corner: nothing there.
        #expect(ahead.tiles(xs: 0...1, ys: 0...1, zoom: 2).isEmpty)
        ahead.follow(x: 0.9, y: 0.9, zoom: 2)
        let tiles = ahead.tiles(xs: 0...1, ys: 0...1, zoom: 2)
        #expect(
            Set(tiles) == [
                TileID(z: 2, x: 2, y: 0), TileID(z: 2, x: 2, y: 1), TileID(z: 2, x: 0, y: 2), TileID(z: 2, x: 1, y: 2),
            ])
        ahead.follow(x: 1.2, y: 0.95, zoom: 2)
        // Mostly east: the column only.
        #expect(
            Set(ahead.tiles(xs: 0...1, ys: 0...1, zoom: 2)) == [TileID(z: 2, x: 2, y: 0), TileID(z: 2, x: 2, y: 1)])
        ahead.follow(x: .nan, y: 1, zoom: 2)
        #expect(ahead.direction != nil)
    }

    /// A ride north across two rows of tiles, the test playing the render worker: every tile that enters the
    /// frame's grid once the way is known was asked for, and rendered, frames before, and in a frame that asks
    /// for both the screen's tiles render first.
    @Test func aRideNorthFindsTheNextRowRenderedBeforeTheScreenReachesIt() throws {
        let source = try MapFile.open(path: MapFixtures.path("helsinki.mbtiles"))
        let store = TileStore(source: source, inflater: ZlibInflater(), rasterDecoder: PlatformRasterDecoder())
        let cache = TileImageCache(store: store, style: .day)
        final class Worker: TileRenderScheduler, @unchecked Sendable {
            func workAvailable() {}
            func stop() {}
            func waitUntilIdle() {}
        }
        cache.attach(Worker())
        let layer = OfflineMapLayer(tiles: cache, fonts: try FontSet.load())
        layer.drawsLabels = false
        let canvas = Canvas(width: 800, height: 480)
        var requested: [TileID: Int] = [:]
        var inGrid: [TileID: Int] = [:]
        var tileCanvas = Canvas(width: 1, height: 1)
        // 5 m a frame at zoom 16.5 (a tile about 300 m): 140 frames cross two rows.
        for i in 0..<140 {
            let centre = GeoCoordinate(latitude: 60.160 + Double(i) * 5 / 111_320, longitude: 24.941)
            let camera = Camera(
                mode: .northUp, center: centre, zoom: 16.5, mapBearing: Angle(0), width: 800, height: 480)
            layer.draw(on: canvas, camera: camera, reserved: [])
            let grid = layer.tileGrid(for: camera)
            let shown = Set(grid.ys.flatMap { y in grid.xs.map { TileID(z: grid.level.zoom, x: $0, y: y) } })
            for t in shown where inGrid[t] == nil { inGrid[t] = i }
            var jobs: [TileImageCache.Job] = []
            while let job = cache.takeJob() { jobs.append(job) }
            // Newest first: the screen's own tiles before the ones ahead.
            if let firstAhead = jobs.firstIndex(where: { !shown.contains($0.key.tile) }) {
                #expect(jobs[firstAhead...].allSatisfy { !shown.contains($0.key.tile) }, "frame \(i)")
            }
            for job in jobs {
                if requested[job.key.tile] == nil { requested[job.key.tile] = i }
                cache.run(job, on: &tileCanvas)
            }
        }
        let entered = inGrid.filter { $0.value > 20 }
        #expect(entered.count >= 6, "\(entered.count) tiles entered the grid on the way")
        for (tile, frame) in entered {
            let asked = try #require(requested[tile], "\(tile) was never asked for")
            #expect(asked < frame - 10, "\(tile) asked for at frame \(asked), in the grid at \(frame)")
        }
    }
}
