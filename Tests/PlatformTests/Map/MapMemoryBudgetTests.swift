import Core
import Foundation
import Platform
import Testing

/// Issue 16, class 1: memory grew about 4× per zoom level below a map's shallowest zoom (a z14-only map at zoom
/// 10 reached 3 GB). Now a frame composes at most the budget's tiles, underzoom is drawn from the file's tiles
/// for a few levels and as the placeholder beyond, and a file's claimed zoom range cannot widen any of that.
@Suite("Map memory budget")
struct MapMemoryBudgetTests {
    /// The Helsinki map's z14 tiles only, with the zoom range the file claims set by the test; counts reads.
    final class ZoomRangeSource: TileSource, @unchecked Sendable {
        let base: TileSource
        let metadata: MapMetadata
        let dataZoom: ClosedRange<Int>
        private let lock = NSLock()
        private var readCount = 0

        init(claiming minZoom: Int, _ maxZoom: Int, data: ClosedRange<Int> = 14...14) throws {
            base = try MapFile.open(path: MapFixtures.path("helsinki.mbtiles"))
            var m = base.metadata
            m.minZoom = minZoom
            m.maxZoom = maxZoom
            metadata = m
            dataZoom = data
        }

        var reads: Int { lock.withLock { readCount } }

        func tileBytes(_ tile: TileID) throws -> [UInt8]? {
            lock.withLock { readCount += 1 }
            return dataZoom.contains(tile.z) ? try base.tileBytes(tile) : nil
        }
    }

    static func layer(_ source: TileSource, budget: MapMemoryBudget = .standard) throws -> OfflineMapLayer {
        let store = TileStore(
            source: source, inflater: ZlibInflater(), rasterDecoder: PlatformRasterDecoder(),
            decodedBytes: budget.decodedTileBytes)
        return OfflineMapLayer(
            tiles: TileImageCache(store: store, style: .day, budget: budget), fonts: try FontSet.load(),
            waitForTiles: true)
    }

    static func camera(zoom: Double, width: Int, height: Int, bearing: Double = 45) -> Camera {
        Camera(
            mode: .headingUp, center: MapFixtures.kluuvi, zoom: zoom, mapBearing: Angle(bearing), width: width,
            height: height)
    }

    @Test(arguments: [(800, 480), (1280, 800)])
    func aZ14OnlyMapAtZoom10ReadsAndKeepsABoundedNumberOfTiles(_ size: (Int, Int)) throws {
        let source = try ZoomRangeSource(claiming: 14, 14)
        let layer = try Self.layer(source)
        let canvas = Canvas(width: size.0, height: size.1)
        layer.draw(on: canvas, camera: Self.camera(zoom: 10, width: size.0, height: size.1), reserved: [])
        let grid = layer.tileGrid(for: Self.camera(zoom: 10, width: size.0, height: size.1))
        // Four levels above the data: beyond the underzoom the budget allows, so nothing is read or rendered
        // (today's code drew it with thousands of z14 tiles).
        #expect(grid.level.zoom == 10)
        #expect(grid.xs.count * grid.ys.count <= MapMemoryBudget.standard.tilesPerFrame)
        #expect(source.reads == 0)
        #expect(layer.tiles.cachedCount == 0)
    }

    @Test func twoLevelsOfUnderzoomAreComposedFromTheFilesTiles() throws {
        let source = try ZoomRangeSource(claiming: 14, 14)
        let layer = try Self.layer(source)
        let canvas = Canvas(width: 320, height: 240)
        layer.draw(on: canvas, camera: Self.camera(zoom: 12, width: 320, height: 240, bearing: 0), reserved: [])
        let grid = layer.tileGrid(for: Self.camera(zoom: 12, width: 320, height: 240, bearing: 0))
        #expect(grid.level.zoom == 12)
        // Each z12 tile is composed of its 16 z14 tiles: real map, not the hatch, where the extract has data.
        #expect(source.reads <= grid.xs.count * grid.ys.count * 16 + 16)
        let distinct = Set(canvas.frame.pixels).count
        #expect(distinct > 20)
    }

    @Test(arguments: [(30, 14), (0, 30), (99, -5), (-3, 200)])
    func aFilesClaimedZoomRangeIsClampedToWhatCanBeDrawn(_ claim: (Int, Int)) throws {
        let layer = try Self.layer(try ZoomRangeSource(claiming: claim.0, claim.1))
        let store = layer.tiles.store
        #expect(store.minZoom >= 0 && store.minZoom <= store.maxZoom && store.maxZoom <= TileStore.deepestDataZoom)
        for zoom in [0.0, 10, 14.4, 20, 22] {
            for (w, h) in [(800, 480), (1280, 800)] {
                let grid = layer.tileGrid(for: Self.camera(zoom: zoom, width: w, height: h))
                #expect(grid.xs.count * grid.ys.count <= MapMemoryBudget.standard.tilesPerFrame)
                #expect(grid.level.zoom <= OfflineMapLayer.deepestTileZoom)
            }
        }
    }

    @Test func aFrameNeedingMoreTilesThanTheBudgetDrawsACoarserZoom() throws {
        let budget = MapMemoryBudget(
            renderedTileBytes: 8 << 20, decodedTileBytes: 8 << 20, tilesPerFrame: 6, maxUnderzoom: 2)
        let layer = try Self.layer(try ZoomRangeSource(claiming: 0, 14, data: 0...14), budget: budget)
        let camera = Self.camera(zoom: 16, width: 1280, height: 800)
        let grid = layer.tileGrid(for: camera)
        #expect(grid.level.zoom < 16)
        #expect(grid.xs.count * grid.ys.count <= 6)
        let canvas = Canvas(width: 1280, height: 800)
        layer.draw(on: canvas, camera: camera, reserved: [])
        #expect(layer.tiles.cachedCount <= budget.renderedTileCount(tileSize: 256))
    }

    @Test func theRenderedTileCacheHoldsNoMoreThanItsBytes() throws {
        let budget = MapMemoryBudget(
            renderedTileBytes: 10 * 256 * 256 * 4, decodedTileBytes: 1 << 20, tilesPerFrame: 144, maxUnderzoom: 2)
        let layer = try Self.layer(try ZoomRangeSource(claiming: 0, 14, data: 0...14), budget: budget)
        let canvas = Canvas(width: 800, height: 480)
        for zoom in [14.0, 15, 16, 17] {
            layer.draw(on: canvas, camera: Self.camera(zoom: zoom, width: 800, height: 480), reserved: [])
            #expect(layer.tiles.cachedCount <= 10)
        }
    }
}
