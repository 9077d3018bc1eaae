/// The visible tiles laid side by side into one north-up image, rebuilt only when the set of tiles changes, and
/// turned into the frame with the renderer's `RotatedBlit` (so a frame that only rotates costs one resample).
final class TileMosaic {
    private(set) var image = FrameBuffer(width: 1, height: 1)
    /// The bitmaps the mosaic shows, held so none is freed and its address reused while it is compared.
    private var shown: [TileBitmap?] = []
    private var lastScales: [Double] = []
    private var signatureRange: (ClosedRange<Int>, ClosedRange<Int>, Int, UInt32)?

    /// Lays out `cells` (row-major over xs × ys; nil draws the placeholder hatch) unless the same tiles are there.
    func update(
        xs: ClosedRange<Int>, ys: ClosedRange<Int>, zoom: Int, tileSize t: Int, cells: [TileCompositor.Cell?],
        placeholder: UInt32, placeholderLine: UInt32
    ) {
        let bitmaps = cells.map { $0?.bitmap }
        if let r = signatureRange, r.0 == xs, r.1 == ys, r.2 == zoom, r.3 == placeholder, bitmaps.count == shown.count,
            zip(bitmaps, shown).allSatisfy({ $0 === $1 }),
            zip(cells, lastScales).allSatisfy({ ($0?.scale ?? 0) == $1 })
        {
            return
        }
        let w = xs.count * t
        let h = ys.count * t
        if image.width != w || image.height != h { image = FrameBuffer(width: w, height: h) }
        image.pixels.withUnsafeMutableBufferPointer { out in
            for (i, cell) in cells.enumerated() {
                let ox = (i % xs.count) * t
                let oy = (i / xs.count) * t
                guard let cell else {
                    // A diagonal hatch fixed to the map, so motion still shows over missing data.
                    let gx = (xs.lowerBound * t + ox)
                    let gy = (ys.lowerBound * t + oy)
                    for y in 0..<t {
                        for x in 0..<t {
                            out[(oy + y) * w + ox + x] = (gx + x + gy + y) & 15 == 0 ? placeholderLine : placeholder
                        }
                    }
                    continue
                }
                let src = UnsafePointer(cell.bitmap.storage.baseAddress!)
                let size = cell.bitmap.size
                if cell.scale == 1 && size == t {
                    for y in 0..<t { (out.baseAddress! + (oy + y) * w + ox).update(from: src + y * t, count: t) }
                } else {
                    // A parent tile shown while this one renders: its quarter (or smaller) scaled up.
                    for y in 0..<t {
                        let v = cell.offsetY + (Double(y) + 0.5) * cell.scale * Double(size) / Double(t) - 0.5
                        for x in 0..<t {
                            let u = cell.offsetX + (Double(x) + 0.5) * cell.scale * Double(size) / Double(t) - 0.5
                            out[(oy + y) * w + ox + x] = Bilinear.sample(src, size, u, v)
                        }
                    }
                }
            }
        }
        withExtendedLifetime(cells) {}
        shown = bitmaps
        lastScales = cells.map { $0?.scale ?? 0 }
        signatureRange = (xs, ys, zoom, placeholder)
    }

    /// Resamples the mosaic into `frame` as `camera` sees it; `zoom` is the mosaic's tile zoom.
    func draw(
        into frame: inout FrameBuffer, camera: Camera, xs: ClosedRange<Int>, ys: ClosedRange<Int>, zoom: Int,
        tileSize t: Int, background: UInt32
    ) {
        let k = pow(2, Double(zoom) - camera.zoom) * Double(t) / WebMercator.tileSize
        let shift = Point(x: Double(xs.lowerBound * t), y: Double(ys.lowerBound * t))
        let p = { (s: Point) in camera.worldPixel(atScreen: s) * k - shift }
        let p00 = p(Point(x: 0.5, y: 0.5))
        let map = AffineMap(
            origin: p00 - Point(x: 0.5, y: 0.5), xStep: p(Point(x: 1.5, y: 0.5)) - p00,
            yStep: p(Point(x: 0.5, y: 1.5)) - p00)
        RotatedBlit.draw(image, into: &frame, map: map, filter: .bilinear, background: background)
    }
}
