/// How much memory the map may use, whatever the zoom and whatever the file claims about its zoom range.
///
/// Every figure bounds something that would otherwise grow with the file or the camera: the rendered tiles kept,
/// the decoded data tiles kept, the tiles one frame composes (each costs `tileSize`² × 4 bytes in the mosaic), and
/// how far below the file's shallowest zoom a tile is still drawn from the file's data (each level costs 4× the
/// data tiles per drawn tile; deeper than that a frame draws the placeholder).
public struct MapMemoryBudget: Sendable, Equatable {
    /// Bytes of rendered tile images kept in the cache (a 256 px tile costs 256 KiB).
    public var renderedTileBytes: Int
    /// Bytes of decoded data tiles (vector features, raster pixels) kept, as `LoadedTile.estimatedBytes` counts.
    public var decodedTileBytes: Int
    /// The most tiles a frame draws; a camera needing more draws a coarser zoom.
    public var tilesPerFrame: Int
    /// How many levels below the file's shallowest zoom a tile is still composed from the file's tiles.
    public var maxUnderzoom: Int

    public init(renderedTileBytes: Int, decodedTileBytes: Int, tilesPerFrame: Int, maxUnderzoom: Int) {
        self.renderedTileBytes = max(0, renderedTileBytes)
        self.decodedTileBytes = max(0, decodedTileBytes)
        self.tilesPerFrame = max(1, tilesPerFrame)
        self.maxUnderzoom = min(max(0, maxUnderzoom), 4)
    }

    /// Fit for a 512 MB board: at most about 100 MB for the map at 1280×800 (40 MiB of rendered tiles, 24 MiB of
    /// decoded data, a mosaic of at most 144 tiles = 36 MiB), leaving the rest to the system and the display.
    public static let board512MB = MapMemoryBudget(
        renderedTileBytes: 40 << 20, decodedTileBytes: 24 << 20, tilesPerFrame: 144, maxUnderzoom: 2)

    /// A budget of about `megabytes` for the map, split as `board512MB` splits its 100 (a setting's value).
    public init(megabytes: Int) {
        let mb = min(max(megabytes, 16), 4096)
        self.init(
            renderedTileBytes: (mb * 40 / 100) << 20, decodedTileBytes: (mb * 24 / 100) << 20,
            tilesPerFrame: max(16, mb * 36 / 100 * 4), maxUnderzoom: mb >= 64 ? 2 : 1)
    }

    /// The budget used when none is given.
    public static let standard = board512MB

    /// How many `tileSize` tiles fit in `renderedTileBytes` (at least one frame's worth is sensible; never 0).
    public func renderedTileCount(tileSize: Int) -> Int {
        let perTile = max(1, tileSize * tileSize * 4)
        return max(1, renderedTileBytes / perTile)
    }
}
