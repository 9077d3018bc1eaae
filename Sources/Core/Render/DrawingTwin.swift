/// A second set of pixels that every drawing step on a canvas writes with the same coverage and the same blend as
/// the frame it draws into: a layer drawn over black in the frame and over white here at once
/// (`HUDLayerCache.layerPixels`), for one walk of its edges and glyphs instead of two.
///
/// It holds the frame's pixels in `rect`, row after row; nothing is written to it outside `rect`. The pointer must
/// stay valid while drawing is given it.
public struct DrawingTwin {
    public let pixels: UnsafeMutablePointer<UInt32>
    public let rect: PixelRect

    public init(pixels: UnsafeMutablePointer<UInt32>, rect: PixelRect) {
        self.pixels = pixels
        self.rect = rect
    }

    /// The twin's pixel for column 0 of frame row `y` (index it with the frame's column) and the columns it holds
    /// there; nil when it holds none of that row.
    @inline(__always)
    func row(_ y: Int) -> (pixels: UnsafeMutablePointer<UInt32>, columns: Range<Int>)? {
        guard y >= rect.y, y < rect.y + rect.height else { return nil }
        return (pixels + (y - rect.y) * rect.width - rect.x, rect.x..<(rect.x + rect.width))
    }
}
