/// Screen rectangles already taken, bucketed in a coarse grid so a test touches only nearby boxes.
struct CollisionGrid {
    private let cell: Double
    private let columns: Int
    private let rows: Int
    private var cells: [[Rect]]

    init(width: Int, height: Int, cell: Double = 32) {
        self.cell = cell
        columns = max(1, Int((Double(width) / cell).rounded(.up)))
        rows = max(1, Int((Double(height) / cell).rounded(.up)))
        cells = Array(repeating: [], count: columns * rows)
    }

    private func range(_ r: Rect) -> (ClosedRange<Int>, ClosedRange<Int>)? {
        let c0 = max(0, Int((r.x / cell).rounded(.down)))
        let c1 = min(columns - 1, Int((r.maxX / cell).rounded(.down)))
        let r0 = max(0, Int((r.y / cell).rounded(.down)))
        let r1 = min(rows - 1, Int((r.maxY / cell).rounded(.down)))
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
