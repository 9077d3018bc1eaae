/// How much memory the map may use, whatever the zoom and whatever the file claims about its zoom range.
///
/// Every figure bounds something that would otherwise grow with the file or the camera: the rendered tiles kept,
/// the decoded data tiles kept, the tiles one frame composes (each costs `tileSize`² × 2 bytes in the mosaic,
/// which is RGB565), and how far below the file's shallowest zoom a tile is still drawn from the file's data (each
/// level costs 4× the data tiles per drawn tile; deeper than that a frame draws the placeholder).
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

    /// Fit for a 512 MB board: at most about 82 MB for the map at 1280×800 (40 MiB of rendered tiles, 24 MiB of
    /// decoded data, a mosaic of at most 144 tiles = 18 MiB in RGB565), leaving the rest to the system and the
    /// display. The tiles a frame may compose were sized when the mosaic took 4 bytes a pixel and are left so.
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

    /// The tiles one frame of a `width`×`height` screen can need at the finest tile zoom, turned any way: the
    /// screen's diagonal across tiles shown at 1/√2 of their size (a bound: `TileLevel` shows a tile at no less
    /// than 1/1.19 of it), plus the partial tiles at both ends, squared.
    public static func tilesPerScreen(width: Int, height: Int, tileSize: Int = 256) -> Int {
        let diagonal = (Double(max(1, width)) * Double(max(1, width)) + Double(max(1, height)) * Double(max(1, height)))
            .squareRoot()
        let shown = Double(max(16, tileSize)) / 2.0.squareRoot()
        let side = Int(checkedRounding: (diagonal / shown).rounded(.up)) ?? 64
        return (min(side, 64) + 1) * (min(side, 64) + 1)
    }

    /// A budget sized from the screen rather than fixed: every tile of a frame turned any way
    /// (`tilesPerScreen`), and one more row and column of them each side kept as rendered tiles, so the tiles
    /// a frame shows stay cached while the next ones along the way render; decoded data for a frame and its
    /// neighbours (a dense z14 tile of central Helsinki decodes to about 1.4 MB). Never more than
    /// `board512MB`.
    public static func forScreen(width: Int, height: Int, tileSize: Int = 256) -> MapMemoryBudget {
        let frame = tilesPerScreen(width: width, height: height, tileSize: tileSize)
        let side = Int(Double(frame).squareRoot().rounded())
        let kept = frame + 4 * side
        let perTile = tileSize * tileSize * 4
        return MapMemoryBudget(
            renderedTileBytes: min(kept * perTile, board512MB.renderedTileBytes),
            decodedTileBytes: min(max(8 << 20, frame * (160 << 10)), board512MB.decodedTileBytes),
            tilesPerFrame: min(frame, board512MB.tilesPerFrame), maxUnderzoom: board512MB.maxUnderzoom)
    }

    /// How many `tileSize` tiles fit in `renderedTileBytes` (at least one frame's worth is sensible; never 0).
    public func renderedTileCount(tileSize: Int) -> Int {
        let perTile = max(1, tileSize * tileSize * 4)
        return max(1, renderedTileBytes / perTile)
    }
}
