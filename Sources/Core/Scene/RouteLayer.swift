/// The route to follow, under the trail and the arrow: the line ahead in the route colour on a casing, the part
/// already ridden dimmed, and while off the route a dashed line from the rider to its nearest point. Only the
/// chunks of the line that meet the screen are projected (`RouteLine.visibleRuns`), so a 100,000-point route
/// costs about what its on-screen part does. Trails from before a restart are drawn here too, over the route.
struct RouteLayer {
    func draw(on canvas: Canvas, camera: Camera, ride: RideOverlay, theme: SceneTheme, unit: Double) {
        if let route = ride.route {
            drawRoute(route, progress: ride.progress, canvas: canvas, camera: camera, theme: theme, unit: unit)
        }
        for trail in ride.earlierTrails {
            TrailLayer().draw(on: canvas, camera: camera, trail: trail, theme: theme, unit: unit)
        }
    }

    private func drawRoute(
        _ route: RouteLine, progress: RouteProgress?, canvas: Canvas, camera: Camera, theme: SceneTheme, unit: Double
    ) {
        let colours = theme.route
        let runs = route.visibleRuns(in: GeoBox(camera: camera))
        guard let match = progress?.match else {
            for run in runs { strokeAhead(screenPoints(route, run, camera), canvas, colours, unit) }
            return
        }
        let (ridden, ahead) = route.split(runs, at: match)
        let cut = match.segment
        for run in ridden {
            // The run the rider is on ends at the rider's match, not at the segment's far end.
            let points = screenPoints(
                route, run, camera, last: run.upperBound == cut + 1 ? match.coordinate : nil)
            canvas.stroke(points, width: 5 * unit, colours.ridden)
        }
        for run in ahead {
            let points = screenPoints(route, run, camera, first: run.lowerBound == cut ? match.coordinate : nil)
            strokeAhead(points, canvas, colours, unit)
        }
        if let p = progress, p.isOffRoute, let back = p.wayBack {
            drawWayBack(
                from: camera.anchor, to: camera.screenPoint(of: back.coordinate),
                reach: Double(camera.width + camera.height), canvas, colours, unit)
        }
    }

    private func strokeAhead(_ points: [Point], _ canvas: Canvas, _ colours: RouteColours, _ unit: Double) {
        guard points.count >= 2 else { return }
        canvas.stroke(points, width: 10 * unit, colours.casing)
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
        var t = 30 * unit
        while t < length {
            let segment = [a + dir * t, a + dir * min(t + dash, length)]
            canvas.stroke(segment, width: 7 * unit, colours.casing)
            canvas.stroke(segment, width: 4 * unit, colours.wayBack)
            t += dash + gap
        }
        guard d.length <= reach else { return }
        canvas.fillCircle(center: b, radius: 8 * unit, colours.casing)
        canvas.fillCircle(center: b, radius: 5.5 * unit, colours.wayBack)
    }
}
