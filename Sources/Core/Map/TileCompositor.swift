import Foundation

/// Which tiles a camera's frame needs, and how each grid cell of the mosaic is filled (its own rendered tile, or a
/// cached ancestor scaled up while it renders).
struct TileCompositor {
    /// One grid cell: the image to sample and how tile-local pixels map into it.
    struct Cell {
        var bitmap: TileBitmap
        var scale: Double
        var offsetX: Double
        var offsetY: Double
    }

    /// The tiles at `zoom` that the camera's screen touches (with a one-pixel margin), clamped to the world.
    static func visibleTiles(camera: Camera, zoom: Int) -> (xs: ClosedRange<Int>, ys: ClosedRange<Int>) {
        let k = pow(2, Double(zoom) - camera.zoom) / WebMercator.tileSize
        let w = Double(camera.width)
        let h = Double(camera.height)
        let corners = [Point(x: -1, y: -1), Point(x: w + 1, y: -1), Point(x: -1, y: h + 1), Point(x: w + 1, y: h + 1)]
            .map { camera.worldPixel(atScreen: $0) * k }
        let n = 1 << zoom
        let x0 = max(0, Int(corners.map(\.x).min()!.rounded(.down)))
        let x1 = min(n - 1, Int(corners.map(\.x).max()!.rounded(.down)))
        let y0 = max(0, Int(corners.map(\.y).min()!.rounded(.down)))
        let y1 = min(n - 1, Int(corners.map(\.y).max()!.rounded(.down)))
        return (x0...max(x0, x1), y0...max(y0, y1))
    }
}
