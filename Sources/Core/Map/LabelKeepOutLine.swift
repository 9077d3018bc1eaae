/// A line drawn over the map after its labels (the route, the trail), in screen pixels: map labels keep off it,
/// since a name under the rider's trail is a name nobody can read.
public struct LabelKeepOutLine: Sendable, Equatable {
    /// The line's points on screen, in pixels, in order (one point is a dot).
    public var points: [Point]
    /// Half the width of what is drawn (the casing's), in pixels: labels keep at least this far from the points.
    public var halfWidthPixels: Double

    public init(points: [Point], halfWidthPixels: Double) {
        self.points = points
        self.halfWidthPixels = halfWidthPixels
    }

    /// True when some part of the drawn line (a segment widened by half its width) touches `r`.
    ///
    /// The test widens `r` by the half width and clips each segment to it, so near the rectangle's corners it
    /// errs on the side of "touches" by at most 0.41 half widths: a label may keep a little more room than needed,
    /// never less.
    public func touches(_ r: Rect) -> Bool {
        let grown = r.insetBy(-halfWidthPixels)
        guard let first = points.first else { return false }
        if points.count == 1 { return Self.segment(first, first, meets: grown) }
        for (a, b) in zip(points, points.dropFirst()) where Self.segment(a, b, meets: grown) { return true }
        return false
    }

    /// True when the segment from `a` to `b` has a point inside (or on the edge of) `r` (`LabelPath.clip`'s
    /// Liang–Barsky clipping).
    static func segment(_ a: Point, _ b: Point, meets r: Rect) -> Bool {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return false }
        return LabelPath.clip(a, b, to: r) != nil
    }
}
