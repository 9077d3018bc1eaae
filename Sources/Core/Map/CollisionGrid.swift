/// Screen rectangles already taken, and lines drawn over the map (route, trail) that labels keep off, bucketed in a
/// coarse grid so a test touches only nearby boxes and segments.
///
/// Each box and segment is stored once, and a cell lists the ones that reach it as a chain through one array of
/// entries (the cell's first entry, each entry's next) rather than an array of its own: an array per cell cost an
/// allocation for every cell a frame's labels touched (12 % of the live loop's allocations). `reset` keeps the
/// storage for the next frame.
struct CollisionGrid {
    private var cell: Double
    private var columns: Int
    private var rows: Int
    /// One segment of a keep-out line: from `a` to `b`, widened by `halfWidth` pixels either side.
    private struct Segment {
        var a: Point
        var b: Point
        var halfWidth: Double
    }
    /// A link of a cell's chain: the box or segment it names (its index) and the cell's next entry (−1: none).
    private struct Entry {
        var item: Int32
        var next: Int32
    }
    private var boxes: [Rect] = []
    private var segments: [Segment] = []
    private var boxEntries: [Entry] = []
    private var segmentEntries: [Entry] = []
    /// Per cell (row-major), its first entry in `boxEntries` and in `segmentEntries`, −1 when it has none.
    private var firstBox: [Int32] = []
    private var firstSegment: [Int32] = []

    init(width: Int, height: Int, cell: Double = 32) {
        self.cell = cell
        columns = 1
        rows = 1
        reset(width: width, height: height)
    }

    /// Empties the grid for a screen of `width`×`height`, keeping its storage.
    mutating func reset(width: Int, height: Int) {
        columns = max(1, Int(checkedTruncating: (Double(width) / cell).rounded(.up)) ?? 1)
        rows = max(1, Int(checkedTruncating: (Double(height) / cell).rounded(.up)) ?? 1)
        boxes.removeAll(keepingCapacity: true)
        segments.removeAll(keepingCapacity: true)
        boxEntries.removeAll(keepingCapacity: true)
        segmentEntries.removeAll(keepingCapacity: true)
        firstBox.removeAll(keepingCapacity: true)
        firstBox.append(contentsOf: repeatElement(-1, count: columns * rows))
        firstSegment.removeAll(keepingCapacity: true)
        firstSegment.append(contentsOf: repeatElement(-1, count: columns * rows))
    }

    private func range(_ r: Rect) -> (ClosedRange<Int>, ClosedRange<Int>)? {
        // A box from a broken label (NaN, or far off screen) touches no cell rather than trapping in Int(_:).
        func index(_ v: Double, _ count: Int) -> Int? {
            guard v.isFinite else { return nil }
            return Int(checkedTruncating: min(max(v / cell, -1), Double(count)).rounded(.down))
        }
        guard let x0 = index(r.x, columns), let x1 = index(r.maxX, columns), let y0 = index(r.y, rows),
            let y1 = index(r.maxY, rows)
        else { return nil }
        let c0 = max(0, x0)
        let c1 = min(columns - 1, x1)
        let r0 = max(0, y0)
        let r1 = min(rows - 1, y1)
        guard c0 <= c1, r0 <= r1 else { return nil }
        return (c0...c1, r0...r1)
    }

    /// Whether every box of `boxes`, grown by `margin` pixels on each side, is clear of what was inserted.
    func isFree(_ boxes: [Rect], margin: Double = 0) -> Bool {
        for box in boxes {
            let b = box.insetBy(-margin)
            guard let (cs, rs) = range(b) else { continue }
            for r in rs {
                for c in cs {
                    let i = r * columns + c
                    var e = firstBox[i]
                    while e >= 0 {
                        let entry = boxEntries[Int(e)]
                        if self.boxes[Int(entry.item)].intersects(b) { return false }
                        e = entry.next
                    }
                    e = firstSegment[i]
                    while e >= 0 {
                        let entry = segmentEntries[Int(e)]
                        let s = segments[Int(entry.item)]
                        if LabelKeepOutLine.segment(s.a, s.b, meets: b.insetBy(-s.halfWidth)) { return false }
                        e = entry.next
                    }
                }
            }
        }
        return true
    }

    /// Takes the space of `boxes`, each grown by `margin` pixels on each side.
    mutating func insert(_ boxes: [Rect], margin: Double = 0) {
        for box in boxes {
            let b = box.insetBy(-margin)
            guard let (cs, rs) = range(b) else { continue }
            let item = Int32(self.boxes.count)
            self.boxes.append(b)
            for r in rs {
                for c in cs {
                    let i = r * columns + c
                    boxEntries.append(Entry(item: item, next: firstBox[i]))
                    firstBox[i] = Int32(boxEntries.count - 1)
                }
            }
        }
    }

    /// Marks the cells `line` passes through (with its half width), so labels keep off it.
    mutating func insert(_ line: LabelKeepOutLine) {
        let h = line.halfWidthPixels
        guard h.isFinite, h >= 0, let first = line.points.first else { return }
        for k in 0..<max(1, line.points.count - 1) {
            let a = line.points.count == 1 ? first : line.points[k]
            let b = line.points.count == 1 ? first : line.points[k + 1]
            // The segment's bounding box, widened: every cell the drawn segment can touch (none when off screen).
            let box = Rect(
                x: min(a.x, b.x) - h, y: min(a.y, b.y) - h, width: abs(b.x - a.x) + 2 * h,
                height: abs(b.y - a.y) + 2 * h)
            guard let (cs, rs) = range(box) else { continue }
            let item = Int32(segments.count)
            var stored = false
            for r in rs {
                for c in cs {
                    let cellBox = Rect(x: Double(c) * cell, y: Double(r) * cell, width: cell, height: cell)
                    // A long diagonal segment's box covers cells the segment never meets: leave those out.
                    guard LabelKeepOutLine.segment(a, b, meets: cellBox.insetBy(-h)) else { continue }
                    if !stored {
                        segments.append(Segment(a: a, b: b, halfWidth: h))
                        stored = true
                    }
                    let i = r * columns + c
                    segmentEntries.append(Entry(item: item, next: firstSegment[i]))
                    firstSegment[i] = Int32(segmentEntries.count - 1)
                }
            }
        }
    }
}
