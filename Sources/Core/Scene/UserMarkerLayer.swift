/// The user's position: an arrow when the heading is trusted, a dot when it is not, with the accuracy ring of the
/// position and a cone showing how uncertain the heading is.
struct UserMarkerLayer {
    /// The arrow outline pointing up, in units of its half-length (tip at y = −1).
    static let arrowShape: [Point] = [
        Point(x: 0, y: -1), Point(x: 0.74, y: 0.86), Point(x: 0, y: 0.46), Point(x: -0.74, y: 0.86),
    ]

    /// What the marker shows, rounded as `FrameSignature` rounds it (a frame is drawn only when one of these
    /// changes, so drawing from them shows what the frame was drawn for): the arrow's angle in half degrees, the
    /// cone's width in whole degrees, the accuracy ring's radius in whole pixels. Equal looks draw equal pixels,
    /// so the scene keeps the drawn marker as a layer while its look holds (`Scene.render`).
    struct Look: Hashable {
        /// Where the user is on screen (the camera's anchor).
        var at: Point
        /// The accuracy ring's radius in pixels; nil when no ring is drawn.
        var ringRadius: Int?
        var stale: Bool
        /// The arrow's angle on screen in half degrees and the heading's accuracy in degrees; nil draws the dot.
        var arrowHalfDegrees: Int?
        var accuracyDegrees: Int

        /// The look of `input`'s marker; nil when the position is unknown (nothing is drawn).
        init?(_ input: SceneInput, unit: Double) {
            guard input.positionKnown else { return nil }
            func whole(_ v: Double) -> Int? { Int(checkedRounding: v) }
            let camera = input.camera
            at = camera.anchor
            ringRadius = nil
            let size = 22 * unit
            if let err = input.positionErrorMetres, err.isFinite, err > 0 {
                let r = err / WebMercator.metresPerPixel(latitude: camera.center.latitude, zoom: camera.zoom)
                if r > size * 0.9 && r < Double(max(camera.width, camera.height)) * 2 { ringRadius = whole(r) }
            }
            stale = input.positionStale
            arrowHalfDegrees = input.arrowHalfDegrees
            // The widest cone and the hollow arrow for an accuracy that is not a number.
            accuracyDegrees = input.coneAccuracyDegrees ?? 0
        }
    }

    func draw(on canvas: Canvas, input: SceneInput, theme: SceneTheme, unit: Double) {
        guard let look = Look(input, unit: unit) else { return }
        draw(look, on: canvas, theme: theme, unit: unit)
    }

    /// The pixels `look` can touch: the cone, the arrow with its shadow, the dot, the ring (with a pixel of margin
    /// for anti-aliasing and strokes).
    static func bounds(_ look: Look, unit: Double) -> Rect {
        let at = look.at
        // The arrow (its points lie within 1.14 half-lengths of `at`) or the dot, with the shadow's stroke (3
        // units each side) and the shadow 2 units lower.
        let arrow = 22 * unit * 1.14 + 3 * unit + 2
        var minX = at.x - arrow
        var maxX = at.x + arrow
        var minY = at.y - arrow
        var maxY = at.y + arrow + 2 * unit
        func include(_ p: Point, _ pad: Double) {
            (minX, maxX) = (min(minX, p.x - pad), max(maxX, p.x + pad))
            (minY, maxY) = (min(minY, p.y - pad), max(maxY, p.y + pad))
        }
        if let r = look.ringRadius {
            let reach = Double(r) + 2 * unit + 2
            include(Point(x: at.x - reach, y: at.y - reach), 0)
            include(Point(x: at.x + reach, y: at.y + reach), 0)
        }
        if let halfDegrees = look.arrowHalfDegrees {
            // Only the wedge's corners: a narrow heading's cone is a small part of the circle it could sweep, and
            // the marker's layer is drawn and encoded whenever the heading turns half a degree.
            let radius = coneRadius(unit: unit)
            for p in conePoints(
                at: at, angle: Angle(Double(halfDegrees) / 2), accuracy: Double(look.accuracyDegrees), radius: radius)
            {
                include(p, radius / 70 + 2)
            }
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    func draw(_ look: Look, on canvas: Canvas, theme: SceneTheme, unit: Double) {
        let at = look.at
        let size = 22 * unit
        if let r = look.ringRadius.map(Double.init) {
            canvas.fillCircle(center: at, radius: r, theme.accuracyFill)
            var ring = Path()
            for c in Stroker.stroke(
                Path.circlePolygon(center: at, radius: r, tolerance: 0.2), width: 1.5 * unit, closed: true
            ).contours {
                ring.addPolygon(c)
            }
            canvas.fill(ring, theme.accuracyEdge)
        }
        // Stale: grey, so a position from a while ago does not look like now.
        let fill = look.stale ? theme.arrowStale : theme.arrowFill
        guard let halfDegrees = look.arrowHalfDegrees else {
            // No trusted heading: a dot, never an arrow pointing somewhere we do not know.
            canvas.fillCircle(center: at + Point(x: 0, y: 1.5 * unit), radius: size * 0.62, theme.arrowShadow)
            canvas.fillCircle(center: at, radius: size * 0.62, theme.arrowOutline)
            canvas.fillCircle(center: at, radius: size * 0.45, fill)
            return
        }
        let angle = Angle(Double(halfDegrees) / 2)
        let accuracy = Double(look.accuracyDegrees)
        drawCone(
            on: canvas, at: at, angle: angle, accuracy: accuracy, radius: Self.coneRadius(unit: unit), theme: theme)
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
        if accuracy >= UserMarkerLayer.hollowFromDegrees {
            // A heading this rough is drawn hollow: the arrow says "about this way", the wedge says how wide.
            canvas.fill(Stroker.stroke(shape, width: 4 * unit, closed: true), fill)
        } else {
            canvas.fill(Path(polygons: [shape]), fill)
        }
    }

    /// How far the heading's cone reaches from the user, in pixels.
    static func coneRadius(unit: Double) -> Double { 22 * unit * 3.2 }

    /// From this heading accuracy (degrees) on, the arrow is an outline only.
    static let hollowFromDegrees = 45.0

    /// The heading cone's outline: the user, then the arc `radius` out from `angle` − `accuracy` to `angle` +
    /// `accuracy` (at least 4°, at most 90° each side) in 16 steps.
    static func conePoints(at: Point, angle: Angle, accuracy: Double, radius: Double) -> [Point] {
        let half = min(max(accuracy, 4), 90)
        var points = [at]
        let steps = 16
        for i in 0...steps {
            let a = (angle.degrees - half + 2 * half * Double(i) / Double(steps)) * .pi / 180
            points.append(Point(x: at.x + radius * sin(a), y: at.y - radius * cos(a)))
        }
        return points
    }

    /// A translucent wedge as wide as the heading's uncertainty, so a rough heading looks rough.
    private func drawCone(
        on canvas: Canvas, at: Point, angle: Angle, accuracy: Double, radius: Double, theme: SceneTheme
    ) {
        let points = Self.conePoints(at: at, angle: angle, accuracy: accuracy, radius: radius)
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
