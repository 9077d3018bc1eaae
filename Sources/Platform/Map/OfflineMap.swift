import Core

/// Wires a map file to the scene: opens it (MBTiles or PMTiles), picks the schema, starts the tile workers.
public enum OfflineMap {
    /// The map layer for `path`.
    /// - Parameters:
    ///   - waitForTiles: true for one-shot renders (every frame complete); false for the live display.
    ///   - cacheTiles: rendered tiles kept in memory (256 KiB each).
    ///   - workers: tile rasterising threads.
    public static func layer(
        path: String, style: MapStyle, fonts: FontSet, waitForTiles: Bool = false, cacheTiles: Int = 96,
        workers: Int = 1
    ) throws -> OfflineMapLayer {
        let source = try MapFile.open(path: path)
        let store = TileStore(source: source, inflater: ZlibInflater(), rasterDecoder: PlatformRasterDecoder())
        let cache = TileImageCache(
            store: store, style: style, capacity: cacheTiles, workers: waitForTiles ? 0 : workers)
        return OfflineMapLayer(tiles: cache, fonts: fonts, waitForTiles: waitForTiles)
    }
}
