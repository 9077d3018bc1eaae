import Testing

@testable import Core

/// A joint's round piece is the part of its disc the two segments' quads leave open on the turn's outer side
/// (`Stroker.joinPiece`). Measured against the ideal stroke (every point within half the width of the line, from
/// 256 samples a pixel), it is never further off than the whole disc at every joint was, for lines of every width
/// turning by every angle from a tenth of a degree to a half turn: the disc overlapped the quads along their
/// edges, and the rasteriser's clamped sum counted the edge pixels there twice (up to a third too dark).
@Suite("Stroker joins")
struct StrokerJoinTests {
    /// The stroke as it was drawn before: one quad a segment and a whole disc at every joint that turns.
    static func withDiscs(_ points: [Point], width: Double, closed: Bool = false) -> Path {
        var path = Path()
        let r = width / 2
        for piece in Stroker.stroke(points, width: width, closed: closed).contours where piece.count == 4 {
            path.addPolygon(piece)
        }
        let joints = closed ? Array(points.indices) : Array(points.indices.dropFirst().dropLast())
        for i in joints { path.addCircle(center: points[i], radius: r) }
        if !closed && r >= 0.75 {
            path.addCircle(center: points[0], radius: r)
            path.addCircle(center: points[points.count - 1], radius: r)
        }
        return path
    }

    /// How much of pixel (`x`, `y`) lies within `r` of the polyline `points`, from 16×16 samples.
    static func idealCoverage(_ points: [Point], r: Double, x: Int, y: Int) -> Double {
        var inside = 0
        for sy in 0..<16 {
            for sx in 0..<16 {
                let q = Point(x: Double(x) + (Double(sx) + 0.5) / 16, y: Double(y) + (Double(sy) + 0.5) / 16)
                var nearest = Double.infinity
                for i in 1..<points.count {
                    let (a, b) = (points[i - 1], points[i])
                    let d = b - a
                    let t = max(0, min(1, ((q.x - a.x) * d.x + (q.y - a.y) * d.y) / (d.x * d.x + d.y * d.y)))
                    nearest = min(nearest, (q - (a + d * t)).length)
                }
                if nearest <= r { inside += 1 }
            }
        }
        return Double(inside) / 256
    }

    /// The largest coverage error of `path`'s fill against the ideal stroke, over the pixels near the joint.
    static func worstError(_ path: Path, _ points: [Point], r: Double) -> Double {
        var frame = FrameBuffer(width: 200, height: 200, fill: 0)
        Rasterizer(width: 200, height: 200).fill(path, color: Color(r: 255, g: 255, b: 255), into: &frame)
        var worst = 0.0
        let joint = points[1]
        for y in Int(joint.y - r - 3)...Int(joint.y + r + 3) {
            for x in Int(joint.x - r - 3)...Int(joint.x + r + 3) {
                let drawn = Double(frame.pixels[y * 200 + x] & 0xff) / 255
                worst = max(worst, abs(drawn - idealCoverage(points, r: r, x: x, y: y)))
            }
        }
        return worst
    }

    @Test(arguments: [0.1, 1, 5, 20, 45, 90, 135, 170, 179.9, 180])
    func aTurnIsAtLeastAsCloseToTheIdealStrokeAsWithWholeDiscs(degrees: Double) {
        for width in [1.5, 4.5, 8, 20] {
            let turn = degrees * Double.pi / 180
            let a = Point(x: 40, y: 100)
            let b = Point(x: 100, y: 100.3)
            let c = b + Point(x: 60 * cos(turn), y: 60 * sin(turn) + 0.3)
            for points in [[a, b, c], [c, b, a]] {
                let new = Self.worstError(Stroker.stroke(points, width: width), points, r: width / 2)
                let old = Self.worstError(Self.withDiscs(points, width: width), points, r: width / 2)
                #expect(new <= old + 1.0 / 255, "\(degrees)° at width \(width): \(new) against \(old)")
                // Gentle turns, most of a trail's joints, are within a tenth of a pixel's coverage.
                if degrees <= 5 && width <= 8 { #expect(new < 0.1, "\(degrees)° at width \(width): \(new)") }
            }
        }
    }
}
