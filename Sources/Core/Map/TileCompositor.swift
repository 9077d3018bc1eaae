import Foundation

/// Resamples north-up tile images into a frame turned and scaled by the camera: one pass over the screen,
/// bilinear, each pixel mapped back to the tile it shows. Missing tiles show a parent tile scaled up when one is
/// cached, else a quiet hatch.
struct TileCompositor {
    /// One grid cell: the image to sample and how tile-local pixels map into it.
    struct Cell {
        var bitmap: TileBitmap
        var scale: Double
        var offsetX: Double
        var offsetY: Double
    }

    let tileSize: Int
    let zoom: Int

    /// The tiles at `zoom` that the camera's screen touches (with a one-pixel margin), clamped to the world.
    static func visibleTiles(camera: Camera, zoom: Int) -> (xs: ClosedRange<Int>, ys: ClosedRange<Int>) {
        let k = pow(2, Double(zoom) - camera.zoom) / WebMercator.tileSize
        let w = Double(camera.width), h = Double(camera.height)
        let corners = [Point(x: -1, y: -1), Point(x: w + 1, y: -1), Point(x: -1, y: h + 1), Point(x: w + 1, y: h + 1)]
            .map { camera.worldPixel(atScreen: $0) * k }
        let n = 1 << zoom
        let x0 = max(0, Int(corners.map(\.x).min()!.rounded(.down))), x1 = min(n - 1, Int(corners.map(\.x).max()!.rounded(.down)))
        let y0 = max(0, Int(corners.map(\.y).min()!.rounded(.down))), y1 = min(n - 1, Int(corners.map(\.y).max()!.rounded(.down)))
        return (x0...max(x0, x1), y0...max(y0, y1))
    }

    /// Draws the cells (row-major over `xs` × `ys`, nil for nothing) into `frame` as seen by `camera`.
    func compose(
        into frame: inout FrameBuffer, camera: Camera, xs: ClosedRange<Int>, ys: ClosedRange<Int>, cells: [Cell?],
        placeholder: UInt32, placeholderLine: UInt32
    ) {
        let t = Double(tileSize)
        let k = pow(2, Double(zoom) - camera.zoom) * t / WebMercator.tileSize
        let p00 = camera.worldPixel(atScreen: Point(x: 0.5, y: 0.5)) * k
        let dx = camera.worldPixel(atScreen: Point(x: 1.5, y: 0.5)) * k - p00
        let dy = camera.worldPixel(atScreen: Point(x: 0.5, y: 1.5)) * k - p00
        let columns = xs.count, rowsCount = ys.count
        let x0 = xs.lowerBound, y0 = ys.lowerBound
        let width = frame.width
        // Plain pointers and scalars for the per-pixel loop (no reference counting inside it); `cells` keeps
        // every bitmap alive until the loop is done.
        let bases = cells.map { $0.map { UnsafePointer($0.bitmap.storage.baseAddress!) } }
        let sizes = cells.map { $0?.bitmap.size ?? 0 }
        let scales = cells.map { $0?.scale ?? 1 }
        let offsX = cells.map { $0?.offsetX ?? 0 }
        let offsY = cells.map { $0?.offsetY ?? 0 }
        let invT = 1 / t
        withExtendedLifetime(cells) {
            frame.pixels.withUnsafeMutableBufferPointer { out in
                for sy in 0..<frame.height {
                    var wx = p00.x + dy.x * Double(sy), wy = p00.y + dy.y * Double(sy)
                    let line = sy * width
                    for sx in 0..<width {
                        defer { wx += dx.x; wy += dx.y }
                        let fx = (wx * invT).rounded(.down), fy = (wy * invT).rounded(.down)
                        let cx = Int(fx) - x0, cy = Int(fy) - y0
                        let index = cy * columns + cx
                        guard cx >= 0, cy >= 0, cx < columns, cy < rowsCount, let base = bases[index] else {
                            // Outside the world or not loaded: a diagonal hatch fixed to the map, so motion still shows.
                            let hatch = (Int(wx.rounded(.down)) + Int(wy.rounded(.down))) & 15 == 0
                            out[line + sx] = hatch ? placeholderLine : placeholder
                            continue
                        }
                        let scale = scales[index]
                        let u = offsX[index] + (wx - fx * t) * scale - 0.5
                        let v = offsY[index] + (wy - fy * t) * scale - 0.5
                        out[line + sx] = Bilinear.sample(base, sizes[index], u, v)
                    }
                }
            }
        }
    }
}
