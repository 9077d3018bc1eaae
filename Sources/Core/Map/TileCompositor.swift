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

    /// The tiles of the grid `xs` × `ys` at `zoom` in the order to ask for them, last the one to render first
    /// (the tile queue takes the newest request first): the tiles the screen shows now, nearest the user's
    /// marker first, after the grid's corners that only a turn of the map brings into view.
    static func requestOrder(camera: Camera, zoom: Int, xs: ClosedRange<Int>, ys: ClosedRange<Int>) -> [TileID] {
        let k = pow(2, Double(zoom) - camera.zoom) / WebMercator.tileSize
        let centre = anchorInTiles(camera: camera, zoom: zoom)
        func rank(_ t: TileID) -> (shown: Bool, distance: Double) {
            let distance = (Double(t.x) + 0.5 - centre.x).magnitude + (Double(t.y) + 0.5 - centre.y).magnitude
            return (isOnScreen(t, camera: camera, tileUnitsPerWorldPixel: k), distance)
        }
        let tiles = ys.flatMap { y in xs.map { x in TileID(z: zoom, x: x, y: y) } }
        return tiles.map { ($0, rank($0)) }
            .sorted { a, b in
                a.1.shown != b.1.shown ? !a.1.shown : a.1.distance > b.1.distance
            }
            .map(\.0)
    }

    /// Where the camera's anchor (the user's marker) lies, in tiles of `zoom`.
    static func anchorInTiles(camera: Camera, zoom: Int) -> Point {
        camera.worldPixel(atScreen: camera.anchor) * (pow(2, Double(zoom) - camera.zoom) / WebMercator.tileSize)
    }

    /// True when tile `t`'s square overlaps the camera's screen (separating axes: the screen's two and the turned
    /// square's two).
    static func isOnScreen(_ t: TileID, camera: Camera, tileUnitsPerWorldPixel k: Double) -> Bool {
        let corners = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)].map { dx, dy in
            camera.screenPoint(ofWorldPixel: Point(x: (Double(t.x) + dx) / k, y: (Double(t.y) + dy) / k))
        }
        let w = Double(camera.width)
        let h = Double(camera.height)
        guard corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return true }
        // The screen's axes: the square's extent against the screen's.
        if corners.allSatisfy({ $0.x < 0 }) || corners.allSatisfy({ $0.x > w }) { return false }
        if corners.allSatisfy({ $0.y < 0 }) || corners.allSatisfy({ $0.y > h }) { return false }
        // The square's axes: the screen's corners against the square's extent along each edge.
        let screen = [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)]
        for (a, b) in [(corners[0], corners[1]), (corners[0], corners[3])] {
            let axis = b - a
            let length = axis.x * axis.x + axis.y * axis.y
            guard length > 0 else { continue }
            let along = screen.map { (($0 - a).x * axis.x + ($0 - a).y * axis.y) / length }
            if along.allSatisfy({ $0 < 0 }) || along.allSatisfy({ $0 > 1 }) { return false }
        }
        return true
    }
}
