import Testing

@testable import Core

/// A composite kept between frames and shifted by whole pixels must give every pixel a whole resample through
/// the same lattice gives, and must resample everything whenever it cannot know that.
@Suite("Shiftable composite")
struct ShiftableCompositeTests {
    /// Every pixel different (nothing can hide a wrong shift) with a flat patch (the kernel's one-colour path).
    static func source(_ side: Int) -> FrameBuffer {
        var f = FrameBuffer(width: side, height: side)
        var state: UInt64 = 0x2545_f491_4f6c_dd1d
        for y in 0..<side {
            for x in 0..<side {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let flat = (40..<90).contains(x) && (60..<120).contains(y)
                f[x, y] = flat ? 0x00aa_d3df : UInt32(truncatingIfNeeded: state >> 33) & 0xff_ffff
            }
        }
        return f
    }

    /// The map of a camera turned `degrees` whose destination pixel (0, 0) sits `columns`, `rows` whole pixels
    /// from the first frame's, built the way the mosaic builds it (the steps from the rotation alone).
    static func map(degrees: Double, scale: Double, columns: Int, rows: Int) -> AffineMap {
        let xStep = rotate(Point(x: 1, y: 0), byDegrees: degrees) * scale
        let yStep = rotate(Point(x: 0, y: 1), byDegrees: degrees) * scale
        let origin = Point(x: 60.3, y: 41.7) + xStep * Double(columns) + yStep * Double(rows)
        return AffineMap(origin: origin, xStep: xStep, yStep: yStep)
    }

    /// A `width`×`height` frame resampled whole through `lattice` moved by `at` whole pixels: what a shifted
    /// composite must equal.
    static func wholeResample(
        _ src: FrameBuffer, _ lattice: FixedAffineMap, at: (columns: Int, rows: Int), width w: Int, height h: Int,
        background: UInt32
    ) -> FrameBuffer {
        var expected = FrameBuffer(width: w, height: h)
        RotatedBlit.draw(
            src, into: &expected, map: lattice.shifted(columns: at.columns, rows: at.rows), rows: 0..<h,
            columns: 0..<w, filter: .bilinear, background: background)
        return expected
    }

    @Test(
        "Frames moved by whole pixels equal a whole resample through the same lattice, every pixel",
        arguments: [(degrees: 37.0, scale: 1.0), (degrees: 0.0, scale: 1.19), (degrees: 212.4, scale: 1.07)])
    func shiftedFramesMatchWholeResample(_ c: (degrees: Double, scale: Double)) throws {
        let src = Self.source(260)
        let (w, h) = (97, 61)
        let composite = ShiftableComposite()
        let first = Self.map(degrees: c.degrees, scale: c.scale, columns: 0, rows: 0)
        let lattice = try #require(FixedAffineMap(first))
        // Every direction, none, and both at once; the running total is where the frame is.
        let moves = [(0, 0), (1, 0), (0, 1), (-1, 0), (0, -1), (3, -2), (-7, 5), (0, 0), (12, 9), (-20, -11)]
        var at = (columns: 0, rows: 0)
        var frame = FrameBuffer(width: w, height: h)
        for (i, move) in moves.enumerated() {
            at = (at.columns + move.0, at.rows + move.1)
            let map = Self.map(degrees: c.degrees, scale: c.scale, columns: at.columns, rows: at.rows)
            composite.draw(src, revision: 1, into: &frame, map: map, filter: .bilinear, background: 0x0012_3456)
            let expected = Self.wholeResample(src, lattice, at: at, width: w, height: h, background: 0x0012_3456)
            let wrong = zip(frame.pixels, expected.pixels).filter { $0 != $1 }.count
            #expect(wrong == 0, "step \(i), moved \(move): \(wrong) pixels differ")
            // The first frame is resampled whole, then only what each move brought into view.
            let newPixels = i == 0 ? w * h : abs(move.0) * h + abs(move.1) * w - abs(move.0 * move.1)
            #expect(composite.lastResampledPixels == newPixels, "step \(i)")
        }
    }

    @Test("A move that is not whole pixels, a new rotation or a changed source resamples the whole frame")
    func otherChangesResampleEverything() {
        let src = Self.source(200)
        let (w, h) = (64, 40)
        let composite = ShiftableComposite()
        var frame = FrameBuffer(width: w, height: h)
        let start = Self.map(degrees: 20, scale: 1, columns: 0, rows: 0)
        composite.draw(src, revision: 1, into: &frame, map: start, filter: .bilinear, background: 0)
        var half = start
        half.origin = half.origin + Point(x: 0.5, y: 0)
        let turned = Self.map(degrees: 21, scale: 1, columns: 0, rows: 0)
        let cases: [(String, AffineMap, Int, UInt32)] = [
            ("half a pixel", half, 1, 0), ("turned", turned, 1, 0), ("new source", turned, 2, 0),
            ("new background", turned, 2, 7),
            ("out of view", Self.map(degrees: 21, scale: 1, columns: 64, rows: 0), 2, 7),
        ]
        for (note, map, revision, background) in cases {
            composite.draw(src, revision: revision, into: &frame, map: map, filter: .bilinear, background: background)
            #expect(composite.lastResampledPixels == w * h, "\(note)")
            var expected = FrameBuffer(width: w, height: h)
            RotatedBlit.draw(src, into: &expected, map: map, filter: .bilinear, background: background)
            #expect(frame == expected, "\(note)")
        }
    }

