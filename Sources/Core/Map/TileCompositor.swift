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
        let n = 1 << min(max(zoom, 0), 30)
        // Clamped to the world before becoming integers, so no camera (however far or broken) can trap here.
        func index(_ v: Double?) -> Int {
            guard let v, !v.isNaN else { return 0 }
            return Int(checkedTruncating: min(max(v, 0), Double(n - 1)).rounded(.down)) ?? 0
        }
        let x0 = index(corners.map(\.x).min())
        let x1 = index(corners.map(\.x).max())
        let y0 = index(corners.map(\.y).min())
        let y1 = index(corners.map(\.y).max())
        return (x0...max(x0, x1), y0...max(y0, y1))
    }
}
