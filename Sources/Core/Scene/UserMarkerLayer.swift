/// The user's position: an arrow when the heading is trusted, a dot when it is not, with the accuracy ring of the
/// position and a cone showing how uncertain the heading is.
struct UserMarkerLayer {
    /// The arrow outline pointing up, in units of its half-length (tip at y = −1).
    static let arrowShape: [Point] = [
        Point(x: 0, y: -1), Point(x: 0.74, y: 0.86), Point(x: 0, y: 0.46), Point(x: -0.74, y: 0.86),
    ]

    func draw(on canvas: Canvas, input: SceneInput, theme: SceneTheme, unit: Double) {
        let camera = input.camera
        let at = camera.anchor
        let size = 22 * unit
        // No position yet: nothing marks a place the user is not known to be.
        guard input.positionKnown else { return }
        if let err = input.positionErrorMetres, err.isFinite, err > 0 {
            let r = err / WebMercator.metresPerPixel(latitude: camera.center.latitude, zoom: camera.zoom)
            if r > size * 0.9 && r < Double(max(camera.width, camera.height)) * 2 {
                canvas.fillCircle(center: at, radius: r, theme.accuracyFill)
                var ring = Path()
                for c in Stroker.stroke(
                    Path.circlePolygon(center: at, radius: r, tolerance: 0.2), width: 1.5 * unit, closed: true
                ).contours {
                    ring.addPolygon(c)
                }
                canvas.fill(ring, theme.accuracyEdge)
            }
        }
        // Stale: grey, so a position from a while ago does not look like now.
        let fill = input.positionStale ? theme.arrowStale : theme.arrowFill
        guard let heading = input.heading else {
            // No trusted heading: a dot, never an arrow pointing somewhere we do not know.
            canvas.fillCircle(center: at + Point(x: 0, y: 1.5 * unit), radius: size * 0.62, theme.arrowShadow)
            canvas.fillCircle(center: at, radius: size * 0.62, theme.arrowOutline)
            canvas.fillCircle(center: at, radius: size * 0.45, fill)
            return
        }
        let angle = camera.arrowAngle(heading: heading.direction)
        drawCone(on: canvas, at: at, angle: angle, accuracy: heading.accuracyDegrees, radius: size * 3.2, theme: theme)
        let rad = angle.radians
        let c = cos(rad)
        let s = sin(rad)
        func place(_ p: Point, scale: Double, offset: Point = Point(x: 0, y: 0)) -> Point {
            let x = p.x * scale
            let y = p.y * scale
            return Point(x: at.x + x * c - y * s + offset.x, y: at.y + x * s + y * c + offset.y)
        }
        let shape = Path.strokeWound(UserMarkerLayer.arrowShape.map { place($0, scale: size) })
        let shadow = Path.strokeWound(
            UserMarkerLayer.arrowShape.map { place($0, scale: size, offset: Point(x: 0, y: 2 * unit)) })
        canvas.fill(Path(polygons: [shadow]) + Stroker.stroke(shadow, width: 6 * unit, closed: true), theme.arrowShadow)
        canvas.fill(Path(polygons: [shape]) + Stroker.stroke(shape, width: 5 * unit, closed: true), theme.arrowOutline)
        if heading.accuracyDegrees >= UserMarkerLayer.hollowFromDegrees {
            // A heading this rough is drawn hollow: the arrow says "about this way", the wedge says how wide.
            canvas.fill(Stroker.stroke(shape, width: 4 * unit, closed: true), fill)
        } else {
            canvas.fill(Path(polygons: [shape]), fill)
        }
    }

    /// From this heading accuracy (degrees) on, the arrow is an outline only.
    static let hollowFromDegrees = 45.0

    /// A translucent wedge as wide as the heading's uncertainty, so a rough heading looks rough.
    private func drawCone(
        on canvas: Canvas, at: Point, angle: Angle, accuracy: Double, radius: Double, theme: SceneTheme
    ) {
        let half = min(max(accuracy, 4), 90)
        var points = [at]
        let steps = 16
        for i in 0...steps {
            let a = (angle.degrees - half + 2 * half * Double(i) / Double(steps)) * .pi / 180
            points.append(Point(x: at.x + radius * sin(a), y: at.y - radius * cos(a)))
        }
        canvas.fill(Path(polygons: [points]), theme.accuracyFill)
        // Edges on both sides, so the wedge reads even on a busy map.
        for edge in [points[1], points[points.count - 1]] {
            canvas.stroke([at, edge], width: 2 * radius / 70, theme.accuracyEdge)
        }
        canvas.stroke(Array(points.dropFirst()), width: 1.5 * radius / 70, theme.accuracyEdge)
    }
}

extension Path {
    /// `polygon` turned, if needed, to wind the way the stroker's pieces wind, so a shape and its outline stroke
    /// filled together add up instead of cancelling.
    static func strokeWound(_ polygon: [Point]) -> [Point] {
        var area = 0.0
        for i in polygon.indices {
            let a = polygon[i]
            let b = polygon[(i + 1) % polygon.count]
            area += a.x * b.y - b.x * a.y
        }
        return area > 0 ? polygon.reversed() : polygon
    }

    /// Both shapes in one path (filled together, their union under the non-zero rule).
    static func + (a: Path, b: Path) -> Path {
        var p = a
        for c in b.contours { p.addPolygon(c) }
        return p
    }
}
