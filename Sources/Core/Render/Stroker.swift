/// Turns polylines into fillable outlines: one quad per segment, at each joint the round piece the two quads leave
/// open on the turn's outer side (round joins), and a disc at each end (round caps), all wound the same way so the
/// rasteriser's clamped non-zero rule merges them without seams.
public enum Stroker {
    /// The outline of `points` drawn as a line `width` pixels wide with round joins and caps.
    ///
    /// With `within`, the pieces (a segment's quad, a joint's or an end's round piece) that lie wholly outside it
    /// are left out, and the others are the same: a map tile drawn deeper than its data strokes only what crosses
    /// it of roads that run on across the data tile.
    public static func stroke(
        _ points: [Point], width: Double, closed: Bool = false, roundCaps: Bool = true, within area: Rect? = nil
    ) -> Path {
        var path = Path()
        guard points.count >= 2, width > 0 else { return path }
        let r = width / 2
        // Each piece lies within r of its points; a piece is kept when the box around them, r wider, meets `area`.
        func kept(_ p: Point, _ q: Point) -> Bool {
            guard let area else { return true }
            return min(p.x, q.x) - r <= area.maxX && max(p.x, q.x) + r >= area.x && min(p.y, q.y) - r <= area.maxY
                && max(p.y, q.y) + r >= area.y
        }
        let n = closed ? points.count : points.count - 1
        for i in 0..<n {
            let a = points[i]
            let b = points[(i + 1) % points.count]
            guard kept(a, b) else { continue }
            let d = b - a
            let len = d.length
            guard len > 1e-9 else { continue }
            let nx = -d.y / len * r
            let ny = d.x / len * r
            path.addPolygon([
                Point(x: a.x + nx, y: a.y + ny), Point(x: b.x + nx, y: b.y + ny),
                Point(x: b.x - nx, y: b.y - ny), Point(x: a.x - nx, y: a.y - ny),
            ])
        }
        let joints = closed ? Array(points.indices) : Array(points.indices.dropFirst().dropLast())
        let cosSmallestTurn = cosSmallestTurn(radius: r)
        for i in joints where kept(points[i], points[i]) {
            let (before, here, after) = (
                points[(i - 1 + points.count) % points.count], points[i], points[(i + 1) % points.count]
            )
            if let piece = join(
                from: before, at: here, to: after, radius: r, tolerance: path.tolerance,
                cosSmallestTurn: cosSmallestTurn)
            {
                path.addPolygon(piece)
            }
        }
        if !closed && roundCaps && hasRoundCaps(radius: r) {
            let (first, last) = (points[0], points[points.count - 1])
            if kept(first, first) { path.addCircle(center: first, radius: r) }
            if kept(last, last) { path.addCircle(center: last, radius: r) }
        }
        return path
    }

    /// Whether a line of half width `r` ends in round caps: under a pixel and a half wide a cap's disc adds edges,
    /// not shape, and the line ends square.
    static func hasRoundCaps(radius r: Double) -> Bool { r >= 0.75 }

    /// The round piece at joint `here` of a line from `before` to `after`, `r` half its width; nil where none is
    /// needed. Thin lines need none at joints that barely turn: the gap at the outer corner is about r·θ for a turn
    /// of θ radians, and a tenth of a pixel is the most left open.
    static func join(from before: Point, at here: Point, to after: Point, radius r: Double, tolerance: Double)
        -> [Point]?
    {
        join(
            from: before, at: here, to: after, radius: r, tolerance: tolerance,
            cosSmallestTurn: cosSmallestTurn(radius: r))
    }

    /// The cosine of the smallest turn that gets a round piece on a line of half width `r`: worked out once a
    /// stroke, not once a joint.
    private static func cosSmallestTurn(radius r: Double) -> Double { cos(min(Double.pi, 0.1 / r)) }

    /// `join` with the smallest turn's cosine for `r` given.
    private static func join(
        from before: Point, at here: Point, to after: Point, radius r: Double, tolerance: Double,
        cosSmallestTurn: Double
    ) -> [Point]? {
        let u = here - before
        let v = after - here
        let (lu, lv) = (u.length, v.length)
        guard lu > 1e-9, lv > 1e-9 else { return nil }
        let (uu, vv) = (u * (1 / lu), v * (1 / lv))
        guard uu.x * vv.x + uu.y * vv.y < cosSmallestTurn else { return nil }
        return joinPiece(at: here, from: uu, to: vv, radius: r, tolerance: tolerance)
    }

