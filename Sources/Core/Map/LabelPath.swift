/// A street's line on screen measured by distance along it (arc length, in pixels): the stretches inside a
/// rectangle, the point at any distance, and how far a stretch strays from its chord.
///
/// The label placer sets a name on a window of this line; the window's geometry is the street's own, so it does
/// not change while the map turns (only where it lies on screen does).
struct LabelPath {
    let points: [Point]
    /// `lengths[i]` is the distance along the line from `points[0]` to `points[i]`.
    let lengths: [Double]

    /// The line through `points`, with repeated points dropped (they have no direction).
    init(_ points: [Point]) {
        var kept: [Point] = []
        var lengths: [Double] = []
        kept.reserveCapacity(points.count)
        lengths.reserveCapacity(points.count)
        for p in points where p.x.isFinite && p.y.isFinite {
            if let last = kept.last {
                let d = (p - last).length
                if d < 1e-6 { continue }
                lengths.append(lengths[lengths.count - 1] + d)
            } else {
                lengths.append(0)
            }
            kept.append(p)
        }
        self.points = kept
        self.lengths = lengths
    }

    /// The length of the whole line in pixels.
    var total: Double { lengths.last ?? 0 }

    /// The index of the segment that holds distance `s` (clamped to the line).
    private func segment(at s: Double) -> Int {
        var lo = 0
        var hi = points.count - 1
        // The last i with lengths[i] <= s, at most count - 2.
        while hi - lo > 1 {
            let m = (lo + hi) / 2
            if lengths[m] <= s { lo = m } else { hi = m }
        }
        return min(lo, max(0, points.count - 2))
    }

    /// The point at distance `s` along the line (clamped to its ends).
    func point(at s: Double) -> Point {
        guard points.count >= 2 else { return points.first ?? Point(x: 0, y: 0) }
        let i = segment(at: s)
        let a = points[i]
        let b = points[i + 1]
        let span = lengths[i + 1] - lengths[i]
        let t = min(max((s - lengths[i]) / span, 0), 1)
        return a + (b - a) * t
    }

    /// The stretches of the line inside `r`, as ranges of distance along it, in order.
    func intervals(inside r: Rect) -> [ClosedRange<Double>] {
        var out: [ClosedRange<Double>] = []
        guard points.count >= 2 else { return out }
        for i in 0..<(points.count - 1) {
            guard let (t0, t1) = Self.clip(points[i], points[i + 1], to: r) else { continue }
            let span = lengths[i + 1] - lengths[i]
            let lo = lengths[i] + t0 * span
            let hi = lengths[i] + t1 * span
            if let last = out.last, lo - last.upperBound < 1e-6 {
                out[out.count - 1] = last.lowerBound...max(hi, last.upperBound)
            } else {
                out.append(lo...hi)
            }
        }
        return out
    }

    /// The distance along the line of its point nearest `p`, and how far that point is from `p`.
    func nearest(to p: Point) -> (s: Double, distance: Double) {
        var best = (s: 0.0, distance: Double.infinity)
        guard points.count >= 2 else { return best }
        for i in 0..<(points.count - 1) {
            let a = points[i]
            let d = points[i + 1] - a
            let span = lengths[i + 1] - lengths[i]
            let t = min(max(((p - a).x * d.x + (p - a).y * d.y) / (span * span), 0), 1)
            let dist = (a + d * t - p).length
            if dist < best.distance { best = (lengths[i] + t * span, dist) }
        }
        return best
    }

    /// The largest distance in pixels of the line between distances `a` and `b` from the chord joining them.
    func deviation(from a: Double, to b: Double) -> Double {
        guard points.count >= 2, b > a else { return 0 }
        let p = point(at: a)
        let q = point(at: b)
        let d = q - p
        let len = d.length
        var worst = 0.0
        var i = segment(at: a) + 1
        while i < points.count - 1, lengths[i] < b {
            let v = points[i] - p
            let off = len > 1e-6 ? abs(v.x * d.y - v.y * d.x) / len : v.length
            worst = max(worst, off)
            i += 1
        }
        return worst
    }

    /// The part of the segment from `a` to `b` inside `r` (Liang–Barsky) as fractions of the segment, nil when
    /// none is.
    static func clip(_ a: Point, _ b: Point, to r: Rect) -> (Double, Double)? {
        let d = b - a
        var t0 = 0.0
        var t1 = 1.0
        for (p, q) in [(-d.x, a.x - r.x), (d.x, r.maxX - a.x), (-d.y, a.y - r.y), (d.y, r.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let t = q / p
                if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
                if t0 > t1 { return nil }
            }
        }
        return (t0, t1)
    }
}
