/// The part of the visible tiles a frame samples, laid side by side into one north-up image, and turned into the
/// frame with the renderer's `RotatedBlit` (so a frame that only rotates costs one resample).
///
/// The image is a window over the grid's tile pixels: the turned screen's bounding box with a margin, not every
/// pixel of every tile the screen touches (at 800×480 heading-up that is at most 6.9 MiB instead of 12.3: the
/// corners of a grid of whole tiles are never sampled). It is kept between frames and only what changed is drawn
/// again: a tile that landed, or the strip that came into the window when it moved (the rest moves with one
/// overlapping copy). Drawing a tile costs a copy of its part in the window, or a bilinear scale-up when a parent
/// stands in for it, or the hatch. The window only grows, in width and height separately, to the largest
/// bounding box seen (a heading-up frame's changes with its angle), so a new angle never holds two images.
///
/// The image is RGB565 (`RGB565Image`), each tile colour its nearest RGB565 one: the window is the largest picture
/// the program keeps, and this halves it (1.8 instead of 3.6 MB at 800×480 heading-up). The composite widens each
/// sample back to XRGB8888 as it blends it.
final class TileMosaic {
    private(set) var image = RGB565Image(width: 1, height: 1)
    /// The image's top-left pixel in tile pixels of the grid's zoom (tile x · tile size + pixel x).
    private(set) var originX = 0
    private(set) var originY = 0
    /// What each tile whose part in the window is drawn shows.
    private var shown: [TileID: Content] = [:]
    private var grid: Grid?
    /// Tiles drawn by the last `update` (for tests and the benchmarks).
    private(set) var lastCellsDrawn = 0
    /// Bumped when the image changes wholesale (another grid, the window grown or moved beyond itself): the kept
    /// composite is then resampled whole.
    private(set) var revision = 0
    /// What else changed in the image since the last `draw`: the window's moves and the tiles drawn anew, which the
    /// kept composite follows and resamples only where the frame sees them.
    private var changes = ShiftableComposite.SourceChanges()
    /// The last frame resampled from the image, shifted when the next shows it moved by whole pixels.
    private let composite = ShiftableComposite()

    /// Pixels kept around the bounding box each side, so a moving frame moves the window every few seconds
    /// rather than every frame (a tile is 256 px; the bundled ride moves about 8 tile pixels a second).
    static let margin = 32

    /// What the image's pixels are laid out for: a change redraws everything.
    private struct Grid: Equatable {
        var zoom: Int
        var tileSize: Int
        var placeholder: UInt32
        var placeholderLine: UInt32
    }

    /// A box in tile pixels of the grid's zoom (bounds included), the part of the map a frame samples.
    struct Footprint: Equatable {
        var minX: Double
        var minY: Double
        var maxX: Double
        var maxY: Double
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

    /// The pixels the camera's frame samples, in tile pixels of `zoom`: the screen's corners a pixel out (the
    /// bilinear filter reads one more), as `TileCompositor.visibleTiles` takes them.
    static func footprint(camera: Camera, zoom: Int, tileSize t: Int) -> Footprint {
        let k = pow(2, Double(zoom) - camera.zoom) * Double(t) / WebMercator.tileSize
        let w = Double(camera.width)
        let h = Double(camera.height)
        let corners = [Point(x: -1, y: -1), Point(x: w + 1, y: -1), Point(x: -1, y: h + 1), Point(x: w + 1, y: h + 1)]
            .map { camera.worldPixel(atScreen: $0) * k }
        return Footprint(
            minX: (corners.map(\.x).min() ?? 0) - 1, minY: (corners.map(\.y).min() ?? 0) - 1,
            maxX: (corners.map(\.x).max() ?? 0) + 1, maxY: (corners.map(\.y).max() ?? 0) + 1)
    }

