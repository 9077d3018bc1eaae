/// The place on the line nearest to a position.
public struct RouteMatch: Hashable, Sendable {
    /// The segment (from point `segment` to `segment + 1`).
    public var segment: Int
    /// How far along that segment, 0…1.
    public var fraction: Double
    /// The nearest point on the line.
    public var coordinate: GeoCoordinate
    /// Metres along the line from its start to that point.
    public var alongMetres: Double
    /// Metres from the position to that point.
    public var distanceMetres: Double
}

extension RouteLine {
    /// The nearest point of the line to `position`, optionally only among segments whose along-range meets
    /// `alongRange` (metres). Chunks whose bounding box lies farther than the best match so far are skipped, so a
    /// million-point line costs a pass over its 16,000 boxes and a few segments.
    public func nearest(to position: GeoCoordinate, alongRange: ClosedRange<Double>? = nil) -> RouteMatch? {
        let metresPerDegree = GreatCircle.meanEarthRadius * .pi / 180
        let cosLat = cos(position.latitude * .pi / 180)
        // Local flat coordinates in metres around the position: exact enough for the few kilometres that matter.
        func local(_ c: GeoCoordinate) -> (x: Double, y: Double) {
            (
                Self.wrapped(c.longitude - position.longitude) * cosLat * metresPerDegree,
                (c.latitude - position.latitude) * metresPerDegree
            )
        }
        var best: RouteMatch?
        var bestSquared = Double.infinity
        for chunk in chunks {
            if let r = alongRange, alongMetres[chunk.last] < r.lowerBound || alongMetres[chunk.first] > r.upperBound {
                continue
            }
            let b = chunk.box
            let dyDeg = max(b.minLatitude - position.latitude, 0, position.latitude - b.maxLatitude)
            let dxDeg =
                position.longitude >= b.minLongitude && position.longitude <= b.maxLongitude
                ? 0
                : min(
                    abs(Self.wrapped(b.minLongitude - position.longitude)),
                    abs(Self.wrapped(b.maxLongitude - position.longitude)))
            let boundX = dxDeg * cosLat * metresPerDegree
            let boundY = dyDeg * metresPerDegree
            guard boundX * boundX + boundY * boundY < bestSquared else { continue }
            var a = local(points[chunk.first])
            for i in chunk.first..<chunk.last {
                let c = local(points[i + 1])
                defer { a = c }
                if let r = alongRange, alongMetres[i + 1] < r.lowerBound || alongMetres[i] > r.upperBound { continue }
                let dx = c.x - a.x
                let dy = c.y - a.y
                let lengthSquared = dx * dx + dy * dy
                var t = lengthSquared > 0 ? -(a.x * dx + a.y * dy) / lengthSquared : 0
                t = min(max(t, 0), 1)
                let px = a.x + t * dx
                let py = a.y + t * dy
                let d2 = px * px + py * py
                if d2 < bestSquared {
                    bestSquared = d2
                    let along = alongMetres[i] + t * (alongMetres[i + 1] - alongMetres[i])
                    best = RouteMatch(
                        segment: i, fraction: t, coordinate: coordinate(segment: i, fraction: t), alongMetres: along,
                        distanceMetres: d2.squareRoot())
                }
            }
        }
        return best
    }

    /// The runs of point indices to draw for `box` (a camera's view): consecutive chunks that meet the box,
    /// merged, each split where a track segment resumed after a gap. A run `a...b` draws the line through
    /// points a to b.
    public func visibleRuns(in box: GeoBox) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        for chunk in chunks where chunk.box.intersects(box) {
            if let last = runs.last, last.upperBound == chunk.first {
                runs[runs.count - 1] = last.lowerBound...chunk.last
            } else {
                runs.append(chunk.first...chunk.last)
            }
        }
        guard !segmentStarts.isEmpty else { return runs }
        var split: [ClosedRange<Int>] = []
        for run in runs {
            var start = run.lowerBound
            for i in (run.lowerBound + 1)...run.upperBound where segmentStarts.contains(i) {
                if i - 1 > start { split.append(start...(i - 1)) }
                start = i
            }
            if run.upperBound > start { split.append(start...run.upperBound) }
        }
        return split
    }

    /// The first turn after `alongMetres` within `withinMetres`, if any (a binary search over the turns).
    public func nextTurn(after alongMetres: Double, withinMetres: Double) -> RouteTurn? {
        var lo = 0
        var hi = turns.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if turns[mid].alongMetres <= alongMetres { lo = mid + 1 } else { hi = mid }
        }
        guard lo < turns.count, turns[lo].alongMetres - alongMetres <= withinMetres else { return nil }
        return turns[lo]
    }
}

extension RouteLine {
    /// Splits runs of point indices (from `visibleRuns`) at the rider's match: the part already ridden (to be
    /// dimmed) and the part ahead. Both sides include the split segment's end points, so the drawer joins the
    /// two parts at `match.coordinate` without a gap.
    public func split(_ runs: [ClosedRange<Int>], at match: RouteMatch) -> (
        ridden: [ClosedRange<Int>], ahead: [ClosedRange<Int>]
    ) {
        var ridden: [ClosedRange<Int>] = []
        var ahead: [ClosedRange<Int>] = []
        let cut = match.segment
        for run in runs {
            if run.upperBound <= cut {
                ridden.append(run)
            } else if run.lowerBound > cut {
                ahead.append(run)
            } else {
                ridden.append(run.lowerBound...(cut + 1))
                ahead.append(cut...run.upperBound)
            }
        }
        return (ridden, ahead)
    }
}
