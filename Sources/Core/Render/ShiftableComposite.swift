/// A rotated composite kept from one frame to the next, so a map that only moved by whole pixels is shifted
/// instead of resampled.
///
/// While riding, the map's rotation stays inside its dead band for most frames (588 of 600 steps of the bundled
/// ride at 20 frames a second), so a frame differs from the last only by where the user is; the pipeline snaps
/// the camera to whole screen pixels (`Camera.snappedToScreenPixels`), which makes that difference a whole number
/// of pixels. Such a frame is the last one moved, and only the strips that came into view are resampled, through
/// the same 16.16 lattice moved by the same whole pixels (`FixedAffineMap.shifted`), so every pixel is the one a
/// full resample would give, bit for bit.
///
/// The kept frame is stored *rolled* (`RolledFrame`): a move only turns its roll, so a shifted frame costs one
/// copy of the frame (the kept pixels, unrolled into the destination) and the copy back of what was drawn anew,
/// instead of a shift of the kept frame in place and a copy of it.
///
/// The source is named by a revision its owner bumps when its pixels change wholesale: a changed revision, size,
/// rotation, scale or background resamples the whole frame. A source that changed only in part says how
/// (`SourceChanges`): its pixels moved within it, or some rectangles of it were drawn anew. The kept frame follows
/// the move, and only the destination pixels that sample a changed rectangle are resampled (the map's mosaic moves
/// its window every few seconds and draws the tiles that come into it, nearly always outside what the frame sees).
final class ShiftableComposite {
    /// What changed in the source since the last `draw`, when it did not change wholesale.
    struct SourceChanges {
        /// How far the source's pixels moved within it: the pixel that was at (x, y) is now at
        /// (x − columns, y − rows), with the same value.
        var moved = (columns: 0, rows: 0)
        /// Rectangles of source pixels, where they lie now, that may hold other values than before.
        var changed: [PixelRect] = []
    }

    private var kept: RolledFrame?
    /// The map and lattice of the last whole resample, and how many whole pixels from it `kept` is now: each frame
    /// is judged against the whole resample, never the last frame, so small misses cannot add up. The lattice's
    /// steps are rounded (by up to half a 65536th of a pixel), so a shifted lattice drifts from a fresh one by that
    /// for each pixel moved, and the map from what is drawn over it by the camera; a frame more than eight times
    /// its width and height from the anchor is resampled whole, which keeps the drift under a tenth of a pixel (at
    /// 800×480 and 5 m/s that is half an hour on a road that never bends).
    private var anchor: (map: AffineMap, lattice: FixedAffineMap)?
    private var offset = (columns: 0, rows: 0)
    private var sourceRevision = 0
    private var background: UInt32 = 0
    private var filter = RotatedBlit.Filter.bilinear
    /// The overlay's items the kept frame shows.
    private var keptItems: [CompositeOverlay.Item] = []
    /// Destination pixels resampled by the last `draw` (the rest were shifted), for tests and the benchmarks.
    private(set) var lastResampledPixels = 0
    /// Overlay items drawn by the last `draw` (the rest were shifted with the map).
    private(set) var lastRedrawnItems = 0
    /// False when the last `draw` gave the destination exactly the pixels of the `draw` before it: nothing was
    /// resampled (a move always resamples the strips it brings into view) and no overlay item drawn anew.
    var lastDrawChangedPixels: Bool { lastResampledPixels > 0 || lastRedrawnItems > 0 }
    /// The last `draw`'s whole picture, rolled, for a caller that composes the frame as it copies it out; nil when
    /// that draw was not kept (a map no lattice can step: it has no anchor) or the kept frame was forgotten since.
    var keptPicture: RolledFrame? { anchor == nil ? nil : kept }

