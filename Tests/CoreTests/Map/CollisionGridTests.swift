import Testing

@testable import Core

@Suite("Collision grid")
struct CollisionGridTests {
    /// A small deterministic generator (xorshift), so a failure names the same boxes every run.
    private struct Xorshift {
        var state: UInt64
        mutating func next(below bound: Double) -> Double {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Double(state % 1_000_000) / 1_000_000 * bound
        }
    }

    /// A box on the screen. (What lies off it collides with nothing: the grid has no cells there.)
    private func randomBox(_ rng: inout Xorshift, width: Double, height: Double) -> Rect {
        let w = rng.next(below: 120)
        let h = rng.next(below: 40)
        return Rect(x: rng.next(below: width - w - 6) + 3, y: rng.next(below: height - h - 6) + 3, width: w, height: h)
    }

    @Test func answersAsATestOfEveryBoxTakenWould() {
        var rng = Xorshift(state: 0x9e37_79b9_7f4a_7c15)
        var grid = CollisionGrid(width: 800, height: 480)
        var taken: [Rect] = []
        for round in 0..<400 {
            let boxes = (0..<1 + round % 3).map { _ in randomBox(&rng, width: 800, height: 480) }
            let margin = round % 2 == 0 ? 0 : 3.0
            let grown = boxes.map { $0.insetBy(-margin) }
            let expected = !grown.contains { b in taken.contains { $0.intersects(b) } }
            #expect(grid.isFree(boxes, margin: margin) == expected, "round \(round)")
            if expected {
                grid.insert(boxes, margin: margin)
                taken += grown
            }
        }
        #expect(taken.count > 20)
    }

    @Test func resetEmptiesItForAnotherScreenSize() {
        var grid = CollisionGrid(width: 800, height: 480)
        let box = Rect(x: 100, y: 100, width: 50, height: 20)
        grid.insert([box])
        #expect(!grid.isFree([box]))
        grid.reset(width: 1920, height: 1080)
        #expect(grid.isFree([box]))
        let far = Rect(x: 1800, y: 1000, width: 50, height: 20)
        grid.insert([far])
        #expect(!grid.isFree([far.insetBy(5)]))
        #expect(grid.isFree([box]))
    }

    @Test func keepsLabelsOffALineButNotOffCellsItOnlyPassesNear() {
        var grid = CollisionGrid(width: 800, height: 480)
        // A long diagonal: its bounding box covers the whole screen, the line itself only a band.
        grid.insert(LabelKeepOutLine(points: [Point(x: 0, y: 0), Point(x: 800, y: 480)], halfWidthPixels: 4))
        #expect(!grid.isFree([Rect(x: 395, y: 235, width: 10, height: 10)]))
        #expect(grid.isFree([Rect(x: 700, y: 20, width: 40, height: 20)]))
        // A single point is a dot of the line's width.
        grid.insert(LabelKeepOutLine(points: [Point(x: 100, y: 400)], halfWidthPixels: 6))
        #expect(!grid.isFree([Rect(x: 104, y: 404, width: 4, height: 4)]))
        #expect(grid.isFree([Rect(x: 120, y: 420, width: 4, height: 4)]))
    }
}
