import Core

/// Wires a map file to the scene: opens it (MBTiles or PMTiles), picks the schema, starts the tile workers.
public enum OfflineMap {
    /// The map layer for `path`.
    /// - Parameters:
    ///   - waitForTiles: true for one-shot renders (every frame complete); false for the live display.
    ///   - budget: the map's memory bounds (rendered and decoded tiles kept, tiles per frame, underzoom).
    ///   - cacheTiles: overrides how many rendered tiles to keep (256 KiB each); nil takes the budget's.
    ///   - workers: tile rasterising threads.
    ///   - shaper: the world text stack for labels (nil: `fonts`' outlines).
    public static func layer(
        path: String, style: MapStyle, fonts: FontSet, waitForTiles: Bool = false,
        budget: MapMemoryBudget = .standard, cacheTiles: Int? = nil, workers: Int = 1,
        shaper: (any TextShaper)? = nil
    ) throws -> OfflineMapLayer {
        let source = try MapFile.open(path: path)
        let store = TileStore(
            source: source, inflater: ZlibInflater(), rasterDecoder: PlatformRasterDecoder(),
            decodedBytes: budget.decodedTileBytes)
        let cache = TileImageCache(store: store, style: style, budget: budget, capacity: cacheTiles)
        if !waitForTiles && workers > 0 { _ = TileWorkerPool(cache: cache, threads: workers) }
        return OfflineMapLayer(tiles: cache, fonts: fonts, waitForTiles: waitForTiles, shaper: shaper)
    }
}
