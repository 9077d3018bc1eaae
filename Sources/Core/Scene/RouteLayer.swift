/// The route to follow, under the trail and the arrow: the line ahead in the route colour on a casing, the part
/// already ridden dimmed, and while off the route a dashed line from the rider to its nearest point. Only the
/// chunks of the line that meet the screen are projected (`RouteLine.visibleRuns`), so a 100,000-point route
/// costs about what its on-screen part does. Trails from before a restart are drawn here too, over the route.
struct RouteLayer {
    /// Whether `draw` draws anything for `ride`: a route or a trail from before a restart (the trip fields and
    /// the clock a ride adds are the HUD's).
    static func draws(_ ride: RideOverlay) -> Bool { ride.route != nil || !ride.earlierTrails.isEmpty }

    func draw(on canvas: Canvas, camera: Camera, ride: RideOverlay, theme: SceneTheme, unit: Double) {
        if let route = ride.route {
            drawRoute(route, progress: ride.progress, canvas: canvas, camera: camera, theme: theme, unit: unit)
        }
        for trail in ride.earlierTrails {
            TrailLayer().draw(TrailLayer.onScreen(camera: camera, trail: trail), on: canvas, theme: theme, unit: unit)
        }
    }

    /// The casings' widths in pixels of the reference design (800×480 at 7"): the line ahead, the part ridden
    /// (no casing), the way back's dashes and its dot's radius.
    static let aheadCasingWidth = 10.0
    static let riddenWidth = 5.0
    static let wayBackCasingWidth = 7.0
    static let wayBackDotRadius = 8.0
    /// Where the way back's dashes start, clear of the arrow.
    static let wayBackStart = 30.0

    /// Where the route, its way back and the earlier trails are drawn, for the map's labels to keep off.
    func keepOut(camera: Camera, ride: RideOverlay, unit: Double) -> [LabelKeepOutLine] {
        var lines: [LabelKeepOutLine] = []
        if let route = ride.route {
            let runs = routeRuns(route, progress: ride.progress, camera: camera)
            for points in runs.ridden where points.count >= 2 {
                lines.append(LabelKeepOutLine(points: points, halfWidthPixels: Self.riddenWidth * unit / 2))
            }
            for points in runs.ahead where points.count >= 2 {
                lines.append(LabelKeepOutLine(points: points, halfWidthPixels: Self.aheadCasingWidth * unit / 2))
            }
            if let back = wayBack(ride.progress, camera: camera) {
                let d = back.to - back.from
                let length = min(d.length, back.reach)
                if length > Self.wayBackStart * unit {
                    let dir = d * (1 / d.length)
                    lines.append(
                        LabelKeepOutLine(
                            points: [back.from + dir * (Self.wayBackStart * unit), back.from + dir * length],
                            halfWidthPixels: Self.wayBackCasingWidth * unit / 2))
                }
                if d.length <= back.reach {
                    lines.append(LabelKeepOutLine(points: [back.to], halfWidthPixels: Self.wayBackDotRadius * unit))
                }
            }
        }
        for trail in ride.earlierTrails {
            if let line = TrailLayer().keepOut(TrailLayer.onScreen(camera: camera, trail: trail), unit: unit) {
                lines.append(line)
            }
        }
        return lines
    }

    private func drawRoute(
        _ route: RouteLine, progress: RouteProgress?, canvas: Canvas, camera: Camera, theme: SceneTheme, unit: Double
    ) {
        let colours = theme.route
        let runs = routeRuns(route, progress: progress, camera: camera)
        for points in runs.ridden where points.count >= 2 {
            canvas.stroke(points, width: Self.riddenWidth * unit, colours.ridden)
        }
        for points in runs.ahead { strokeAhead(points, canvas, colours, unit) }
        if let back = wayBack(progress, camera: camera) {
            drawWayBack(from: back.from, to: back.to, reach: back.reach, canvas, colours, unit)
        }
    }

    /// The route's on-screen runs as screen points: the part already ridden and the part ahead (all of it ahead
    /// before the rider is matched to it).
    private func routeRuns(_ route: RouteLine, progress: RouteProgress?, camera: Camera) -> (
        ridden: [[Point]], ahead: [[Point]]
    ) {
        let runs = route.visibleRuns(in: GeoBox(camera: camera))
        guard let match = progress?.match else {
            return ([], runs.map { screenPoints(route, $0, camera) })
        }
        let (ridden, ahead) = route.split(runs, at: match)
        let cut = match.segment
        // The run the rider is on ends (and the next begins) at the rider's match, not at the segment's end.
        return (
            ridden.map { run in
                screenPoints(route, run, camera, last: run.upperBound == cut + 1 ? match.coordinate : nil)
            },
            ahead.map { run in
                screenPoints(route, run, camera, first: run.lowerBound == cut ? match.coordinate : nil)
            }
        )
    }

    /// From the rider to the route's nearest point while off the route, and how far to draw it (past the screen
    /// nothing more is).
    private func wayBack(_ progress: RouteProgress?, camera: Camera) -> (from: Point, to: Point, reach: Double)? {
        guard let p = progress, p.isOffRoute, let back = p.wayBack else { return nil }
        return (camera.anchor, camera.screenPoint(of: back.coordinate), Double(camera.width + camera.height))
    }

    private func strokeAhead(_ points: [Point], _ canvas: Canvas, _ colours: RouteColours, _ unit: Double) {
        guard points.count >= 2 else { return }
        canvas.stroke(points, width: Self.aheadCasingWidth * unit, colours.casing)
        canvas.stroke(points, width: 6 * unit, colours.ahead)
    }

    /// The screen points of `run`, with its first or last point replaced (the rider's match), points closer than
    /// a pixel to the previous one left out.
    private func screenPoints(
        _ route: RouteLine, _ run: ClosedRange<Int>, _ camera: Camera, first: GeoCoordinate? = nil,
        last: GeoCoordinate? = nil
    ) -> [Point] {
        var points: [Point] = []
        points.reserveCapacity(run.count)
        for i in run {
            let c =
                i == run.lowerBound
                ? (first ?? route.points[i]) : i == run.upperBound ? (last ?? route.points[i]) : route.points[i]
            let p = camera.screenPoint(of: c)
            if i != run.upperBound, let previous = points.last, (p - previous).length < 1 { continue }
            points.append(p)
        }
        return points
    }

    /// Dashes from the rider to the nearest point of the route, and a dot there; past `reach` pixels (off
    /// the screen) nothing more is drawn.
    private func drawWayBack(
        from a: Point, to b: Point, reach: Double, _ canvas: Canvas, _ colours: RouteColours, _ unit: Double
    ) {
        let d = b - a
        let length = min(d.length, reach)
        guard length > 1 else { return }
        let dir = d * (1 / length)
        let dash = 12 * unit
        let gap = 8 * unit
        // Start clear of the arrow, which stays uncovered.
        var t = Self.wayBackStart * unit
        while t < length {
            let segment = [a + dir * t, a + dir * min(t + dash, length)]
            canvas.stroke(segment, width: Self.wayBackCasingWidth * unit, colours.casing)
            canvas.stroke(segment, width: 4 * unit, colours.wayBack)
            t += dash + gap
        }
        guard d.length <= reach else { return }
        canvas.fillCircle(center: b, radius: Self.wayBackDotRadius * unit, colours.casing)
        canvas.fillCircle(center: b, radius: 5.5 * unit, colours.wayBack)
    }
}
