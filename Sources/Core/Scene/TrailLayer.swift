/// The line of past positions, under the arrow: shows where the user came from.
struct TrailLayer {
    /// The casing's width in pixels of the reference design (800×480 at 7"), the line's inside it.
    static let casingWidth = 8.0
    static let lineWidth = 4.5

    func draw(on canvas: Canvas, camera: Camera, trail: [GeoCoordinate], theme: SceneTheme, unit: Double) {
        let points = Self.screenPoints(camera: camera, trail: trail)
        guard points.count >= 2 else { return }
        canvas.stroke(points, width: Self.casingWidth * unit, theme.trailCasing)
        canvas.stroke(points, width: Self.lineWidth * unit, theme.trail)
    }

    /// Where the trail is drawn, for the map's labels to keep off; nil when nothing is.
    func keepOut(camera: Camera, trail: [GeoCoordinate], unit: Double) -> LabelKeepOutLine? {
        let points = Self.screenPoints(camera: camera, trail: trail)
        guard points.count >= 2 else { return nil }
        return LabelKeepOutLine(points: points, halfWidthPixels: Self.casingWidth * unit / 2)
    }

    /// The trail's points on screen, points closer than a pixel to the previous one left out (they add edges,
    /// not shape).
    static func screenPoints(camera: Camera, trail: some Collection<GeoCoordinate>) -> [Point] {
        guard trail.count >= 2 else { return [] }
        var points: [Point] = []
        points.reserveCapacity(trail.count)
        for c in trail {
            let p = camera.screenPoint(of: c)
            if let last = points.last, (p - last).length < 1 { continue }
            points.append(p)
        }
        return points
    }
}