    /// Lays out `cells` (row-major over xs × ys; nil draws the placeholder hatch) in a window holding `footprint`,
    /// drawing only what changed.
    func update(
        xs: ClosedRange<Int>, ys: ClosedRange<Int>, zoom: Int, tileSize t: Int, cells: [TileCompositor.Cell?],
        placeholder: UInt32, placeholderLine: UInt32, footprint: Footprint
    ) {
        lastCellsDrawn = 0
        let new = Grid(zoom: zoom, tileSize: t, placeholder: placeholder, placeholderLine: placeholderLine)
        if grid != new {
            // Another zoom, tile size or style: nothing in the image is right any more, and the window is sized
            // afresh (a footprint in another level's tile pixels has another size).
            shown = [:]
            image = RGB565Image(width: 1, height: 1)
            revision += 1
        }
        grid = new
        // Tiles the window's move left partly drawn, with what they showed: drawn again the same, they change only
        // pixels that came into view.
        let partlyShown = place(footprint, xs: xs, ys: ys, grid: new)
        let bounds = (x: originX..<(originX + image.width), y: originY..<(originY + image.height))
        let width = image.width
        image.pixels.withUnsafeMutableBufferPointer { out in
            var i = 0
            for ty in ys {
                for tx in xs {
                    defer { i += 1 }
                    // The tile's part in the window (`clamped` gives an empty range when there is none).
                    let x = (tx * t..<(tx + 1) * t).clamped(to: bounds.x)
                    let y = (ty * t..<(ty + 1) * t).clamped(to: bounds.y)
                    guard !x.isEmpty, !y.isEmpty else { continue }
                    let id = TileID(z: zoom, x: tx, y: ty)
                    let content = Content(cells[i])
                    guard shown[id] != content else { continue }
                    draw(cells[i], tile: id, columns: x, rows: y, grid: new, into: out, width: width)
                    if partlyShown[id] != content {
                        changes.changed.append(
                            PixelRect(
                                x: x.lowerBound - originX, y: y.lowerBound - originY, width: x.count, height: y.count))
                    }
                    shown[id] = content
                    lastCellsDrawn += 1
                }
            }
        }
        withExtendedLifetime(cells) {}
        // Each update is drawn before the next, which clears the list; should one not be, the list stays short.
        if changes.changed.count > 256 {
            changes = ShiftableComposite.SourceChanges()
            revision += 1
        }
    }

    /// The image pixel showing tile pixel (`x`, `y`), as XRGB8888, nil outside the window (for tests).
    func pixel(x: Int, y: Int) -> UInt32? {
        let (ix, iy) = (x - originX, y - originY)
        guard (0..<image.width).contains(ix), (0..<image.height).contains(iy) else { return nil }
        return image[ix, iy]
    }

    /// Makes the window hold `footprint` (within the grid `xs` × `ys`): grows it when the footprint is larger than
    /// it with its margins, else moves it (keeping the pixels that stay) when the footprint left it. Gives the
    /// tiles a move left partly drawn (`shift`).
    private func place(
        _ footprint: Footprint, xs: ClosedRange<Int>, ys: ClosedRange<Int>, grid g: Grid
    ) -> [TileID: Content] {
        // Clamped before becoming integers, so no camera (however far or broken) can trap here; and to the grid,
        // whose size the budget bounds (a screen far larger than the world at zoom 0 needs only the world).
        let t = g.tileSize
        func pixel(_ v: Double, _ range: ClosedRange<Int>) -> Int {
            guard v.isFinite else { return range.lowerBound * t }
            let low = Double(range.lowerBound * t)
            let high = Double((range.upperBound + 1) * t - 1)
            return Int(checkedTruncating: min(max(v, low), high).rounded(.down)) ?? range.lowerBound * t
        }
        let x0 = pixel(footprint.minX, xs)
        let y0 = pixel(footprint.minY, ys)
        let x1 = max(x0, pixel(footprint.maxX, xs)) + 1
        let y1 = max(y0, pixel(footprint.maxY, ys)) + 1
        let inside =
            x0 >= originX && y0 >= originY && x1 <= originX + image.width && y1 <= originY + image.height
        // A backstop: the grid is at most `MapMemoryBudget.tilesPerFrame` tiles (a 1920×1080 frame at the finest
        // tiles needs about 3200 px a side).
        let width = min(max(image.width, x1 - x0 + 2 * Self.margin), 1 << 14)
        let height = min(max(image.height, y1 - y0 + 2 * Self.margin), 1 << 14)
        let newX = (x0 + x1) / 2 - width / 2
        let newY = (y0 + y1) / 2 - height / 2
        if width != image.width || height != image.height {
            // Grown: the old image goes first, so two are never held at once; everything is drawn again.
            image = RGB565Image(width: 1, height: 1)
            image = RGB565Image(width: width, height: height, fill: g.placeholder)
            (originX, originY) = (newX, newY)
            shown = [:]
            revision += 1
        } else if !inside {
            return shift(toX: newX, y: newY, background: g.placeholder)
        }
        return [:]
    }

