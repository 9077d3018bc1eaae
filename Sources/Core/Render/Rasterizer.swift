/// Fills paths with exact-area anti-aliasing into an XRGB8888 frame.
///
/// Each edge adds its signed area to an accumulation buffer, one cell per pixel; a running sum along each row then
/// gives every pixel's coverage (the method of font-rs and stb_truetype). Winding is non-zero with the sum clamped
/// to 1, so overlapping pieces of one stroke do not darken each other. Work is bounded by the path's bounding box,
/// so thousands of small shapes on a tile cost what their area costs, and each row is summed only from the first
/// cell an edge touched to the last (a trail's long thin stroke costs its length, not its bounding box).
///
/// The cells cover a band of `bandRows` rows, not the whole frame: a path taller than the band is filled band by
/// band, each edge carried on from where the band above left it, so every pixel gets the same arithmetic in the
/// same order as with a frame-sized buffer (the same pixels, bit for bit) in a fraction of the memory (0.4 MiB
/// instead of 1.5 MiB at 800×480, 0.9 MiB instead of 7.9 MiB at 1920×1080).
public final class Rasterizer {
    public let width: Int
    public let height: Int
    /// Rows of cells: a HUD panel, a glyph or the arrow fits in one band, a tile's 256 rows take two or three. 64
    /// rows saved 0.2 MiB more but cost tiles 10 % more rasteriser instructions (callgrind); 128 costs them 3.6 %.
    static let bandRows = 128
    /// (width + 2) cells per row: an edge clamped at the right border writes one or two cells past it.
    private var cells: [Float]
    private let stride: Int
    /// Per row of the band, the first and last cell an edge added to (`Int.max` and -1 when none): left of the
    /// first the running sum is zero, right of the last it no longer changes.
    private var touchedFrom: [Int]
    private var touchedTo: [Int]

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        self.stride = width + 2
        self.cells = Array(repeating: 0, count: (width + 2) * min(height, Self.bandRows))
        self.touchedFrom = Array(repeating: Int.max, count: min(height, Self.bandRows))
        self.touchedTo = Array(repeating: -1, count: min(height, Self.bandRows))
    }

    /// One edge, top end first, and where its walk down the rows starts.
    private struct Edge {
        let p0: Point
        let p1: Point
        let dir: Float
        let dxdy: Double
        /// The first row to add, and the edge's x at its top (or at `p0` in the first row).
        let row: Int
        let x: Double
        let endRow: Int
    }

    /// Fills `path` with `color` (its alpha is the opacity) into `frame`, which must be the rasteriser's size, and
    /// into `twin` where it holds the frame's pixels.
    public func fill(_ path: Path, color: Color, into frame: inout FrameBuffer, twin: DrawingTwin? = nil) {
        precondition(frame.width == width && frame.height == height, "rasteriser and frame sizes differ")
        guard color.a > 0 else { return }
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for contour in path.contours {
            for p in contour {
                guard p.x.isFinite, p.y.isFinite else { return }
                minX = min(minX, p.x)
                maxX = max(maxX, p.x)
                minY = min(minY, p.y)
                maxY = max(maxY, p.y)
            }
        }
        guard minX < Double(width), minY < Double(height), maxX > 0, maxY > 0 else { return }
        let x0 = max(0, Int(minX.rounded(.down)))
        let x1 = min(width - 1, Int(maxX.rounded(.up)))
        let y0 = max(0, Int(minY.rounded(.down)))
        let y1 = min(height - 1, Int(maxY.rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }

        if y1 - y0 < Self.bandRows {
            // One band (a glyph, a panel, the arrow): each edge is walked as it is read, nothing is kept.
            withCells { cells in
                forEachEdge(of: path) { e in
                    add(e, rowsBefore: y1 + 1, firstRow: y0, cells)
                }
                frame.pixels.withUnsafeMutableBufferPointer { px in
                    resolve(rows: y0..<(y1 + 1), firstRow: y0, columns: x0...x1, color: color, cells, px, twin)
                }
            }
            return
        }
        // Taller than a band: the path's edges are walked again for each band they reach, not kept (a coastline's
        // 17,000 edges took 1.2 MB). Each walks on, without adding, through the rows of the bands above, so it
        // reaches the band with the same x, from the same arithmetic, as if it had been kept from there.
        var top = y0
        while top <= y1 {
            let band = top..<min(top + Self.bandRows, y1 + 1, height)
            withCells { cells in
                forEachEdge(of: path, reaching: band) { e in
                    add(e, rowsBefore: band.upperBound, firstRow: band.lowerBound, cells)
                }
                frame.pixels.withUnsafeMutableBufferPointer { px in
                    resolve(rows: band, firstRow: band.lowerBound, columns: x0...x1, color: color, cells, px, twin)
                }
            }
            top = band.upperBound
        }
    }

    /// The band's cells and each row's touched columns, as one value the walk and the resolve share.
    private struct Cells {
        let acc: UnsafeMutableBufferPointer<Float>
        let from: UnsafeMutableBufferPointer<Int>
        let to: UnsafeMutableBufferPointer<Int>

        /// Adds `value` to cell `x` of the band's row `row` (`line` = row × stride), noting the column.
        @inline(__always)
        func add(_ value: Float, row: Int, line: Int, x: Int) {
            acc[line + x] += value
            if x < from[row] { from[row] = x }
            if x > to[row] { to[row] = x }
        }
    }

    @inline(__always)
    private func withCells(_ body: (Cells) -> Void) {
        cells.withUnsafeMutableBufferPointer { acc in
            touchedFrom.withUnsafeMutableBufferPointer { from in
                touchedTo.withUnsafeMutableBufferPointer { to in body(Cells(acc: acc, from: from, to: to)) }
            }
        }
    }

    /// Every edge of `path`'s closed contours that adds to the cells, in the contours' order.
    @inline(__always)
    private func forEachEdge(of path: Path, _ body: (Edge) -> Void) {
        for contour in path.contours where contour.count >= 2 {
            var prev = contour[contour.count - 1]
            for p in contour {
                if let e = edge(from: prev, to: p) { body(e) }
                prev = p
            }
        }
    }

    /// The same, only the edges that add to a row of `band`: one that ends above it or starts below it is passed
    /// over before it is made.
    @inline(__always)
    private func forEachEdge(of path: Path, reaching band: Range<Int>, _ body: (Edge) -> Void) {
        let (top, bottom) = (Double(band.lowerBound), Double(band.upperBound))
        for contour in path.contours where contour.count >= 2 {
            var prev = contour[contour.count - 1]
            for p in contour {
                // An edge adds to rows floor(low.y) ..< ceil(high.y): none of them in the band when high.y <= top or
                // low.y >= bottom.
                if max(prev.y, p.y) > top, min(prev.y, p.y) < bottom, let e = edge(from: prev, to: p) { body(e) }
                prev = p
            }
        }
    }

    /// The edge from `a` to `b` ready to walk, or nil when it adds nothing (horizontal, or above or below the
    /// frame).
    private func edge(from a: Point, to b: Point) -> Edge? {
        if a.y == b.y { return nil }
        let dir: Float = a.y < b.y ? 1 : -1
        let (p0, p1) = a.y < b.y ? (a, b) : (b, a)
        guard p1.y > 0, p0.y < Double(height) else { return nil }
        let dxdy = (p1.x - p0.x) / (p1.y - p0.y)
        let yStart = max(0, Int(p0.y.rounded(.down)))
        let x = p0.x + (Double(yStart) > p0.y ? (Double(yStart) - p0.y) * dxdy : 0)
        return Edge(
            p0: p0, p1: p1, dir: dir, dxdy: dxdy, row: yStart, x: x, endRow: min(height, Int(p1.y.rounded(.up))))
    }

    /// Adds the edge's signed area to the cells of its rows from `firstRow` (where the cells start) to above
    /// `rowsBefore`; rows above `firstRow` only move the edge's x on. x is clamped to [0, width], which keeps the
    /// winding right for the visible part (a shape left of the frame still covers it).
    private func add(
        _ e: Edge, rowsBefore rowLimit: Int, firstRow: Int, _ cells: Cells
    ) {
        let (p0, p1, dir, dxdy) = (e.p0, e.p1, e.dir, e.dxdy)
        let w = Double(width)
        var x = e.x
        let last = min(e.endRow, rowLimit)
        var y = e.row
        while y < last {
            defer { y += 1 }
            let rowTop = max(Double(y), p0.y)
            let rowBottom = min(Double(y + 1), p1.y)
            let dy = rowBottom - rowTop
            if dy <= 0 { continue }
            let xNext = x + dxdy * dy
            if y < firstRow {
                x = xNext
                continue
            }
            let d = Float(dy) * dir
            let row = y - firstRow
            let line = row * stride
            let xa = min(max(min(x, xNext), 0), w)
            let xb = min(max(max(x, xNext), 0), w)
            let xaFloor = xa.rounded(.down)
            let ia = Int(xaFloor)
            let ib = Int(xb.rounded(.up))
            if ib <= ia + 1 {
                // The edge stays within one pixel column in this row: split by its mean x.
                let xm = Float((xa + xb) * 0.5 - xaFloor)
                cells.add(d - d * xm, row: row, line: line, x: ia)
                cells.add(d * xm, row: row, line: line, x: ia + 1)
            } else {
                // The edge crosses several columns: exact trapezoid areas per column.
                let s = Float(1 / (xb - xa))
                let fa = Float(xa - xaFloor)
                let a0 = 0.5 * s * (1 - fa) * (1 - fa)
                let fb = Float(xb - Double(ib) + 1)
                let am = 0.5 * s * fb * fb
                cells.add(d * a0, row: row, line: line, x: ia)
                if ib == ia + 2 {
                    cells.acc[line + ia + 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - fa)
                    cells.acc[line + ia + 1] += d * (a1 - a0)
                    var xi = ia + 2
                    while xi < ib - 1 {
                        cells.acc[line + xi] += d * s
                        xi += 1
                    }
                    let a2 = a1 + Float(ib - ia - 3) * s
                    cells.acc[line + ib - 1] += d * (1 - a2 - am)
                }
                // The cells between lie between these two, which note the row's extent.
                cells.add(d * am, row: row, line: line, x: ib)
            }
            x = xNext
        }
    }

    /// Turns the accumulated areas of the box into coverage, blends `color` and clears the cells it read. Kept out
    /// of line: inlined into `fill`'s two callers it ran about 15 % more instructions (callgrind).
    ///
    /// A row is summed from its first touched cell to its last only: left of them the sum is zero (no pixel), right
    /// of them it stays what it was at the last (the same pixels as summing on, which adds zeros). Each pixel gets
    /// the arithmetic it got when every row was summed across the whole box.
    private func resolve(
        rows: Range<Int>, firstRow: Int, columns: ClosedRange<Int>, color: Color, _ cells: Cells,
        _ px: UnsafeMutableBufferPointer<UInt32>, _ twin: DrawingTwin?
    ) {
        if let twin {
            resolve(rows: rows, firstRow: firstRow, columns: columns, color: color, cells, px, TwinRows(twin: twin))
        } else {
            resolve(rows: rows, firstRow: firstRow, columns: columns, color: color, cells, px, NoTwinRows())
        }
    }

    /// Where a resolved row's pixels also go: specialised for each, so a fill without a twin pays nothing for it.
    private protocol TwinRowSource {
        /// The twin's pixel for column 0 of frame row `y` and the columns it holds there; nil when it holds none.
        func row(_ y: Int) -> (pixels: UnsafeMutablePointer<UInt32>, columns: Range<Int>)?
    }

    private struct NoTwinRows: TwinRowSource {
        @inline(__always)
        func row(_ y: Int) -> (pixels: UnsafeMutablePointer<UInt32>, columns: Range<Int>)? { nil }
    }

    private struct TwinRows: TwinRowSource {
        let twin: DrawingTwin
        @inline(__always)
        func row(_ y: Int) -> (pixels: UnsafeMutablePointer<UInt32>, columns: Range<Int>)? { twin.row(y) }
    }

    @inline(never)
    private func resolve<Twins: TwinRowSource>(
        rows: Range<Int>, firstRow: Int, columns: ClosedRange<Int>, color: Color, _ cells: Cells,
        _ px: UnsafeMutableBufferPointer<UInt32>, _ twins: Twins
    ) {
        let acc = cells.acc
        let alpha = Float(color.a)
        let sr = UInt32(color.r)
        let sg = UInt32(color.g)
        let sb = UInt32(color.b)
        let solid = color.xrgb
        @inline(__always)
        func mixed(_ d: UInt32, _ a: UInt32) -> UInt32 {
            guard a < 255 else { return solid }
            let ia = 255 - a
            let r = (sr * a + ((d >> 16) & 0xff) * ia + 127) / 255
            let g = (sg * a + ((d >> 8) & 0xff) * ia + 127) / 255
            let b = (sb * a + (d & 0xff) * ia + 127) / 255
            return r << 16 | g << 8 | b
        }
        var twin: (pixels: UnsafeMutablePointer<UInt32>, columns: Range<Int>)?
        @inline(__always)
        func blend(_ cover: Float, at i: Int, x: Int) {
            let a = UInt32(cover + 0.5)
            px[i] = mixed(px[i], a)
            if let twin, twin.columns.contains(x) { twin.pixels[x] = mixed(twin.pixels[x], a) }
        }
        /// Blends one coverage into pixels `xs` of the row starting at `out`: an opaque run with no twin is the
        /// colour itself, as `mixed` gives it.
        @inline(__always)
        func blend(_ cover: Float, row out: Int, _ xs: Range<Int>) {
            guard cover >= 0.5 else { return }
            if UInt32(cover + 0.5) >= 255 && twin == nil {
                (px.baseAddress! + out + xs.lowerBound).update(repeating: solid, count: xs.count)
            } else {
                for x in xs { blend(cover, at: out + x, x: x) }
            }
        }
        for y in rows {
            let row = y - firstRow
            let (first, last) = (cells.from[row], cells.to[row])
            guard first <= last else { continue }
            let line = row * stride
            let out = y * width
            twin = twins.row(y)
            var sum: Float = 0
            // Cells left of the box are zero by construction: edges were clamped into it.
            var x = max(first, columns.lowerBound)
            let end = min(last, columns.upperBound) + 1
            while x < end {
                let cell = acc[line + x]
                if cell != 0 {
                    sum += cell
                    let cover = min(abs(sum), 1) * alpha
                    if cover >= 0.5 { blend(cover, at: out + x, x: x) }
                    x += 1
                    continue
                }
                // A run of empty cells: the sum, and so the coverage, holds across it. A path of many roads touches
                // a tile's rows from side to side with a few edges each, so most of a row's cells are empty; they
                // are found eight at a time.
                var runEnd = x + 1
                while runEnd + 8 <= end,
                    !any(UnsafeRawPointer(acc.baseAddress! + line + runEnd).loadUnaligned(as: SIMD8<Float>.self) .!= 0)
                {
                    runEnd += 8
                }
                while runEnd < end, acc[line + runEnd] == 0 { runEnd += 1 }
                blend(min(abs(sum), 1) * alpha, row: out, x..<runEnd)
                x = runEnd
            }
            // Right of the last touched cell every pixel has the coverage the last one left.
            if last < columns.upperBound {
                blend(
                    min(abs(sum), 1) * alpha, row: out,
                    (max(last, columns.lowerBound - 1) + 1)..<(columns.upperBound + 1))
            }
            (acc.baseAddress! + line + first).update(repeating: 0, count: last - first + 1)
            (cells.from[row], cells.to[row]) = (Int.max, -1)
        }
    }
}
