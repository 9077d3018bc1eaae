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
