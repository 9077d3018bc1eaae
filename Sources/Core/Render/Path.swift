/// A shape made of closed polygons (contours), already flattened to straight segments.
///
/// Curves are flattened when added, with a tolerance in the path's own units; for screen paths that is a
/// fraction of a pixel.
public struct Path: Sendable {
    public private(set) var contours: [[Point]] = []
    private var current: [Point] = []
    /// The largest distance a flattened curve may stray from the true curve.
    public var tolerance: Double

    public init(tolerance: Double = 0.2) { self.tolerance = tolerance }

    /// A path from ready-made closed polygons.
    public init(polygons: [[Point]]) {
        self.tolerance = 0.2
        self.contours = polygons.filter { $0.count >= 3 }
    }

    public var isEmpty: Bool { contours.isEmpty && current.count < 3 }

    public mutating func move(to p: Point) {
        closeSubpath()
        current = [p]
    }

    public mutating func line(to p: Point) {
        if current.isEmpty { current = [p] } else { current.append(p) }
    }

    /// A quadratic Bézier from the current point through control `c` to `p`.
    public mutating func quad(to p: Point, control c: Point) {
        guard let p0 = current.last else { return move(to: p) }
        let dd = (p0 - c * 2 + p).length
        let n = max(1, min(64, Int((dd / (8 * tolerance)).squareRoot().rounded(.up))))
        for i in 1...n {
            let t = Double(i) / Double(n)
            let u = 1 - t
            current.append(p0 * (u * u) + c * (2 * u * t) + p * (t * t))
        }
    }

    /// A cubic Bézier from the current point to `p`.
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        guard let p0 = current.last else { return move(to: p) }
        let dd = max((p0 - c1 * 2 + c2).length, (c1 - c2 * 2 + p).length)
        let n = max(1, min(96, Int((dd * 6 / (8 * tolerance)).squareRoot().rounded(.up))))
        for i in 1...n {
            let t = Double(i) / Double(n)
            let u = 1 - t
            current.append(p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t))
        }
    }

    public mutating func closeSubpath() {
        if current.count >= 3 { contours.append(current) }
        current = []
    }

    /// Adds a full circle (as a polygon fine enough for its radius).
    public mutating func addCircle(center: Point, radius: Double) {
        closeSubpath()
        contours.append(Path.circlePolygon(center: center, radius: radius, tolerance: tolerance))
    }

    /// Adds a closed polygon.
    public mutating func addPolygon(_ points: [Point]) {
        closeSubpath()
        if points.count >= 3 { contours.append(points) }
    }

    /// The path with every point mapped through `transform`.
    public func applying(_ transform: (Point) -> Point) -> Path {
        var copy = self
        copy.closeSubpath()
        copy.contours = copy.contours.map { $0.map(transform) }
        return copy
    }

    /// A circle polygon, traversed in the same rotational sense as the stroker's segment quads, so overlapping
    /// pieces of one stroke add up instead of cancelling.
    static func circlePolygon(center: Point, radius: Double, tolerance: Double) -> [Point] {
        let r = max(radius, 0.01)
        let n = max(8, min(128, Int((Double.pi / acos(max(-1, 1 - min(tolerance, r) / r))).rounded(.up))))
        // One cosine and one sine a circle, not one a vertex (a trail's round joins are a few hundred circles a
        // frame): each vertex is the last one turned by the step. After 128 steps the rounding error is about
        // 1e-14 of the radius, far below the 1/256 of a pixel the rasteriser resolves.
        let step = -2 * Double.pi / Double(n)
        let (c, s) = (cos(step), sin(step))
        var (x, y) = (r, 0.0)
        var points: [Point] = []
        points.reserveCapacity(n)
        for _ in 0..<n {
            points.append(Point(x: center.x + x, y: center.y + y))
            (x, y) = (x * c - y * s, x * s + y * c)
        }
        return points
    }
}
