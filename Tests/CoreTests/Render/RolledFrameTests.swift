import Testing

@testable import Core

/// A rolled frame must hold the picture a plain frame shifted the same way would, wherever its seam lies.
@Suite("Rolled frame")
struct RolledFrameTests {
    static func picture(_ w: Int, _ h: Int) -> FrameBuffer {
        var f = FrameBuffer(width: w, height: h)
        for y in 0..<h { for x in 0..<w { f[x, y] = UInt32(y * 1000 + x) } }
        return f
    }

    @Test("Rolls add up, both ways and past the edges, to the picture a shift gives for every pixel kept")
    func rollsMatchShifts() {
        let (w, h) = (9, 7)
        let start = Self.picture(w, h)
        var rolled = RolledFrame(plain: start)
        // Where the picture's pixel (0, 0) came from in `start`, and which pixels were drawn anew since.
        var at = (columns: 0, rows: 0)
        var truth = start
        for move in [(2, 0), (0, -3), (-4, 1), (5, 5), (-8, -6), (17, 13), (0, 0), (-1, 2)] {
            rolled.roll(columns: move.0, rows: move.1)
            at = (at.columns + move.0, at.rows + move.1)
            var out = FrameBuffer(width: w, height: h, fill: 0xdead)
            rolled.copy(PixelRect(x: 0, y: 0, width: w, height: h), into: &out)
            // The truth shifted: kept pixels move, those that came into view are drawn anew (here: a known value),
            // in the plain frame and in the rolled one alike.
            var next = FrameBuffer(width: w, height: h)
            for y in 0..<h {
                for x in 0..<w {
                    let (sx, sy) = (x + move.0, y + move.1)
                    if (0..<w).contains(sx), (0..<h).contains(sy) {
                        next[x, y] = truth[sx, sy]
                        #expect(out[x, y] == truth[sx, sy], "moved \(move): (\(x), \(y))")
                    } else {
                        next[x, y] = UInt32(0x100_0000 + at.rows * 100 + at.columns) & 0xff_ffff
                        out[x, y] = next[x, y]
                        rolled.take(PixelRect(x: x, y: y, width: 1, height: 1), from: out)
                    }
                }
            }
            truth = next
        }
        var out = FrameBuffer(width: w, height: h)
        rolled.copy(PixelRect(x: 0, y: 0, width: w, height: h), into: &out)
        #expect(out == truth)
    }

    @Test("A rectangle across the seam, or partly off the picture, copies and takes only its own pixels")
    func rectanglesAcrossTheSeam() {
        let (w, h) = (10, 6)
        var rolled = RolledFrame(plain: Self.picture(w, h))
        rolled.roll(columns: 7, rows: -2)
        var plain = FrameBuffer(width: w, height: h)
        rolled.copy(PixelRect(x: 0, y: 0, width: w, height: h), into: &plain)
        var marked = plain
        for y in 1..<5 { for x in 0..<6 { marked[x, y] = 0xabcdef } }
        // (-3, 1) 9 × 4 holds x 0..<6 once clipped, across the seam at x 3.
        rolled.take(PixelRect(x: -3, y: 1, width: 9, height: 4), from: marked)
        var out = FrameBuffer(width: w, height: h, fill: 1)
        rolled.copy(PixelRect(x: -100, y: -100, width: 1000, height: 1000), into: &out)
        #expect(out == marked)
        var part = FrameBuffer(width: w, height: h, fill: 1)
        rolled.copy(PixelRect(x: 4, y: 3, width: 3, height: 9), into: &part)
        for y in 0..<h {
            for x in 0..<w {
                let inside = (4..<7).contains(x) && (3..<6).contains(y)
                #expect(part[x, y] == (inside ? marked[x, y] : 1), "(\(x), \(y))")
            }
        }
    }
}