    /// The part of the disc of radius `r` at joint `p` that the two segments' quads leave open: the sector on the
    /// turn's outer side between the quads' corners, for a line arriving along unit direction `u` and leaving
    /// along `v`. On the inner side the quads overlap and cover the disc, so a whole disc there was edges the
    /// rasteriser walked for nothing (a trail's joints were half its edges). Wound as the quads are.
    static func joinPiece(at p: Point, from u: Point, to v: Point, radius r: Double, tolerance: Double) -> [Point] {
        // The quads' corners at the joint are p ± r·n(u) and p ± r·n(v), with n(d) = (−d.y, d.x); the outer
        // side is the one the line turns away from.
        let side: Double = u.x * v.y - u.y * v.x > 0 ? -1 : 1
        let a = Point(x: -u.y, y: u.x) * (side * r)
        let b = Point(x: -v.y, y: v.x) * (side * r)
        var points = [p, p + a]
        // A half turn has no shorter way round: the arc goes through the way the line arrived.
        let middle = (a + b).length < 1e-9 * r ? u * r : nil
        arc(from: a, to: b, through: middle, radius: r, tolerance: tolerance, center: p, into: &points)
        points.append(p + b)
        // The quads' sense of rotation (their shoelace sum is negative).
        var twiceArea = 0.0
        for i in points.indices {
            let (q0, q1) = (points[i], points[(i + 1) % points.count])
            twiceArea += q0.x * q1.y - q1.x * q0.y
        }
        return twiceArea > 0 ? points.reversed() : points
    }

    /// The points strictly between offsets `a` and `b` (both of length `r` from `center`, less than a half turn
    /// apart unless `through` gives the middle) on the circle, halving the arc until each chord strays less than
    /// `tolerance` from it: no trigonometry, and chords as fine as the caps' circles.
    private static func arc(
        from a: Point, to b: Point, through: Point?, radius r: Double, tolerance: Double, center: Point,
        into points: inout [Point]
    ) {
        let half = (a + b) * 0.5
        let sagitta = r - half.length
        guard through != nil || (sagitta > tolerance && sagitta > 1e-9 * r) else { return }
        let middle = through ?? half * (r / half.length)
        arc(from: a, to: middle, through: nil, radius: r, tolerance: tolerance, center: center, into: &points)
        points.append(center + middle)
        arc(from: middle, to: b, through: nil, radius: r, tolerance: tolerance, center: center, into: &points)
    }

    /// The outline of `points` with a dash pattern (on, off lengths in pixels).
    ///
    /// With `within`, dashes wholly outside it are left out (`stroke`'s `within`); the pattern still runs from the
    /// first point, so the others fall where they did.
    public static func dashed(_ points: [Point], width: Double, on: Double, off: Double, within area: Rect? = nil)
        -> Path
    {
        var path = Path()
        guard on > 0, off >= 0 else { return path }
        var drawing = true
        var remaining = on
        var piece: [Point] = points.first.map { [$0] } ?? []
        for i in 1..<max(points.count, 1) {
            var a = points[i - 1]
            let b = points[i]
            var seg = (b - a).length
            // A segment whose length is not finite (one of its points is not) cannot be walked: the steps never
            // shortened it, and the walk never ended.
            guard seg.isFinite else {
                piece = drawing ? [b] : []
                continue
            }
            while seg > 1e-9 {
                let step = min(seg, remaining)
                let t = step / seg
                let p = a + (b - a) * t
                if drawing { piece.append(p) }
                seg -= step
                remaining -= step
                a = p
                if remaining <= 1e-9 {
                    if drawing, piece.count >= 2 {
                        for c in stroke(piece, width: width, roundCaps: false, within: area).contours {
                            path.addPolygon(c)
                        }
                    }
                    drawing.toggle()
                    remaining = drawing ? on : off
                    piece = drawing ? [p] : []
                }
            }
        }
        if drawing, piece.count >= 2 {
            for c in stroke(piece, width: width, roundCaps: false, within: area).contours { path.addPolygon(c) }
        }
        return path
    }
}