    /// Moves the window's origin to (`x`, `y`): the pixels that stay in it move with one overlapping copy; what
    /// came into view is cleared and every tile reaching into it is drawn again when a frame shows it. Gives those
    /// tiles that kept some pixels, with what they show.
    private func shift(toX x: Int, y: Int, background color: UInt32) -> [TileID: Content] {
        let background = RGB565.nearest(color)
        let (w, h) = (image.width, image.height)
        let (dx, dy) = (x - originX, y - originY)
        (originX, originY) = (x, y)
        guard abs(dx) < w, abs(dy) < h else {
            image.clear(to: color)
            shown = [:]
            revision += 1
            return [:]
        }
        // New pixel (i, j) takes old pixel (i + dx, j + dy): one flat offset over the whole image. What wraps
        // across a row's edge lands in the columns that came into view, which are cleared below.
        let offset = dy * w + dx
        let count = w * h - abs(offset)
        image.pixels.withUnsafeMutableBufferPointer { p in
            guard let base = p.baseAddress, count > 0 else { return }
            // `copyMemory` allows the two ranges to overlap, as `memmove` does.
            if offset > 0 {
                UnsafeMutableRawPointer(base).copyMemory(
                    from: base + offset, byteCount: count * MemoryLayout<UInt16>.stride)
            } else {
                UnsafeMutableRawPointer(base - offset).copyMemory(
                    from: base, byteCount: count * MemoryLayout<UInt16>.stride)
            }
            // The new columns and rows, in image pixels.
            let columns = dx > 0 ? (w - dx)..<w : 0..<(-dx)
            let rows = dy > 0 ? (h - dy)..<h : 0..<(-dy)
            for j in 0..<h {
                if rows.contains(j) {
                    (base + j * w).update(repeating: background, count: w)
                } else if !columns.isEmpty {
                    (base + j * w + columns.lowerBound).update(repeating: background, count: columns.count)
                }
            }
        }
        // A tile is drawn again unless it lies wholly in the part that stayed.
        let keptX = (x + (dx > 0 ? 0 : -dx))..<(x + w - (dx > 0 ? dx : 0))
        let keptY = (y + (dy > 0 ? 0 : -dy))..<(y + h - (dy > 0 ? dy : 0))
        let t = grid?.tileSize ?? 1
        var partlyShown: [TileID: Content] = [:]
        shown = shown.filter { id, content in
            let tx = id.x * t..<(id.x + 1) * t
            let ty = id.y * t..<(id.y + 1) * t
            let visibleX = tx.clamped(to: x..<(x + w))
            let visibleY = ty.clamped(to: y..<(y + h))
            guard !visibleX.isEmpty, !visibleY.isEmpty else { return false }
            let whole =
                keptX.lowerBound <= visibleX.lowerBound && visibleX.upperBound <= keptX.upperBound
                && keptY.lowerBound <= visibleY.lowerBound && visibleY.upperBound <= keptY.upperBound
            if !whole { partlyShown[id] = content }
            return whole
        }
        // The kept composite follows the pixels that stayed; those that came into view changed.
        changes.moved.columns += dx
        changes.moved.rows += dy
        changes.changed = changes.changed.map { $0.offsetBy(-dx, -dy) }
        let newColumns = dx > 0 ? (w - dx)..<w : 0..<(-dx)
        let newRows = dy > 0 ? (h - dy)..<h : 0..<(-dy)
        changes.changed.append(PixelRect(x: newColumns.lowerBound, y: 0, width: newColumns.count, height: h))
        changes.changed.append(PixelRect(x: 0, y: newRows.lowerBound, width: w, height: newRows.count))
        return partlyShown
    }

