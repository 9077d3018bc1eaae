/// Screen rectangles already taken, and lines drawn over the map (route, trail) that labels keep off, bucketed in a
/// coarse grid so a test touches only nearby boxes and segments.
struct CollisionGrid {
    private let cell: Double
    private let columns: Int
    private let rows: Int
    private var cells: [[Rect]]
    /// One segment of a keep-out line: from `a` to `b`, widened by `halfWidth` pixels either side.
    private struct Segment {
        var a: Point
        var b: Point
        var halfWidth: Double
    }
    private var segments: [[Segment]]

    init(width: Int, height: Int, cell: Double = 32) {
        self.cell = cell
        columns = max(1, Int(checkedTruncating: (Double(width) / cell).rounded(.up)) ?? 1)
        rows = max(1, Int(checkedTruncating: (Double(height) / cell).rounded(.up)) ?? 1)
        cells = Array(repeating: [], count: columns * rows)
        segments = Array(repeating: [], count: columns * rows)
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

    func isFree(_ boxes: [Rect]) -> Bool {
        for b in boxes {
            guard let (cs, rs) = range(b) else { continue }
            for r in rs {
                for c in cs {
                    let i = r * columns + c
                    if cells[i].contains(where: { $0.intersects(b) }) { return false }
                    if segments[i].contains(where: {
                        LabelKeepOutLine.segment($0.a, $0.b, meets: b.insetBy(-$0.halfWidth))
                    }) {
                        return false
                    }
                }
            }
        }
        return true
    }

    mutating func insert(_ boxes: [Rect]) {
        for b in boxes {
            guard let (cs, rs) = range(b) else { continue }
            for r in rs { for c in cs { cells[r * columns + c].append(b) } }
        }
    }

    /// Marks the cells `line` passes through (with its half width), so labels keep off it.
    mutating func insert(_ line: LabelKeepOutLine) {
        let h = line.halfWidthPixels
        guard h.isFinite, h >= 0, let first = line.points.first else { return }
        let pairs = line.points.count == 1 ? [(first, first)] : Array(zip(line.points, line.points.dropFirst()))
        for (a, b) in pairs {
            // The segment's bounding box, widened: every cell the drawn segment can touch (none when off screen).
            let box = Rect(
                x: min(a.x, b.x) - h, y: min(a.y, b.y) - h, width: abs(b.x - a.x) + 2 * h,
                height: abs(b.y - a.y) + 2 * h)
            guard let (cs, rs) = range(box) else { continue }
            let s = Segment(a: a, b: b, halfWidth: h)
            for r in rs {
                for c in cs {
                    let cellBox = Rect(x: Double(c) * cell, y: Double(r) * cell, width: cell, height: cell)
                    // A long diagonal segment's box covers cells the segment never meets: leave those out.
                    if LabelKeepOutLine.segment(a, b, meets: cellBox.insetBy(-h)) {
                        segments[r * columns + c].append(s)
                    }
                }
            }
        }
    }
}