    @Test("Misses of less than a thousandth of a pixel a frame cannot add up: each is judged from the last resample")
    func smallMissesDoNotAddUp() {
        let src = Self.source(200)
        let (w, h) = (64, 40)
        let composite = ShiftableComposite()
        var frame = FrameBuffer(width: w, height: h)
        let start = Self.map(degrees: 20, scale: 1, columns: 0, rows: 0)
        composite.draw(src, revision: 1, into: &frame, map: start, filter: .bilinear, background: 0)
        // One column a frame, each 0.0004 of a pixel further than whole: shifted while the sum is under 0.001.
        var resampledWhole: [Int] = []
        for i in 1...5 {
            var map = Self.map(degrees: 20, scale: 1, columns: i, rows: 0)
            map.origin = map.origin + map.xStep * (0.0004 * Double(i))
            composite.draw(src, revision: 1, into: &frame, map: map, filter: .bilinear, background: 0)
            if composite.lastResampledPixels == w * h { resampledWhole.append(i) }
        }
        #expect(resampledWhole.first == 3, "resampled whole at frames \(resampledWhole)")
    }

    @Test("Another filter resamples the whole frame with it")
    func anotherFilter() {
        let src = Self.source(120)
        let composite = ShiftableComposite()
        let map = Self.map(degrees: 33, scale: 1.19, columns: 0, rows: 0)
        var frame = FrameBuffer(width: 40, height: 30)
        composite.draw(src, revision: 1, into: &frame, map: map, filter: .bilinear, background: 0)
        composite.draw(src, revision: 1, into: &frame, map: map, filter: .nearest, background: 0)
        var expected = FrameBuffer(width: 40, height: 30)
        RotatedBlit.draw(src, into: &expected, map: map, filter: .nearest, background: 0)
        #expect(composite.lastResampledPixels == 40 * 30)
        #expect(frame == expected)
    }

    @Test("A map that is not finite gives the background, and the next frame is resampled whole")
    func wildMap() {
        let src = Self.source(50)
        let composite = ShiftableComposite()
        var frame = FrameBuffer(width: 30, height: 20)
        let good = Self.map(degrees: 10, scale: 1, columns: 0, rows: 0)
        composite.draw(src, revision: 1, into: &frame, map: good, filter: .bilinear, background: 0)
        let nan = AffineMap(origin: Point(x: .nan, y: 0), xStep: good.xStep, yStep: good.yStep)
        composite.draw(src, revision: 1, into: &frame, map: nan, filter: .bilinear, background: 0xabcdef)
        #expect(frame.pixels.allSatisfy { $0 == 0xabcdef })
        composite.draw(src, revision: 1, into: &frame, map: good, filter: .bilinear, background: 0)
        #expect(composite.lastResampledPixels == 30 * 20)
    }

    @Test("A frame of a new size is resampled whole at that size")
    func newSize() {
        let src = Self.source(120)
        let composite = ShiftableComposite()
        let map = Self.map(degrees: 33, scale: 1, columns: 0, rows: 0)
        var small = FrameBuffer(width: 20, height: 10)
        composite.draw(src, revision: 1, into: &small, map: map, filter: .bilinear, background: 0)
        var large = FrameBuffer(width: 50, height: 30)
        composite.draw(src, revision: 1, into: &large, map: map, filter: .bilinear, background: 0)
        var expected = FrameBuffer(width: 50, height: 30)
        RotatedBlit.draw(src, into: &expected, map: map, filter: .bilinear, background: 0)
        #expect(composite.lastResampledPixels == 50 * 30)
        #expect(large == expected)
    }

