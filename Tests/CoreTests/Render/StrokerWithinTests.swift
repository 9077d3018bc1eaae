import Testing

@testable import Core

/// `Stroker.stroke(within:)` and `Stroker.dashed(within:)` leave out the pieces wholly outside an area: what the
/// area shows is the same, and a line that runs on far outside it has far fewer pieces.
@Suite("Strokes kept to an area")
struct StrokerWithinTests {
    /// A line that starts 400 pixels left of a 100 × 100 frame, crosses it and runs on 400 pixels past it, turning
    /// at every point.
    static let longLine: [Point] = (0...60).map { i in
        let t = Double(i)
        return Point(x: -400 + t * 15, y: 50 + 30 * ((i % 2 == 0) ? 1 : -1) + t * 0.5)
    }

    static func drawn(_ path: Path) -> [UInt32] {
        var frame = FrameBuffer(width: 100, height: 100, fill: 0x0010_2030)
        Rasterizer(width: 100, height: 100).fill(path, color: Color(r: 250, g: 200, b: 20, a: 200), into: &frame)
        return frame.pixels
    }

    static let area = Rect(x: -1, y: -1, width: 102, height: 102)

    @Test(arguments: [0.5, 1.6, 7.0, 30.0])
    func aStrokeKeptToTheFrameDrawsTheSamePixels(width: Double) {
        let whole = Stroker.stroke(Self.longLine, width: width)
        let kept = Stroker.stroke(Self.longLine, width: width, within: Self.area)
        #expect(Self.drawn(kept) == Self.drawn(whole))
        #expect(kept.contours.count < whole.contours.count / 4)
        #expect(!kept.contours.isEmpty)
    }

    @Test(arguments: [1.0, 4.0])
    func dashesKeptToTheFrameFallWhereTheyDid(width: Double) {
        let whole = Stroker.dashed(Self.longLine, width: width, on: 9, off: 5)
        let kept = Stroker.dashed(Self.longLine, width: width, on: 9, off: 5, within: Self.area)
        #expect(Self.drawn(kept) == Self.drawn(whole))
        #expect(kept.contours.count < whole.contours.count / 4)
    }

    @Test func aClosedRingAndALineWhollyOutsideLeaveNothing() {
        let far = [Point(x: 500, y: 500), Point(x: 600, y: 520), Point(x: 560, y: 640)]
        #expect(Stroker.stroke(far, width: 3, within: Self.area).contours.isEmpty)
        #expect(Stroker.stroke(far, width: 3, closed: true, within: Self.area).contours.isEmpty)
        #expect(Stroker.dashed(far, width: 3, on: 4, off: 2, within: Self.area).contours.isEmpty)
        // Its round ends reach into the area from a pixel outside it.
        let near = [Point(x: -3, y: 50), Point(x: -30, y: 50)]
        #expect(!Stroker.stroke(near, width: 8, within: Self.area).contours.isEmpty)
    }

    @Test func pointsNotFiniteOrHugeNeitherTrapNorHang() {
        let odd = [Point(x: .nan, y: 0), Point(x: 1e300, y: -1e300), Point(x: 50, y: 50), Point(x: .infinity, y: 3)]
        _ = Stroker.stroke(odd, width: 2, within: Self.area)
        // A dash pattern walks its segments; one with a point not finite is passed over (it walked forever).
        let dashed = Stroker.dashed(
            [
                Point(x: 10, y: 10), Point(x: .nan, y: 0), Point(x: 40, y: 40), Point(x: .infinity, y: 3),
                Point(x: 60, y: 60), Point(x: 90, y: 60),
            ], width: 2, on: 3, off: 1, within: Self.area)
        #expect(!dashed.contours.isEmpty)
    }
}
