/// The name of the road the user is on (or about to join), from the street names of the decoded tiles, as Navit
/// and OsmAnd show it in a bar.
public enum CurrentStreet {
    /// How far from a street's line the user may be and still be on it (lane, pavement, GPS error).
    public static let withinMetres = 25.0
    /// At a crossing, a street across the direction of travel counts as this much farther away (at 90°).
    public static let crossingPenaltyMetres = 12.0

    /// The named street nearest `position` within `withinMetres`; with a `course`, streets along it win over
    /// streets across it, so a crossing street does not take over the bar as the user passes it.
    public static func name(
        of candidates: [LabelCandidate], at position: GeoCoordinate, course: Angle? = nil,
        withinMetres: Double = CurrentStreet.withinMetres
    ) -> String? {
        guard position.isValid, withinMetres.isFinite, withinMetres > 0 else { return nil }
        let p = WebMercator.worldPixel(position, zoom: 0)
        let worldSize = WebMercator.worldSize(zoom: 0)
        // Metres per world pixel at zoom 0 (the world square is worldSize pixels across).
        let metresPerUnit = 40_075_016.686 * cos(position.latitude * .pi / 180) / worldSize
        guard metresPerUnit.isFinite, metresPerUnit > 0 else { return nil }
        // The limit in zoom-0 pixels: a segment whose box, grown by it, misses the position is farther than the
        // limit, and is passed over without working out its distance (most of a tile's roads).
        let reach = withinMetres / metresPerUnit
        // The same in world units (the candidates' 0...1 square), for a candidate's extent; a hair wider, so rounding
        // never passes over a street the segment test below would take.
        let (world, worldReach) = (p * (1 / worldSize), reach / worldSize * (1 + 1e-9))
        var best: (score: Double, name: String)?
        // Asked several times a second over all of a tile's streets: a street whose extent, grown by the limit,
        // misses the position is passed over by index, without copying the candidate or walking its points.
        for index in candidates.indices where candidates[index].kind == .road {
            let (lowest, highest) = (candidates[index].lowest, candidates[index].highest)
            guard world.x >= lowest.x - worldReach, world.x <= highest.x + worldReach,
                world.y >= lowest.y - worldReach, world.y <= highest.y + worldReach
            else { continue }
            let c = candidates[index]
            guard c.points.count >= 2 else { continue }
            let points = c.points
            for i in 0..<(points.count - 1) {
                // Candidates are in the 0...1 world square; the projection is in zoom-0 pixels.
                let a = points[i] * worldSize
                let b = points[i + 1] * worldSize
                guard p.x >= min(a.x, b.x) - reach, p.x <= max(a.x, b.x) + reach, p.y >= min(a.y, b.y) - reach,
                    p.y <= max(a.y, b.y) + reach
                else { continue }
                let d = distance(from: p, toSegment: a, b) * metresPerUnit
                guard d.isFinite, d <= withinMetres else { continue }
                var score = d
                if let course {
                    // Screen y grows southwards: the segment's bearing is atan2(east, north).
                    let bearing = atan2(b.x - a.x, -(b.y - a.y))
                    score += crossingPenaltyMetres * abs(sin(bearing - course.radians))
                }
                if best.map({ score < $0.score }) ?? true { best = (score, c.text) }
            }
        }
        return best?.name
    }

    private static func distance(from p: Point, toSegment a: Point, _ b: Point) -> Double {
        let ab = b - a
        let length2 = ab.x * ab.x + ab.y * ab.y
        let t = length2 > 0 ? min(1, max(0, ((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / length2)) : 0
        let q = a + ab * t
        return ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
    }
}