    /// Draws `source` (at `revision`) into `destination` through `map`, as `RotatedBlit.draw` would, and
    /// `overlay` over it, as drawing all its items would.
    ///
    /// With `keptOnly`, a frame that only moved leaves in `destination` only the pixels drawn anew (the rest is
    /// scratch): the caller takes the whole picture from `keptPicture`, and the kept pixels are not copied.
    func draw(
        _ source: some BlitSource, revision: Int, changes: SourceChanges = SourceChanges(),
        into destination: inout FrameBuffer, map: AffineMap, filter: RotatedBlit.Filter, background: UInt32,
        overlay: CompositeOverlay = .none, keptOnly: Bool = false
    ) {
        let (w, h) = (destination.width, destination.height)
        let everyItem = Array(overlay.items.indices)
        follow(changes.moved)
        guard let fresh = FixedAffineMap(map) else {
            RotatedBlit.draw(source: source, into: &destination, map: map, filter: filter, background: background)
            overlay.draw(everyItem, &destination)
            forget()
            lastResampledPixels = w * h
            lastRedrawnItems = everyItem.count
            return
        }
        if kept?.width != w || kept?.height != h {
            // Another frame size: the kept frame is dropped before the new one is made, so two are never held.
            kept = nil
            forget()
        }
        // The destination pixels that sample what changed in the source, resampled like the strips unless they add
        // up to a whole frame's worth. Each changed rectangle is first cut to what the frame samples: the bounding
        // box of a rectangle turned into the frame is far larger than the rectangle.
        let seen = Self.sourceBounds(map: map, width: w, height: h)
        let departed = Self.departed(changes.moved, width: source.width, height: source.height)
        let changed = (changes.changed + departed).compactMap { rect in
            seen.flatMap { rect.intersection($0) }.flatMap {
                Self.destinationBounds(of: $0, map: map, width: w, height: h)
            }
        }
        if revision == sourceRevision, background == self.background, filter == self.filter, let anchor,
            var frame = kept, let at = Self.wholePixels(from: anchor.map, to: map),
            abs(at.columns - offset.columns) < w, abs(at.rows - offset.rows) < h,
            abs(at.columns) + abs(at.rows) <= 8 * (w + h), changed.reduce(0, { $0 + $1.width * $1.height }) < w * h
        {
            kept = nil  // `frame` is the only reference while it is drawn: no copy on write
            let move = (columns: at.columns - offset.columns, rows: at.rows - offset.rows)
            let moved = anchor.lattice.shifted(columns: at.columns, rows: at.rows)
            frame.roll(columns: move.columns, rows: move.rows)
            if !keptOnly { frame.copy(PixelRect(x: 0, y: 0, width: w, height: h), into: &destination) }
            var dirty =
                Self.strips(columns: move.columns, rows: move.rows, width: w, height: h).map { strip in
                    PixelRect(
                        x: strip.columns.lowerBound, y: strip.rows.lowerBound, width: strip.columns.count,
                        height: strip.rows.count)
                } + changed
            let redrawn = Self.itemsToRedraw(
                overlay.items, previous: keptItems, move: move, dirty: &dirty, width: w, height: h)
            lastResampledPixels = 0
            for rect in dirty {
                RotatedBlit.draw(
                    source, into: &destination, map: moved, rows: rect.y..<(rect.y + rect.height),
                    columns: rect.x..<(rect.x + rect.width), filter: filter, background: background)
                lastResampledPixels += rect.width * rect.height
            }
            overlay.draw(redrawn, &destination)
            lastRedrawnItems = redrawn.count
            // Every pixel drawn anew lies in `dirty` (the redrawn items' bounds are in it): the kept frame takes
            // those, and is the destination again.
            for rect in dirty { frame.take(rect, from: destination) }
            kept = frame
            offset = at
        } else {
            // The whole picture is drawn into the kept frame, and copied into the destination only for a caller
            // that does not take it from there.
            var frame = kept ?? RolledFrame(width: w, height: h)
            kept = nil
            frame.redraw { picture in
                RotatedBlit.draw(
                    source, into: &picture, map: fresh, rows: 0..<h, columns: 0..<w, filter: filter,
                    background: background)
                overlay.draw(everyItem, &picture)
            }
            if !keptOnly { frame.copy(PixelRect(x: 0, y: 0, width: w, height: h), into: &destination) }
            lastResampledPixels = w * h
            lastRedrawnItems = everyItem.count
            kept = frame
            anchor = (map, fresh)
            offset = (0, 0)
        }
        keptItems = overlay.items
        sourceRevision = revision
        self.background = background
        self.filter = filter
    }