    /// Draws tile `id`'s pixels `columns` × `rows` (tile pixels of the grid's zoom, inside the window): its
    /// bitmap copied, a parent scaled up, or the hatch. `out` is the image's pixels, `w` its width.
    private func draw(
        _ cell: TileCompositor.Cell?, tile id: TileID, columns: Range<Int>, rows: Range<Int>, grid g: Grid,
        into out: UnsafeMutableBufferPointer<UInt16>, width w: Int
    ) {
        let t = g.tileSize
        // Tile-local pixels, and where the first of them goes in the image.
        let local = (
            x: (columns.lowerBound - id.x * t)..<(columns.upperBound - id.x * t), y0: rows.lowerBound - id.y * t
        )
        let base = out.baseAddress! + (rows.lowerBound - originY) * w + (columns.lowerBound - originX)
        guard let cell else {
            // A diagonal hatch fixed to the map, so motion still shows over missing data.
            let (line, fill) = (RGB565.nearest(g.placeholderLine), RGB565.nearest(g.placeholder))
            for j in 0..<rows.count {
                let gy = rows.lowerBound + j
                for i in 0..<columns.count {
                    base[j * w + i] = (columns.lowerBound + i + gy) & 15 == 0 ? line : fill
                }
            }
            return
        }
        let size = cell.bitmap.size
        if cell.scale == 1 && size == t {
            for j in 0..<rows.count { cell.bitmap.copyRow565(local.y0 + j, columns: local.x, to: base + j * w) }
            return
        }
        // A parent tile shown while this one renders: its quarter (or smaller) scaled up.
        cell.bitmap.pixels.withUnsafeBufferPointer { pixels in
            let src = pixels.baseAddress!
            let step = cell.scale * Double(size) / Double(t)
            for j in 0..<rows.count {
                let v = cell.offsetY + (Double(local.y0 + j) + 0.5) * step - 0.5
                for i in 0..<columns.count {
                    let u = cell.offsetX + (Double(local.x.lowerBound + i) + 0.5) * step - 0.5
                    base[j * w + i] = RGB565.nearest(Bilinear.sample(src, size, u, v))
                }
            }
        }
    }

    /// Resamples the mosaic into `frame` as `camera` sees it, with `overlay` over it; `zoom` is the mosaic's tile
    /// zoom. A frame that shows the same image moved by whole pixels (a snapped camera that only moved) is the last
    /// one shifted, with the overlay's items that did not change; with `keptOnly`, only its pixels drawn anew are
    /// left in `frame`, and the whole picture is `keptPicture` (`ShiftableComposite.draw`).
    func draw(
        into frame: inout FrameBuffer, camera: Camera, zoom: Int, tileSize t: Int, background: UInt32,
        overlay: CompositeOverlay = .none, keptOnly: Bool = false
    ) {
        let k = pow(2, Double(zoom) - camera.zoom) * Double(t) / WebMercator.tileSize
        let shift = Point(x: Double(originX), y: Double(originY))
        let p00 = camera.worldPixel(atScreen: Point(x: 0.5, y: 0.5)) * k - shift
        // The steps from the rotation alone, not as differences of two far-off points, so every frame at one
        // bearing and zoom has exactly the same steps (the shift's test compares them).
        let map = AffineMap(
            origin: p00 - Point(x: 0.5, y: 0.5),
            xStep: rotate(Point(x: 1, y: 0), byDegrees: camera.bearing.degrees) * k,
            yStep: rotate(Point(x: 0, y: 1), byDegrees: camera.bearing.degrees) * k)
        // Outside the image the background in the image's own colours, so no seam shows where the two meet.
        composite.draw(
            image, revision: revision, changes: changes, into: &frame, map: map, filter: .bilinear,
            background: RGB565.rounded(background),
            overlay: overlay, keptOnly: keptOnly)
        changes = ShiftableComposite.SourceChanges()
    }

    /// The last `draw`'s whole picture, rolled; nil when it was not kept.
    var keptPicture: RolledFrame? { composite.keptPicture }

    /// Destination pixels resampled by the last `draw` (the others were the last frame shifted).
    var lastResampledPixels: Int { composite.lastResampledPixels }
    /// The next `draw` resamples the whole frame.
    func forgetKeptFrame() { composite.forget() }

    /// Overlay items drawn by the last `draw` (the others were shifted with the map).
    var lastRedrawnItems: Int { composite.lastRedrawnItems }
    /// False when the last `draw` gave the frame exactly the pixels of the one before.
    var lastDrawChangedPixels: Bool { composite.lastDrawChangedPixels }
}
