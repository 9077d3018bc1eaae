import Core
import Foundation
import Platform
import Testing

/// Issue 13: Core's tile cache runs no threads; Platform's pool renders what it queues, and a frame never waits.
@Suite("Tile worker pool")
struct TileWorkerPoolTests {
    static func cache() throws -> TileImageCache {
        let source = try MapFile.open(path: MapFixtures.path("helsinki.mbtiles"))
        let store = TileStore(source: source, inflater: ZlibInflater(), rasterDecoder: PlatformRasterDecoder())
        return TileImageCache(store: store, style: .day)
    }

    @Test func withoutAPoolAMissIsNotQueuedAndNothingRendersInTheBackground() throws {
        let cache = try Self.cache()
        #expect(cache.image(for: MapFixtures.densest, size: 256) == nil)
        #expect(cache.takeJob() == nil)
        #expect(cache.isIdle)
    }

    @Test func aJobTakenFromTheCacheAndRunIsPublished() throws {
        let cache = try Self.cache()
        // A stand-in scheduler that runs nothing: the test plays the worker, as the pool's threads do.
        final class Recorder: TileRenderScheduler, @unchecked Sendable {
            var woken = 0
            func workAvailable() { woken += 1 }
            func stop() {}
            func waitUntilIdle() {}
        }
        let recorder = Recorder()
        cache.attach(recorder)
        #expect(cache.image(for: MapFixtures.densest, size: 256) == nil)
        #expect(recorder.woken >= 2)
        let job = try #require(cache.takeJob())
        #expect(job.key.tile == MapFixtures.densest)
        #expect(!cache.isIdle)
        var canvas = Canvas(width: 256, height: 256)
        cache.run(job, on: &canvas)
        #expect(cache.isIdle)
        #expect(cache.image(for: MapFixtures.densest, size: 256) != nil)
        #expect(cache.landedTiles == 1)
    }

    @Test(arguments: [1, 2, 3])
    func aPoolRendersEveryQueuedTile(_ threads: Int) throws {
        let cache = try Self.cache()
        _ = TileWorkerPool(cache: cache, threads: threads)
        let tiles = (0..<4).flatMap { dx in (0..<3).map { dy in TileID(z: 15, x: 18654 + dx, y: 9484 + dy) } }
        for t in tiles { #expect(cache.image(for: t, size: 256) == nil) }
        cache.waitUntilIdle()
        for t in tiles { #expect(cache.image(for: t, size: 256, request: false) != nil) }
        #expect(cache.landedTiles == tiles.count)
    }

    @Test func droppingTheCacheStopsItsWorkers() throws {
        weak var weakCache: TileImageCache?
        do {
            let cache = try Self.cache()
            weakCache = cache
            _ = TileWorkerPool(cache: cache, threads: 2)
            _ = cache.image(for: MapFixtures.densest, size: 256)
            cache.waitUntilIdle()
        }
        #expect(weakCache == nil)
    }
}