    @Test(
        "A source changed in part, or moved within itself, is resampled only where the frame sees the change, every pixel as a whole resample gives",
        arguments: [(degrees: 23.0, scale: 1.1), (degrees: 0.0, scale: 1.0), (degrees: 301.0, scale: 0.7)])
    func partChangesMatchWholeResample(_ c: (degrees: Double, scale: Double)) throws {
        let side = 260
        var src = Self.source(side)
        let (w, h) = (97, 61)
        let composite = ShiftableComposite()
        let lattice = try #require(FixedAffineMap(Self.map(degrees: c.degrees, scale: c.scale, columns: 0, rows: 0)))
        var state: UInt64 = 0x1234_5678_9abc_def1
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        /// `rect` of the source painted with new pixels, each different, so a stale one cannot pass.
        func paint(_ rect: PixelRect) {
            for y in max(rect.y, 0)..<min(rect.y + rect.height, side) {
                for x in max(rect.x, 0)..<min(rect.x + rect.width, side) {
                    src[x, y] = UInt32(truncatingIfNeeded: next(1 << 24))
                }
            }
        }
        var at = (columns: 0, rows: 0)
        var sourceMoved = (columns: 0, rows: 0)
        var frame = FrameBuffer(width: w, height: h)
        var (resampled, whole) = (0, 0)
        for i in 0..<60 {
            var changes = ShiftableComposite.SourceChanges()
            if i > 0 {
                let move = (next(5) - 2, next(5) - 2)
                at = (at.columns + move.0, at.rows + move.1)
                if next(4) == 0 {
                    // The source's pixels move within it (back towards where they started), and what came in is new.
                    let d = (
                        (next(15) + 1) * (sourceMoved.columns > 0 ? -1 : 1),
                        (next(15) + 1) * (sourceMoved.rows > 0 ? -1 : 1)
                    )
                    let old = src
                    for y in 0..<side {
                        for x in 0..<side {
                            let (ox, oy) = (x + d.0, y + d.1)
                            src[x, y] = (0..<side).contains(ox) && (0..<side).contains(oy) ? old[ox, oy] : 0
                        }
                    }
                    let columns =
                        d.0 > 0
                        ? PixelRect(x: side - d.0, y: 0, width: d.0, height: side)
                        : PixelRect(x: 0, y: 0, width: -d.0, height: side)
                    let rows =
                        d.1 > 0
                        ? PixelRect(x: 0, y: side - d.1, width: side, height: d.1)
                        : PixelRect(x: 0, y: 0, width: side, height: -d.1)
                    paint(columns)
                    paint(rows)
                    changes.moved = d
                    changes.changed += [columns, rows]
                    sourceMoved = (sourceMoved.columns + d.0, sourceMoved.rows + d.1)
                }
                for _ in 0..<next(3) {
                    let rect = PixelRect(x: next(side), y: next(side), width: next(40) + 1, height: next(40) + 1)
                    paint(rect)
                    changes.changed.append(rect)
                }
            }
            var map = Self.map(degrees: c.degrees, scale: c.scale, columns: at.columns, rows: at.rows)
            map.origin = map.origin - Point(x: Double(sourceMoved.columns), y: Double(sourceMoved.rows))
            composite.draw(
                src, revision: 1, changes: changes, into: &frame, map: map, filter: .bilinear, background: 0x0012_3456)
            var moved = lattice
            moved.u -= sourceMoved.columns << 16
            moved.v -= sourceMoved.rows << 16
            let expected = Self.wholeResample(src, moved, at: at, width: w, height: h, background: 0x0012_3456)
            let wrong = zip(frame.pixels, expected.pixels).filter { $0 != $1 }.count
            #expect(wrong == 0, "step \(i): \(wrong) pixels differ")
            resampled += composite.lastResampledPixels
            if composite.lastResampledPixels == w * h { whole += 1 }
        }
        #expect(whole == 1, "\(whole) frames resampled whole")
        #expect(resampled < 60 * w * h / 4, "\(resampled) pixels resampled in 60 frames")
    }

    @Test("The destination pixels that sample a source rectangle are all inside its bounds, and few more")
    func destinationBoundsHoldEverySample() throws {
        let (w, h) = (97, 61)
        for degrees in [0.0, 23, 90, 180, 301] {
            let map = Self.map(degrees: degrees, scale: 1.1, columns: 0, rows: 0)
            let lattice = try #require(FixedAffineMap(map))
            for rect in [
                PixelRect(x: 50, y: 30, width: 1, height: 1), PixelRect(x: 40, y: 20, width: 30, height: 7),
                PixelRect(x: -500, y: -500, width: 10, height: 10),
            ] {
                let bounds = ShiftableComposite.destinationBounds(of: rect, map: map, width: w, height: h)
                var reading = 0
                for y in 0..<h {
                    for x in 0..<w {
                        let at = lattice.shifted(columns: x, rows: y)
                        let (u, v) = (at.u >> 16, at.v >> 16)
                        // The 2×2 block from (u, v) meets the rectangle.
                        guard u + 1 >= rect.x, u < rect.x + rect.width, v + 1 >= rect.y, v < rect.y + rect.height
                        else { continue }
                        reading += 1
                        let inside = bounds.map {
                            x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height
                        }
                        #expect(inside == true, "\(degrees)°, \(rect): pixel (\(x), \(y)) outside")
                    }
                }
                // A few pixels to spare each side, not a frame's worth.
                let area = bounds.map { $0.width * $0.height } ?? 0
                #expect(area <= (reading == 0 ? 0 : reading * 4 + 200), "\(degrees)°, \(rect): \(area) for \(reading)")
            }
        }
    }
}