    /// Moves the anchor with a source whose pixels moved by `moved`, so the kept frame is judged against the
    /// same source pixels where they lie now. The lattice moves by whole source pixels, exactly.
    private func follow(_ moved: (columns: Int, rows: Int)) {
        guard var a = anchor, moved != (0, 0) else { return }
        a.map.origin = a.map.origin - Point(x: Double(moved.columns), y: Double(moved.rows))
        a.lattice.u -= moved.columns << 16
        a.lattice.v -= moved.rows << 16
        anchor = a
    }

    /// Where the pixels a move of a `width` × `height` source by `moved` pushed out of it now lie: outside it,
    /// where a sample reads the background instead of them.
    static func departed(_ moved: (columns: Int, rows: Int), width w: Int, height h: Int) -> [PixelRect] {
        let (dx, dy) = moved
        var rects: [PixelRect] = []
        if dx != 0 {
            rects.append(PixelRect(x: dx > 0 ? -dx : w, y: -dy, width: abs(dx), height: h))
        }
        if dy != 0 {
            rects.append(PixelRect(x: -dx, y: dy > 0 ? -dy : h, width: w, height: abs(dy)))
        }
        return rects
    }

    /// The source pixels a `width` × `height` frame samples through `map`, and a pixel to spare each side; nil
    /// when the map is not finite or lies too far out to sample any pixel of a picture of ordinary size.
    static func sourceBounds(map: AffineMap, width w: Int, height h: Int) -> PixelRect? {
        let corners = [(0.0, 0.0), (Double(w), 0), (0, Double(h)), (Double(w), Double(h))].map { x, y in
            map.origin + map.xStep * x + map.yStep * y
        }
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        let limit = Double(1 << 30)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max(),
            [x0, x1, y0, y1].allSatisfy({ $0.isFinite && abs($0) < limit })
        else { return nil }
        let (x, y) = (Int(x0.rounded(.down)) - 2, Int(y0.rounded(.down)) - 2)
        return PixelRect(x: x, y: y, width: Int(x1.rounded(.up)) + 3 - x, height: Int(y1.rounded(.up)) + 3 - y)
    }

    /// The destination pixels (inside a `width` × `height` frame) whose samples through `map` read any source
    /// pixel of `rect`, with a pixel to spare each side for the lattice's rounding; nil when there are none. A
    /// bilinear sample at (u, v) reads the 2×2 block from (⌊u⌋, ⌊v⌋), so a rectangle is read by samples from a
    /// pixel before it to its end. A map that cannot be inverted gives the whole frame.
    static func destinationBounds(of rect: PixelRect, map: AffineMap, width w: Int, height h: Int) -> PixelRect? {
        guard !rect.isEmpty else { return nil }
        let screen = PixelRect(x: 0, y: 0, width: w, height: h)
        let (left, top) = (Double(rect.x - 1), Double(rect.y - 1))
        let (right, bottom) = (Double(rect.x + rect.width), Double(rect.y + rect.height))
        let found = [
            Point(x: left, y: top), Point(x: right, y: top), Point(x: left, y: bottom), Point(x: right, y: bottom),
        ].map { map.steps(to: $0 - map.origin) }
        let corners = found.compactMap { $0 }
        guard corners.count == found.count else { return screen }
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max(),
            [x0, x1, y0, y1].allSatisfy(\.isFinite)
        else { return screen }
        // Clamped before becoming integers, so a far-off rectangle cannot trap.
        func pixel(_ v: Double) -> Int { Int(min(max(v, -2), Double(max(w, h) + 2))) }
        let (x, y) = (pixel(x0.rounded(.down) - 1), pixel(y0.rounded(.down) - 1))
        let (xEnd, yEnd) = (pixel(x1.rounded(.up) + 2), pixel(y1.rounded(.up) + 2))
        return PixelRect(x: x, y: y, width: xEnd - x, height: yEnd - y).intersection(screen)
    }

    /// Drops the kept frame's meaning (its pixels are reused as scratch): the next draw resamples everything.
    func forget() {
        anchor = nil
        offset = (0, 0)
        keptItems = []
    }

