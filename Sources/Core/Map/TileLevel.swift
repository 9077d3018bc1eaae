/// The tiles a frame is drawn from: their integer zoom and the pixel size they are rasterised at.
///
/// Vector tiles can be drawn at any size, so the size follows the camera's zoom: a tile pixel is 1.00–1.19
/// screen pixels whatever the zoom (the camera's zoom rounded up to a quarter level, `quartersPerLevel`). With a
/// fixed 256 px a frame at zoom 16.5 drew z17 tiles at 1.41 source pixels a screen pixel: twice the pixels to
/// rasterise, hold in the mosaic and read in the rotated composite, for a sharper image the bilinear composite
/// then threw away. Above zoom z the sizes are 256, 304, 362 and 431 px, and z + 1 starts again at 256.
public struct TileLevel: Hashable, Sendable {
    /// The tiles' zoom.
    public var zoom: Int
    /// Each tile's width and height in pixels.
    public var size: Int

    public init(zoom: Int, size: Int) {
        self.zoom = zoom
        self.size = size
    }

    /// The smallest size, a tile's size in world pixels (`WebMercator.tileSize`): what a zoom level starts at.
    public static let smallestSize = Int(WebMercator.tileSize)

    /// Steps of the size within a zoom level: the composite's source scale stays within 2^(1/4) = 1.19.
    public static let quartersPerLevel = 4

    /// The sizes a tile is rasterised at, smallest first (256 · 2^(q/4)).
    public static let sizes: [Int] = (0..<quartersPerLevel).map { q in
        Int((Double(smallestSize) * pow(2, Double(q) / Double(quartersPerLevel))).rounded())
    }

    /// The level drawing a camera at `zoom` with tile pixels as near one screen pixel as the sizes allow (never
    /// smaller: a magnified tile would blur), its tile zoom held within `zoomRange` (outside it, 256 px tiles
    /// scaled as far as needed, as every tile was before).
    public static func forCamera(zoom: Double, within zoomRange: ClosedRange<Int>) -> TileLevel {
        let steps = Double(quartersPerLevel)
        // Rounded up to a quarter: a whisker above a step (the float sum of the zoom's changes) is that step.
        guard let quarters = Int(checkedRounding: (zoom * steps - 1e-6).rounded(.up)) else {
            // Not a zoom (NaN, or beyond any Int): the shallowest tiles, as for a zoom below the range.
            return TileLevel(zoom: zoomRange.lowerBound, size: smallestSize)
        }
        // Floor division: quarters −1 is zoom −1's last step.
        let z = quarters >= 0 ? quarters / quartersPerLevel : -((-quarters + quartersPerLevel - 1) / quartersPerLevel)
        guard zoomRange.contains(z) else {
            return TileLevel(zoom: min(max(z, zoomRange.lowerBound), zoomRange.upperBound), size: smallestSize)
        }
        return TileLevel(zoom: z, size: sizes[quarters - z * quartersPerLevel])
    }

    /// Tile pixels per screen pixel for a camera at `zoom` (1.00–1.19 for the level `forCamera` chose).
    public func sourcePixelsPerScreenPixel(atZoom cameraZoom: Double) -> Double {
        pow(2, Double(zoom) - cameraZoom) * Double(size) / WebMercator.tileSize
    }
}
