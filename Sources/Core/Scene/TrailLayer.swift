/// The line of past positions, under the arrow: shows where the user came from.
struct TrailLayer {
    func draw(on canvas: Canvas, camera: Camera, trail: [GeoCoordinate], theme: SceneTheme, unit: Double) {
        guard trail.count >= 2 else { return }
        var points: [Point] = []
        for c in trail {
            let p = camera.screenPoint(of: c)
            // Skip points closer than a pixel: they add edges, not shape.
            if let last = points.last, (p - last).length < 1 { continue }
            points.append(p)
        }
        guard points.count >= 2 else { return }
        canvas.stroke(points, width: 8 * unit, theme.trailCasing)
        canvas.stroke(points, width: 4.5 * unit, theme.trail)
    }
}
