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
}
