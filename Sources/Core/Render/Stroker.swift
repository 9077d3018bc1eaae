/// Turns polylines into fillable outlines: one quad per segment and a disc at each joint and end (round joins
/// and caps), all wound the same way so the rasteriser's clamped non-zero rule merges them without seams.
public enum Stroker {
    /// The outline of `points` drawn as a line `width` pixels wide with round joins and caps.
    public static func stroke(_ points: [Point], width: Double, closed: Bool = false, roundCaps: Bool = true) -> Path {
        var path = Path()
        guard points.count >= 2, width > 0 else { return path }
        let r = width / 2
        let n = closed ? points.count : points.count - 1
        for i in 0..<n {
            let a = points[i]
            let b = points[(i + 1) % points.count]
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
        // Discs only where they matter: thin lines need none at joints that barely turn.
        let joints = closed ? Array(points.indices) : Array(points.indices.dropFirst().dropLast())
        for i in joints where needsJoin(points, at: i, closed: closed, radius: r) {
            path.addCircle(center: points[i], radius: r)
        }
        if !closed && roundCaps && r >= 0.75 {
            path.addCircle(center: points[0], radius: r)
            path.addCircle(center: points[points.count - 1], radius: r)
        }
        return path
    }

    /// A joint needs a round piece when the gap between the two segment quads is wider than a tenth of a pixel.
    private static func needsJoin(_ p: [Point], at i: Int, closed: Bool, radius: Double) -> Bool {
        let prev = p[(i - 1 + p.count) % p.count]
        let here = p[i]
        let next = p[(i + 1) % p.count]
        let u = here - prev
        let v = next - here
        let lu = u.length
        let lv = v.length
        guard lu > 1e-9, lv > 1e-9 else { return false }
        let cosTurn = (u.x * v.x + u.y * v.y) / (lu * lv)
        // The gap at the outer corner is about r·θ for a turn of θ radians.
        let turn = acos(min(1, max(-1, cosTurn)))
        return radius * turn > 0.1
    }

    /// The outline of `points` with a dash pattern (on, off lengths in pixels).
    public static func dashed(_ points: [Point], width: Double, on: Double, off: Double) -> Path {
        var path = Path()
        guard on > 0, off >= 0 else { return path }
        var drawing = true
        var remaining = on
        var piece: [Point] = points.first.map { [$0] } ?? []
        for i in 1..<max(points.count, 1) {
            var a = points[i - 1]
            let b = points[i]
            var seg = (b - a).length
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
                        for c in stroke(piece, width: width, roundCaps: false).contours { path.addPolygon(c) }
                    }
                    drawing.toggle()
                    remaining = drawing ? on : off
                    piece = drawing ? [p] : []
                }
            }
        }
        if drawing, piece.count >= 2 {
            for c in stroke(piece, width: width, roundCaps: false).contours { path.addPolygon(c) }
        }
        return path
    }
}
