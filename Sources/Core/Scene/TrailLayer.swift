/// The line of past positions, under the arrow: shows where the user came from.
struct TrailLayer {
    /// The casing's width in pixels of the reference design (800×480 at 7"), the line's inside it.
    static let casingWidth = 8.0
    static let lineWidth = 4.5

    /// A frame's trail on screen, projected once for all that uses it: the labels keep off it, and it is drawn
    /// whole or as the settled layer and the live segment (`SettledTrail`).
    struct OnScreen {
        /// The trail's points on screen, points closer than a pixel to the previous one left out (they add edges,
        /// not shape); none for a trail of fewer than two points.
        var points: [Point] = []
        /// How many of `points` come from the trail less its last point: all of them, or all but the last.
        var settledCount = 0

        /// The points of the trail less its last point, as the same projection gives them.
        var settled: ArraySlice<Point> { points.prefix(settledCount) }
    }

    /// `trail` on screen for `camera`.
    static func onScreen(camera: Camera, trail: [GeoCoordinate]) -> OnScreen {
        guard trail.count >= 2 else { return OnScreen() }
        var points: [Point] = []
        points.reserveCapacity(trail.count)
        var lastKept = false
        for c in trail {
            let p = camera.screenPoint(of: c)
            lastKept = points.last.map { (p - $0).length >= 1 } ?? true
            if lastKept { points.append(p) }
        }
        return OnScreen(points: points, settledCount: points.count - (lastKept ? 1 : 0))
    }

    func draw(_ trail: OnScreen, on canvas: Canvas, theme: SceneTheme, unit: Double) {
        guard trail.points.count >= 2 else { return }
        canvas.stroke(trail.points, width: Self.casingWidth * unit, theme.trailCasing)
        canvas.stroke(trail.points, width: Self.lineWidth * unit, theme.trail)
    }

    /// Where the trail is drawn, for the map's labels to keep off; nil when nothing is.
    func keepOut(_ trail: OnScreen, unit: Double) -> LabelKeepOutLine? {
        guard trail.points.count >= 2 else { return nil }
        return LabelKeepOutLine(points: trail.points, halfWidthPixels: Self.casingWidth * unit / 2)
    }
}
