/// The visible tiles laid side by side into one north-up image, and turned into the frame with the renderer's
/// `RotatedBlit` (so a frame that only rotates costs one resample).
///
/// The image is kept between frames and only the cells whose content changed are drawn again: a tile that landed,
/// or the row or column that came into view when the grid moved by a tile (the rest is moved with one overlapping copy).
/// Drawing a cell costs a copy of its tile, or a bilinear scale-up when a parent stands in for it, or the hatch.
/// The image only grows, to the largest grid seen (a heading-up grid changes shape as the map turns), so a new
/// shape never holds two images at once; cells past the visible grid are never sampled.
final class TileMosaic {
    private(set) var image = FrameBuffer(width: 1, height: 1)
    /// The image's size in cells; the visible grid sits in its top-left corner.
    private var columns = 0
    private var rows = 0
    /// What each cell of `image` shows (row-major over `columns` × `rows`), nil when not drawn for this grid.
    private var shown: [Content?] = []
    private var grid: Grid?
    /// Cells drawn by the last `update` (for tests and the benchmarks).
    private(set) var lastCellsDrawn = 0

    /// The tile grid an image is laid out for.
    private struct Grid: Equatable {
        var xs: ClosedRange<Int>
        var ys: ClosedRange<Int>
        var zoom: Int
        var tileSize: Int
        var placeholder: UInt32
        var placeholderLine: UInt32
    }

    /// What a cell shows: a bitmap (held, so its identity cannot be reused while compared) and how it is mapped,
    /// or the hatch.
    private struct Content: Equatable {
        var bitmap: TileBitmap?
        var scale: Double
        var offsetX: Double
        var offsetY: Double

        init(_ cell: TileCompositor.Cell?) {
            bitmap = cell?.bitmap
            scale = cell?.scale ?? 0
            offsetX = cell?.offsetX ?? 0
            offsetY = cell?.offsetY ?? 0
        }

        static func == (a: Content, b: Content) -> Bool {
            a.bitmap === b.bitmap && a.scale == b.scale && a.offsetX == b.offsetX && a.offsetY == b.offsetY
        }
    }

    /// Lays out `cells` (row-major over xs × ys; nil draws the placeholder hatch), drawing only what changed.
    func update(
        xs: ClosedRange<Int>, ys: ClosedRange<Int>, zoom: Int, tileSize t: Int, cells: [TileCompositor.Cell?],
        placeholder: UInt32, placeholderLine: UInt32
    ) {
        let new = Grid(
            xs: xs, ys: ys, zoom: zoom, tileSize: t, placeholder: placeholder, placeholderLine: placeholderLine)
        lastCellsDrawn = 0
        if xs.count > columns || ys.count > rows || grid?.tileSize != t {
            // Grown: the old image goes first, so two are never held at once; every cell is drawn again.
            columns = max(columns, xs.count)
            rows = max(rows, ys.count)
            image = FrameBuffer(width: 1, height: 1)
            image = FrameBuffer(width: columns * t, height: rows * t)
            shown = Array(repeating: nil, count: columns * rows)
        } else if let old = grid, old != new {
            if old.zoom == new.zoom, old.placeholder == placeholder, old.placeholderLine == placeholderLine {
                shiftInPlace(from: old, to: new)
            } else {
                shown = Array(repeating: nil, count: columns * rows)
            }
        }
        grid = new
        let visibleColumns = xs.count
        image.pixels.withUnsafeMutableBufferPointer { out in
            for (i, cell) in cells.enumerated() {
                let slot = (i / visibleColumns) * columns + i % visibleColumns
                let content = Content(cell)
                guard shown[slot] != content else { continue }
                draw(cell, slot: slot, grid: new, into: out)
                shown[slot] = content
                lastCellsDrawn += 1
            }
        }
        withExtendedLifetime(cells) {}
    }

    /// The grid moved by whole tiles: the pixels that stay in view move with one overlapping copy (what wraps across a
    /// row edge lands in a cell that came into view, which is drawn afresh), and so does `shown`.
    private func shiftInPlace(from old: Grid, to new: Grid) {
        let t = new.tileSize
        let dx = new.xs.lowerBound - old.xs.lowerBound
        let dy = new.ys.lowerBound - old.ys.lowerBound
        var moved: [Content?] = Array(repeating: nil, count: columns * rows)
        for r in 0..<rows {
            for c in 0..<columns {
                let (oc, or) = (c + dx, r + dy)
                if (0..<columns).contains(oc), (0..<rows).contains(or) {
                    moved[r * columns + c] = shown[or * columns + oc]
                }
            }
        }
        shown = moved
        guard moved.contains(where: { $0 != nil }) else { return }
        // New pixel (x, y) takes old pixel (x + dx·t, y + dy·t): one flat offset over the whole image.
        let offset = dy * t * image.width + dx * t
        let count = image.pixels.count - abs(offset)
        image.pixels.withUnsafeMutableBufferPointer { p in
            guard let base = p.baseAddress, count > 0 else { return }
            // `copyMemory` allows the two ranges to overlap, as `memmove` does.
            if offset > 0 {
                UnsafeMutableRawPointer(base).copyMemory(from: base + offset, byteCount: count * 4)
            } else {
                UnsafeMutableRawPointer(base - offset).copyMemory(from: base, byteCount: count * 4)
            }
        }
    }

    /// Draws the cell at `slot` of the image: its tile copied, a parent scaled up, or the hatch.
    private func draw(
        _ cell: TileCompositor.Cell?, slot: Int, grid g: Grid, into out: UnsafeMutableBufferPointer<UInt32>
    ) {
        let t = g.tileSize
        let w = columns * t
        let ox = (slot % columns) * t
        let oy = (slot / columns) * t
        guard let cell else {
            // A diagonal hatch fixed to the map, so motion still shows over missing data.
            let gx = g.xs.lowerBound * t + ox
            let gy = g.ys.lowerBound * t + oy
            for y in 0..<t {
                for x in 0..<t {
                    out[(oy + y) * w + ox + x] = (gx + x + gy + y) & 15 == 0 ? g.placeholderLine : g.placeholder
                }
            }
            return
        }
        let size = cell.bitmap.size
        if cell.scale == 1 && size == t {
            for y in 0..<t { cell.bitmap.copyRow(y, to: out.baseAddress! + (oy + y) * w + ox) }
            return
        }
        // A parent tile shown while this one renders: its quarter (or smaller) scaled up.
        cell.bitmap.pixels.withUnsafeBufferPointer { pixels in
            let src = pixels.baseAddress!
            for y in 0..<t {
                let v = cell.offsetY + (Double(y) + 0.5) * cell.scale * Double(size) / Double(t) - 0.5
                for x in 0..<t {
                    let u = cell.offsetX + (Double(x) + 0.5) * cell.scale * Double(size) / Double(t) - 0.5
                    out[(oy + y) * w + ox + x] = Bilinear.sample(src, size, u, v)
                }
            }
        }
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
