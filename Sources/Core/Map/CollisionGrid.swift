/// Screen rectangles already taken, and lines drawn over the map (route, trail) that labels keep off, bucketed in a
/// coarse grid so a test touches only nearby boxes and segments.
///
/// Each box and segment is stored once, and the cells list the ones that reach them in `CellChains` rather than an
/// array a cell: an array per cell cost an allocation for every cell a frame's labels touched (12 % of the live
/// loop's allocations). `reset` keeps the storage for the next frame.
struct CollisionGrid {
    private let cell: Double
    private var columns: Int
    private var rows: Int
    /// One segment of a keep-out line: from `a` to `b`, widened by `halfWidth` pixels either side.
    private struct Segment {
        var a: Point
        var b: Point
        var halfWidth: Double
    }
    private var boxes: [Rect] = []
    private var segments: [Segment] = []
    /// Which boxes and which segments reach each cell.
    private var boxesByCell = CellChains()
    private var segmentsByCell = CellChains()

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
        boxesByCell.reset(cells: columns * rows)
        segmentsByCell.reset(cells: columns * rows)
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
                    if boxesByCell.contains(inCell: i, where: { self.boxes[$0].intersects(b) }) { return false }
                    if segmentsByCell.contains(
                        inCell: i,
                        where: {
                            let s = segments[$0]
                            return LabelKeepOutLine.segment(s.a, s.b, meets: b.insetBy(-s.halfWidth))
                        })
                    {
                        return false
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
            let item = self.boxes.count
            self.boxes.append(b)
            for r in rs { for c in cs { boxesByCell.add(item, toCell: r * columns + c) } }
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
            let item = segments.count
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
                    segmentsByCell.add(item, toCell: r * columns + c)
                }
            }
        }
    }
}

/// For each cell of a grid, the items (indices into an array kept beside it) that reach it: a chain per cell through
/// one array of links, so adding an item to a cell allocates nothing once the array has grown.
private struct CellChains {
    /// One link: the item and the cell's next link (−1 after the last).
    private struct Link {
        var item: Int32
        var next: Int32
    }
    private var links: [Link] = []
    /// Each cell's first link, −1 when none.
    private var first: [Int32] = []

    /// Empties every chain for a grid of `cells` cells, keeping the storage.
    mutating func reset(cells: Int) {
        links.removeAll(keepingCapacity: true)
        first.removeAll(keepingCapacity: true)
        first.append(contentsOf: repeatElement(-1, count: cells))
    }

    mutating func add(_ item: Int, toCell cell: Int) {
        links.append(Link(item: Int32(item), next: first[cell]))
        first[cell] = Int32(links.count - 1)
    }

    /// Whether some item reaching `cell` satisfies `test` (the latest added first).
    func contains(inCell cell: Int, where test: (Int) -> Bool) -> Bool {
        var l = first[cell]
        while l >= 0 {
            let link = links[Int(l)]
            if test(Int(link.item)) { return true }
            l = link.next
        }
        return false
    }
}
