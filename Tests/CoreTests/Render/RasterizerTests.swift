import Testing

@testable import Core

@Suite("Anti-aliased rasteriser")
struct RasterizerTests {
    /// The summed coverage of white-on-black pixels, in pixels.
    func coveredArea(_ frame: FrameBuffer) -> Double {
        frame.pixels.reduce(0.0) { $0 + Double($1 & 0xff) / 255 }
    }

    @Test(
        "Filled area equals the polygon's area, at any angle and sub-pixel offset",
        arguments: [0.0, 13.0, 45.0, 90.0, 137.5, 200.0, 333.3])
    func areaIsExact(rotation: Double) {
        let r = Rasterizer(width: 64, height: 64)
        var frame = FrameBuffer(width: 64, height: 64)
        // A 20 × 12 rectangle turned about (32.3, 31.7): area 240 px.
        let c = Point(x: 32.3, y: 31.7)
        let corners = [Point(x: -10, y: -6), Point(x: 10, y: -6), Point(x: 10, y: 6), Point(x: -10, y: 6)].map {
            c + rotate($0, byDegrees: rotation)
        }
        r.fill(Path(polygons: [corners]), color: .white, into: &frame)
        #expect(abs(coveredArea(frame) - 240) < 240 * 0.01)
    }

    /// The cells cover one band of rows at a time: a shape taller than several bands, starting and ending inside
    /// one, has no seam where a band ends (every row of a rectangle the same), and its area is exact.
    @Test("A shape taller than a band is filled without seams")
    func noSeamsBetweenBands() {
        let height = 3 * Rasterizer.bandRows + 37
        let r = Rasterizer(width: 60, height: height)
        var frame = FrameBuffer(width: 60, height: height)
        let top = 5.25
        let bottom = Double(height) - 7.5
        let box = [
            Point(x: 10.3, y: top), Point(x: 50.7, y: top), Point(x: 50.7, y: bottom), Point(x: 10.3, y: bottom),
        ]
        r.fill(Path(polygons: [box]), color: .white, into: &frame)
        let first = Array(frame.pixels[(6 * 60)..<(7 * 60)])
        for y in 6..<(Int(bottom) - 1) {
            #expect(Array(frame.pixels[(y * 60)..<((y + 1) * 60)]) == first, "row \(y)")
        }
        // Within the 8-bit rounding of the two partly covered columns, the same in every row, and the two end rows.
        #expect(abs(coveredArea(frame) - 40.4 * (bottom - top)) < (bottom - top) * 2 * 0.5 / 255 + 1)
        // And the cells are clean for the next shape: a small one drawn after it covers only its own area.
        var next = FrameBuffer(width: 60, height: height)
        r.fill(
            Path(polygons: [[Point(x: 1, y: 1), Point(x: 5, y: 1), Point(x: 5, y: 5), Point(x: 1, y: 5)]]),
            color: .white, into: &next)
        #expect(abs(coveredArea(next) - 16) < 0.01)
    }

    @Test("A polygon's hole stays empty (opposite winding) and partly-outside shapes are clipped")
    func holesAndClipping() {
        let r = Rasterizer(width: 40, height: 40)
        var frame = FrameBuffer(width: 40, height: 40)
        let outer = [Point(x: 5, y: 5), Point(x: 35, y: 5), Point(x: 35, y: 35), Point(x: 5, y: 35)]
        let hole = [Point(x: 15, y: 15), Point(x: 15, y: 25), Point(x: 25, y: 25), Point(x: 25, y: 15)]
        r.fill(Path(polygons: [outer, hole]), color: .white, into: &frame)
        #expect(frame[20, 20] == 0)
        #expect(frame[10, 10] == 0xffffff)
        #expect(abs(coveredArea(frame) - 800) < 1)

        var clipped = FrameBuffer(width: 40, height: 40)
        let big = [Point(x: -100, y: -50), Point(x: 20, y: -50), Point(x: 20, y: 100), Point(x: -100, y: 100)]
        r.fill(Path(polygons: [big]), color: .white, into: &clipped)
        #expect(abs(coveredArea(clipped) - 800) < 1)  // 20 columns × 40 rows visible
        #expect(clipped[0, 0] == 0xffffff && clipped[19, 39] == 0xffffff && clipped[20, 0] == 0)
    }

