/// A rotated composite kept from one frame to the next, so a map that only moved by whole pixels is shifted
/// instead of resampled.
///
/// While riding, the map's rotation stays inside its dead band for most frames (588 of 600 steps of the bundled
/// ride at 20 frames a second), so a frame differs from the last only by where the user is; the pipeline snaps
/// the camera to whole screen pixels (`Camera.snappedToScreenPixels`), which makes that difference a whole number
/// of pixels. Such a frame is the last one moved: the kept pixels shift with one copy a row and only the strips
/// that came into view are resampled, through the same 16.16 lattice moved by the same whole pixels
/// (`FixedAffineMap.shifted`), so every pixel is the one a full resample would give, bit for bit.
///
/// The source is named by a revision its owner bumps whenever any of its pixels changes: a changed source, size,
/// rotation, scale or background resamples the whole frame.
final class ShiftableComposite {
    private var kept: FrameBuffer?
    /// The map and lattice of the last whole resample, and how many whole pixels from it `kept` is now: each frame
    /// is judged against the whole resample, never the last frame, so small misses cannot add up.
    private var anchor: (map: AffineMap, lattice: FixedAffineMap)?
    private var offset = (columns: 0, rows: 0)
    private var sourceRevision = 0
    private var background: UInt32 = 0
    private var filter = RotatedBlit.Filter.bilinear
    /// Destination pixels resampled by the last `draw` (the rest were shifted), for tests and the benchmarks.
    private(set) var lastResampledPixels = 0

    /// Draws `source` (at `revision`) into `destination` through `map`, as `RotatedBlit.draw` would.
    func draw(
        _ source: FrameBuffer, revision: Int, into destination: inout FrameBuffer, map: AffineMap,
        filter: RotatedBlit.Filter, background: UInt32
    ) {
        let (w, h) = (destination.width, destination.height)
        guard let fresh = FixedAffineMap(map) else {
            RotatedBlit.draw(source, into: &destination, map: map, filter: filter, background: background)
            forget()
            lastResampledPixels = w * h
            return
        }
        if kept?.width != w || kept?.height != h {
            // Another frame size: the kept frame is dropped before the new one is made, so two are never held.
            kept = nil
            forget()
        }
        var frame = kept ?? FrameBuffer(width: w, height: h)
        kept = nil  // `frame` is the only reference while it is drawn: no copy on write
        if revision == sourceRevision, background == self.background, filter == self.filter, let anchor,
            let at = Self.wholePixels(from: anchor.map, to: map),
            abs(at.columns - offset.columns) < w, abs(at.rows - offset.rows) < h
        {
            let move = (columns: at.columns - offset.columns, rows: at.rows - offset.rows)
            let moved = anchor.lattice.shifted(columns: at.columns, rows: at.rows)
            frame.shift(columns: move.columns, rows: move.rows)
            lastResampledPixels = 0
            for strip in Self.strips(columns: move.columns, rows: move.rows, width: w, height: h) {
                RotatedBlit.draw(
                    source, into: &frame, map: moved, rows: strip.rows, columns: strip.columns, filter: filter,
                    background: background)
                lastResampledPixels += strip.rows.count * strip.columns.count
            }
            offset = at
        } else {
            RotatedBlit.draw(
                source, into: &frame, map: fresh, rows: 0..<h, columns: 0..<w, filter: filter, background: background)
            lastResampledPixels = w * h
            anchor = (map, fresh)
            offset = (0, 0)
        }
        sourceRevision = revision
        self.background = background
        self.filter = filter
        destination.copyPixels(from: frame)
        kept = frame
    }

    /// Drops the kept frame's meaning (its pixels are reused as scratch): the next draw resamples everything.
    func forget() {
        anchor = nil
        offset = (0, 0)
    }

    /// How many whole destination pixels (columns, rows) `new`'s pixel (0, 0) lies from `old`'s, when its steps
    /// are `old`'s exactly and the move is whole to within a thousandth of a pixel (what floating point leaves of a
    /// snapped camera); nil when it is not such a move. Only ordinary steps and moves within a million pixels are
    /// taken, so the lattice's 16.16 sums stay far inside `Int`.
    static func wholePixels(from old: AffineMap, to new: AffineMap) -> (columns: Int, rows: Int)? {
        guard new.xStep == old.xStep, new.yStep == old.yStep else { return nil }
        let (a, b) = (new.xStep, new.yStep)
        guard [a.x, a.y, b.x, b.y].allSatisfy({ abs($0) <= 1024 }) else { return nil }
        let det = a.x * b.y - b.x * a.y
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        // Solve new.origin − old.origin = columns · xStep + rows · yStep.
        let d = new.origin - old.origin
        let columns = (d.x * b.y - b.x * d.y) / det
        let rows = (a.x * d.y - d.x * a.y) / det
        let (c, r) = (columns.rounded(), rows.rounded())
        let limit = Double(1 << 20)
        guard abs(columns - c) < 1e-3, abs(rows - r) < 1e-3, abs(c) < limit, abs(r) < limit else { return nil }
        return (Int(c), Int(r))
    }

    /// The destination pixels a shift by (`columns`, `rows`) leaves without a kept pixel: a band of rows across
    /// the frame, and a band of columns beside it in the other rows.
    static func strips(columns: Int, rows: Int, width w: Int, height h: Int) -> [(
        rows: Range<Int>, columns: Range<Int>
    )] {
        let newRows = rows > 0 ? (h - rows)..<h : 0..<(-rows)
        let keptRows = rows > 0 ? 0..<(h - rows) : (-rows)..<h
        let newColumns = columns > 0 ? (w - columns)..<w : 0..<(-columns)
        var strips: [(rows: Range<Int>, columns: Range<Int>)] = []
        if !newRows.isEmpty { strips.append((newRows, 0..<w)) }
        if !newColumns.isEmpty, !keptRows.isEmpty { strips.append((keptRows, newColumns)) }
        return strips
    }
}

extension FrameBuffer {
    /// Moves the pixels so that pixel (x, y) shows what pixel (x + `columns`, y + `rows`) showed; what came into
    /// view keeps stale pixels, for the caller to draw.
    mutating func shift(columns: Int, rows: Int) {
        let (w, h) = (width, height)
        guard abs(columns) < w, abs(rows) < h, columns != 0 || rows != 0 else { return }
        let count = w - abs(columns)
        pixels.withUnsafeMutableBufferPointer { p in
            guard let base = p.baseAddress else { return }
            func move(row y: Int) {
                let from = base + (y + rows) * w + max(columns, 0)
                let to = base + y * w + max(-columns, 0)
                // Within one row the two ranges overlap when `rows` is 0, which `copyMemory` allows (memmove).
                UnsafeMutableRawPointer(to).copyMemory(from: from, byteCount: count * 4)
            }
            // Rows are walked away from the rows they read, so none is overwritten before it is read.
            if rows > 0 {
                for y in 0..<(h - rows) { move(row: y) }
            } else {
                for y in stride(from: h - 1, through: -rows, by: -1) { move(row: y) }
            }
        }
    }

    /// Copies `other`'s pixels into this frame's own storage, which stays this frame's alone (an assignment would
    /// share `other`'s, and the next drawing on either would copy the whole frame); a frame of another size is
    /// taken as it is.
    mutating func copyPixels(from other: FrameBuffer) {
        guard other.width == width, other.height == height else {
            self = other
            return
        }
        pixels.withUnsafeMutableBufferPointer { to in
            other.pixels.withUnsafeBufferPointer { from in
                guard let t = to.baseAddress, let f = from.baseAddress else { return }
                t.update(from: f, count: min(to.count, from.count))
            }
        }
    }
}