    /// Which of this frame's `items` must be drawn again over the kept frame once it moved by `move`, given the
    /// items it shows (`previous`); `dirty` comes in as the strips that came into view and leaves as every
    /// rectangle to resample before they are drawn, inside the frame.
    ///
    /// An item is kept when last frame drew the same one (its identity) just where the shift put it; the others
    /// are drawn again, and the pixels of last frame's items that are not kept are resampled, which erases them.
    /// Resampling a rectangle erases whatever lay on it, so an item touching one is drawn again whole, which
    /// makes its pixels dirty too, until no item that touches a dirty pixel is left undrawn.
    static func itemsToRedraw(
        _ items: [CompositeOverlay.Item], previous: [CompositeOverlay.Item], move: (columns: Int, rows: Int),
        dirty: inout [PixelRect], width: Int, height: Int
    ) -> [Int] {
        let screen = PixelRect(x: 0, y: 0, width: width, height: height)
        func onScreen(_ r: PixelRect?) -> PixelRect? { r?.intersection(screen) }
        dirty = dirty.compactMap { $0.intersection(screen) }
        // Last frame's items where the shift put them, by identity: the index each had then (two equal items may
        // lie on each other).
        var unmatched: [CompositeOverlay.Identity: [Int]] = [:]
        for (j, item) in previous.enumerated() {
            if let id = item.identity {
                unmatched[id.moved(columns: move.columns, rows: move.rows), default: []].append(j)
            }
        }
        var redraw = [Bool](repeating: false, count: items.count)
        let bounds = items.map { onScreen($0.bounds) }
        // The old index of each kept item.
        var was = [Int](repeating: -1, count: items.count)
        for (i, item) in items.enumerated() {
            if let id = item.identity, let j = unmatched[id]?.first {
                unmatched[id]?.removeFirst()
                was[i] = j
            } else {
                redraw[i] = true
            }
        }
        // Last frame's items not kept leave their pixels to be resampled.
        let keptOld = Set(was.filter { $0 >= 0 })
        for (j, item) in previous.enumerated() where !keptOld.contains(j) {
            if let b = onScreen(item.bounds?.offsetBy(-move.columns, -move.rows)) { dirty.append(b) }
        }
        // Two kept items that touch must still lie in last frame's order (the later one's blends are on top).
        for i in items.indices where was[i] >= 0 {
            guard let bi = bounds[i] else { continue }
            for k in (i + 1)..<items.count where was[k] >= 0 && was[k] < was[i] {
                if let bk = bounds[k], bi.intersection(bk) != nil { (redraw[i], redraw[k]) = (true, true) }
            }
        }
        for i in items.indices where redraw[i] { if let b = bounds[i] { dirty.append(b) } }
        var grew = true
        while grew {
            grew = false
            for i in items.indices where !redraw[i] {
                guard let b = bounds[i] else { continue }
                if dirty.contains(where: { $0.intersection(b) != nil }) {
                    redraw[i] = true
                    dirty.append(b)
                    grew = true
                }
            }
        }
        return items.indices.filter { redraw[$0] }
    }

    /// How many whole destination pixels (columns, rows) `new`'s pixel (0, 0) lies from `old`'s, when its steps
    /// are `old`'s exactly and the move is whole to within a thousandth of a pixel (what floating point leaves of a
    /// snapped camera); nil when it is not such a move. Only ordinary steps and moves within a million pixels are
    /// taken, so the lattice's 16.16 sums stay far inside `Int`.
    static func wholePixels(from old: AffineMap, to new: AffineMap) -> (columns: Int, rows: Int)? {
        guard new.xStep == old.xStep, new.yStep == old.yStep else { return nil }
        let (a, b) = (new.xStep, new.yStep)
        guard [a.x, a.y, b.x, b.y].allSatisfy({ abs($0) <= 1024 }),
            let move = new.steps(to: new.origin - old.origin)
        else { return nil }
        let (c, r) = (move.x.rounded(), move.y.rounded())
        let limit = Double(1 << 20)
        guard abs(move.x - c) < 1e-3, abs(move.y - r) < 1e-3, abs(c) < limit, abs(r) < limit else { return nil }
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
