/// Screen rectangles already taken, bucketed in a coarse grid so a test touches only nearby boxes.
struct CollisionGrid {
    private let cell: Double
    private let columns: Int
    private let rows: Int
    private var cells: [[Rect]]

    init(width: Int, height: Int, cell: Double = 32) {
        self.cell = cell
        columns = max(1, Int(checkedTruncating: (Double(width) / cell).rounded(.up)) ?? 1)
        rows = max(1, Int(checkedTruncating: (Double(height) / cell).rounded(.up)) ?? 1)
        cells = Array(repeating: [], count: columns * rows)
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
                for c in cs where cells[r * columns + c].contains(where: { $0.intersects(b) }) { return false }
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
}