    @Test("Overlapping pieces of one stroke do not darken each other")
    func strokesUnion() {
        let r = Rasterizer(width: 60, height: 60)
        var frame = FrameBuffer(width: 60, height: 60)
        // A line that doubles back on itself: every piece overlaps another.
        let path = Stroker.stroke([Point(x: 10, y: 30), Point(x: 50, y: 30), Point(x: 10, y: 30.5)], width: 6)
        r.fill(path, color: Color(hex: 0xffffff, alpha: 128), into: &frame)
        #expect(frame[30, 30] & 0xff == 128)
    }

    @Test("Non-finite points draw nothing instead of crashing")
    func nonFinite() {
        let r = Rasterizer(width: 10, height: 10)
        var frame = FrameBuffer(width: 10, height: 10)
        r.fill(
            Path(polygons: [[Point(x: 1, y: 1), Point(x: .nan, y: 5), Point(x: 5, y: 5)]]), color: .white, into: &frame)
        #expect(frame.pixels.allSatisfy { $0 == 0 })
    }
}

/// The rasteriser skips, on each row, the cells no edge touched (`Rasterizer` keeps each row's touched columns):
/// the pixels must be exactly those of resolving the whole bounding box, which these hashes were taken from
/// (before the skipping, on 2026-12-05).
@Suite("Rasteriser pixels, bit for bit")
struct RasterizerKnownPixelsTests {
    /// A small linear congruential generator, so the shapes are the same on every machine.
    struct Shapes {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        mutating func point(_ w: Double, _ h: Double) -> Point {
            Point(x: next() * (w + 80) - 40, y: next() * (h + 80) - 40)
        }
    }

    static func hash(_ frame: FrameBuffer) -> UInt64 {
        frame.pixels.reduce(14_695_981_039_346_656_037) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
    }

    /// Long thin strokes (a trail across the screen), polygons with holes, circles and shapes partly off the frame,
    /// taller than a band and not, translucent and opaque, over a patterned background.
    static func drawn(seed: UInt64) -> FrameBuffer {
        let (w, h) = (400, 300)
        var frame = FrameBuffer(width: w, height: h)
        for i in frame.pixels.indices { frame.pixels[i] = UInt32(truncatingIfNeeded: i &* 2_654_435_761) & 0xff_ffff }
        let r = Rasterizer(width: w, height: h)
        var s = Shapes(state: seed)
        for k in 0..<40 {
            let color = Color(
                r: UInt8(s.next() * 255), g: UInt8(s.next() * 255), b: UInt8(s.next() * 255),
                a: k % 3 == 0 ? 255 : UInt8(60 + s.next() * 190))
            let path: Path
            switch k % 4 {
            case 0:
                path = Stroker.stroke(
                    (0..<12).map { _ in s.point(Double(w), Double(h)) }, width: 1 + s.next() * 8)
            case 1:
                let outer = (0..<7).map { _ in s.point(Double(w), Double(h)) }
                let c = s.point(Double(w), Double(h))
                let hole = (0..<5).map { i in
                    c + Point(x: 20 * cos(Double(i) * 1.25), y: -20 * sin(Double(i) * 1.25))
                }
                path = Path(polygons: [outer, hole])
            case 2:
                var p = Path()
                p.addCircle(center: s.point(Double(w), Double(h)), radius: 2 + s.next() * 60)
                path = p
            default:
                let a = s.point(Double(w), Double(h))
                path = Stroker.stroke([a, a + Point(x: s.next() * 600 - 300, y: s.next() * 600 - 300)], width: 3)
            }
            r.fill(path, color: color, into: &frame)
        }
        return frame
    }

    @Test(arguments: [
        // The strokes' joints are the sectors the quads leave open since the fifteenth pass (StrokerJoinTests).
        (UInt64(1), UInt64(12_428_145_162_788_200_565)), (2, 13_313_219_847_020_868_012),
        (3, 10_523_342_761_338_341_939),
    ])
    func shapesFillTheKnownPixels(_ c: (seed: UInt64, hash: UInt64)) {
        #expect(Self.hash(Self.drawn(seed: c.seed)) == c.hash, "seed \(c.seed)")
    }
}
