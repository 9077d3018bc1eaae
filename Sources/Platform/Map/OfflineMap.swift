import Core
import Glibc

/// Wires a map file to the scene: opens it (MBTiles or PMTiles), picks the schema, starts the tile workers.
public enum OfflineMap {
    /// The map layer for `path`.
    /// - Parameters:
    ///   - waitForTiles: true for one-shot renders (every frame complete); false for the live display.
    ///   - budget: the map's memory bounds (rendered and decoded tiles kept, tiles per frame, underzoom).
    ///   - cacheTiles: overrides how many rendered tiles to keep (256 KiB each); nil takes the budget's.
    ///   - workers: tile rasterising threads; nil starts one per online core, at most 4 (the first complete
    ///     frame came 1.27× sooner with 2 than with 1 on 2 cores, `Benchmarks first-frame`).
    ///   - shaper: the world text stack for labels (nil: `fonts`' outlines).
    public static func layer(
        path: String, style: MapStyle, fonts: FontSet, waitForTiles: Bool = false,
        budget: MapMemoryBudget = .standard, cacheTiles: Int? = nil, workers: Int? = nil,
        shaper: (any TextShaper)? = nil
    ) throws -> OfflineMapLayer {
        let source = try MapFile.open(path: path)
        let store = TileStore(
            source: source, inflater: ZlibInflater(), rasterDecoder: PlatformRasterDecoder(),
            decodedBytes: budget.decodedTileBytes)
        let cache = TileImageCache(store: store, style: style, budget: budget, capacity: cacheTiles)
        let threads = workers ?? min(4, max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        if !waitForTiles && threads > 0 { _ = TileWorkerPool(cache: cache, threads: threads) }
        return OfflineMapLayer(tiles: cache, fonts: fonts, waitForTiles: waitForTiles, shaper: shaper)
    }
}
