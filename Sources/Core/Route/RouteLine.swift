/// Why a GPX document cannot be followed as a route.
public enum RouteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No track or route in the file has two points.
    case noLine

    public var description: String {
        switch self {
        case .noLine: return "the GPX file has no track or route with at least two points to follow"
        }
    }
}

/// A sharp bend of the line, found once when the route is loaded.
public struct RouteTurn: Hashable, Sendable {
    /// The vertex where the line bends.
    public var index: Int
    public var coordinate: GeoCoordinate
    /// Distance along the line from its start to the bend, in metres.
    public var alongMetres: Double
    /// How far the direction turns, in degrees: positive to the right (clockwise), negative to the left.
    public var angleDegrees: Double
}

/// The line a rider follows: the points of a track (its segments joined) or of a route, with the distance
/// along the line at each point, a bounding box per run of points for fast look-ups, and its sharp turns.
public struct RouteLine: Sendable {
    /// Points per chunk: each chunk keeps a bounding box, so drawing and matching look at the few chunks near
    /// the screen or the rider instead of every point.
    public static let chunkSize = 64

    struct Chunk: Sendable {
        /// The chunk's points, `first...last`; neighbouring chunks share their end point, so every segment lies
        /// wholly inside one chunk.
        var first: Int
        var last: Int
        var box: GeoBox
    }

    public let name: String?
    public let points: [GeoCoordinate]
    /// Metres along the line from the first point to each point.
    public let alongMetres: [Double]
    /// Indices where a new track segment starts: the segment ending there is a gap (a lost fix), not drawn.
    public let segmentStarts: Set<Int>
    /// The bends sharper than `sharpTurnDegrees`, in order along the line.
    public let turns: [RouteTurn]
    let chunks: [Chunk]

    /// The bend, in degrees, from which a turn is announced.
    public static let sharpTurnDegrees = 60.0
    /// The stretch, in metres, before and after a vertex over which the direction change is measured (shorter
    /// wiggles of a recorded track are GPS noise, not turns).
    public static let turnWindowMetres = 25.0

    /// Total length in metres.
    public var lengthMetres: Double { alongMetres.last ?? 0 }

    /// The line through `points`; `segmentStarts` marks where a recorded track resumed after a gap.
    public init(points: [GeoCoordinate], segmentStarts: Set<Int> = [], name: String? = nil) throws(RouteError) {
        guard points.count >= 2 else { throw .noLine }
        self.name = name
        self.points = points
        self.segmentStarts = segmentStarts
        var along = [Double](repeating: 0, count: points.count)
        for i in 1..<points.count {
            along[i] = along[i - 1] + GreatCircle.distance(from: points[i - 1], to: points[i])
        }
        self.alongMetres = along
        var chunks: [Chunk] = []
        chunks.reserveCapacity(points.count / Self.chunkSize + 1)
        var first = 0
        while first < points.count - 1 {
            let last = min(first + Self.chunkSize, points.count - 1)
            chunks.append(Chunk(first: first, last: last, box: GeoBox(covering: points[first...last])!))
            first = last
        }
        self.chunks = chunks
        self.turns = Self.findTurns(points: points, along: along)
    }

    /// The first track of `document` with two points or more (its segments joined), else its first such route.
    public init(document: GPXDocument) throws(RouteError) {
        for track in document.tracks {
            var points: [GeoCoordinate] = []
            var starts: Set<Int> = []
            for segment in track.segments where !segment.isEmpty {
                if !points.isEmpty { starts.insert(points.count) }
                points.append(contentsOf: segment.map(\.coordinate))
            }
            if points.count >= 2 {
                try self.init(points: points, segmentStarts: starts, name: track.name)
                return
            }
        }
        for route in document.routes where route.points.count >= 2 {
            try self.init(points: route.points.map(\.coordinate), name: route.name)
            return
        }
        throw .noLine
    }

    /// The point `fraction` of the way along segment `segment` (from point `segment` to `segment + 1`).
    public func coordinate(segment: Int, fraction: Double) -> GeoCoordinate {
        let a = points[segment]
        let b = points[segment + 1]
        return GeoCoordinate(
            latitude: a.latitude + (b.latitude - a.latitude) * fraction,
            longitude: a.longitude + (b.longitude - a.longitude) * fraction)
    }

    // MARK: - Turns

    /// One pass with two pointers: for each vertex, the direction over the `turnWindowMetres` before it and
    /// after it. Vertices bending more than `sharpTurnDegrees` within two windows of each other are one turn (a
    /// U-turn's arc spans several), placed at its sharpest vertex, and its angle is from the direction into
    /// the first of them to the direction out of the last, so a U-turn reads as about 180°.
    static func findTurns(points: [GeoCoordinate], along: [Double]) -> [RouteTurn] {
        var turns: [RouteTurn] = []
        guard points.count >= 3 else { return turns }
        let window = turnWindowMetres
        var back = 0
        var ahead = 1
        // The turn being gathered: the bearing into its first vertex, out of its last, and its sharpest vertex.
        var cluster: (into: Angle, outOf: Angle, lastAlong: Double, sharpest: Int, sharpestAngle: Double)?
        func finish() {
            guard let c = cluster else { return }
            let angle = c.into.signedDifference(to: c.outOf)
            if abs(angle) >= sharpTurnDegrees {
                turns.append(
                    RouteTurn(
                        index: c.sharpest, coordinate: points[c.sharpest], alongMetres: along[c.sharpest],
                        angleDegrees: angle))
            }
            cluster = nil
        }
        for i in 1..<(points.count - 1) {
            while back + 1 < i, along[i] - along[back + 1] >= window { back += 1 }
            if ahead <= i { ahead = i + 1 }
            while ahead < points.count - 1, along[ahead] - along[i] < window { ahead += 1 }
            guard along[i] - along[back] > 0.5, along[ahead] - along[i] > 0.5,
                let inBearing = flatBearing(from: points[back], to: points[i]),
                let outBearing = flatBearing(from: points[i], to: points[ahead])
            else { continue }
            let angle = inBearing.signedDifference(to: outBearing)
            guard abs(angle) >= sharpTurnDegrees else { continue }
            if var c = cluster, along[i] - c.lastAlong < 2 * window {
                c.outOf = outBearing
                c.lastAlong = along[i]
                if abs(angle) > abs(c.sharpestAngle) { (c.sharpest, c.sharpestAngle) = (i, angle) }
                cluster = c
            } else {
                finish()
                cluster = (inBearing, outBearing, along[i], i, angle)
            }
        }
        finish()
        return turns
    }

    /// The bearing from `a` to `b` on a local flat map (good for the tens of metres a turn is measured over).
    static func flatBearing(from a: GeoCoordinate, to b: GeoCoordinate) -> Angle? {
        let dy = b.latitude - a.latitude
        let dx = wrapped(b.longitude - a.longitude) * cos(a.latitude * .pi / 180)
        guard dx != 0 || dy != 0 else { return nil }
        return Angle(degrees: atan2(dx, dy) * 180 / .pi)
    }

    /// A longitude difference brought into [-180, 180].
    static func wrapped(_ d: Double) -> Double {
        d > 180 ? d - 360 : (d < -180 ? d + 360 : d)
    }
}
