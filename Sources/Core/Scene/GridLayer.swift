/// Latitude and longitude lines with upright labels: a reference frame on screens without a map.
struct GridLayer {
    /// Lines are placed at "nice" spacings (1, 2, 5 × 10^n degrees) about this many pixels apart.
    static let targetSpacingPixels = 170.0

    /// Draws the lines and the labels that keep clear of `reserved`; returns the boxes of the labels drawn.
    @discardableResult
    func draw(on canvas: Canvas, camera: Camera, theme: SceneTheme, font: TextLayout, avoid reserved: [Rect]) -> [Rect]
    {
        let corners = [
            Point(x: 0, y: 0), Point(x: Double(camera.width), y: 0),
            Point(x: 0, y: Double(camera.height)), Point(x: Double(camera.width), y: Double(camera.height)),
        ].map { camera.coordinate(atScreen: $0) }
        let lats = corners.map(\.latitude)
        let lons = corners.map(\.longitude)
        guard let latMin = lats.min(), let latMax = lats.max(), let lonMin = lons.min(), let lonMax = lons.max() else {
            return []
        }

        let pixelsPerDegreeLon = WebMercator.worldSize(zoom: camera.zoom) / 360
        let pixelsPerDegreeLat = pixelsPerDegreeLon / max(cos(camera.center.latitude * .pi / 180), 0.01)
        let lonStep = GridLayer.niceStep(GridLayer.targetSpacingPixels / pixelsPerDegreeLon)
        let latStep = GridLayer.niceStep(GridLayer.targetSpacingPixels / pixelsPerDegreeLat)

        var labels: [(text: String, at: Point)] = []
        var lines = Path()
        for lon in GridLayer.values(from: lonMin, to: lonMax, step: lonStep) {
            let a = camera.screenPoint(of: GeoCoordinate(latitude: latMin, longitude: lon))
            let b = camera.screenPoint(of: GeoCoordinate(latitude: latMax, longitude: lon))
            addLine(a, b, to: &lines)
            if let p = labelPoint(a, b, camera) {
                labels.append((GridLayer.label(lon, step: lonStep, positive: "E", negative: "W"), p))
            }
        }
        for lat in GridLayer.values(from: latMin, to: latMax, step: latStep) {
            let a = camera.screenPoint(of: GeoCoordinate(latitude: lat, longitude: lonMin))
            let b = camera.screenPoint(of: GeoCoordinate(latitude: lat, longitude: lonMax))
            addLine(a, b, to: &lines)
            if let p = labelPoint(a, b, camera) {
                labels.append((GridLayer.label(lat, step: latStep, positive: "N", negative: "S"), p))
            }
        }
        canvas.fill(lines, theme.gridLine)

        var placed: [Rect] = reserved
        for label in labels {
            let w = font.width(of: label.text)
            let box = Rect(
                x: label.at.x - w / 2 - 3, y: label.at.y - font.capHeight / 2 - 3, width: w + 6,
                height: font.capHeight + 6)
            guard !placed.contains(where: { $0.intersects(box) }) else { continue }
            placed.append(box)
            canvas.text(
                label.text, at: Point(x: label.at.x - w / 2, y: label.at.y + font.capHeight / 2), layout: font,
                theme.gridLabel, halo: theme.gridLabelHalo, haloWidth: 2.5)
        }
        return Array(placed.dropFirst(reserved.count))
    }

    private func addLine(_ a: Point, _ b: Point, to path: inout Path) {
        for c in Stroker.stroke([a, b], width: 1.2, roundCaps: false).contours { path.addPolygon(c) }
    }

    /// A point on the visible part of segment a–b, a fifth of the way along, for the line's label.
    private func labelPoint(_ a: Point, _ b: Point, _ camera: Camera) -> Point? {
        let margin = 24.0
        let box = Rect(
            x: margin, y: margin, width: Double(camera.width) - 2 * margin, height: Double(camera.height) - 2 * margin)
        guard let (p, q) = GridLayer.clip(a, b, to: box) else { return nil }
        return p + (q - p) * 0.2
    }

    /// Liang–Barsky clipping of a segment to a rectangle.
    static func clip(_ a: Point, _ b: Point, to r: Rect) -> (Point, Point)? {
        var t0 = 0.0
        var t1 = 1.0
        let d = b - a
        for (p, q) in [(-d.x, a.x - r.x), (d.x, r.maxX - a.x), (-d.y, a.y - r.y), (d.y, r.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let t = q / p
                if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
            }
        }
        guard t0 < t1 else { return nil }
        return (a + d * t0, a + d * t1)
    }

    /// The smallest of 1, 2, 5 × 10^n that is at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        let exponent = floor(log10(raw))
        let base = pow(10, exponent)
        for m in [1.0, 2.0, 5.0, 10.0] where m * base >= raw { return m * base }
        return 10 * base
    }

    static func values(from lo: Double, to hi: Double, step: Double) -> [Double] {
        let first = (lo / step).rounded(.up)
        let last = (hi / step).rounded(.down)
        guard last >= first, last - first < 200 else { return [] }
        return stride(from: first, through: last, by: 1).map { $0 * step }
    }

    static func label(_ value: Double, step: Double, positive: String, negative: String) -> String {
        let digits = max(0, Int(-floor(log10(step)).rounded()))
        return formatFixed(abs(value), digits: digits) + "°" + (value >= 0 ? positive : negative)
    }
}
