/// A label placed for one frame: its text, where its baseline starts on screen and how far it is turned.
public struct PlacedLabel: Sendable, Equatable {
    public var text: String
    public var kind: LabelCandidate.Kind
    public var origin: Point
    public var rotationDegrees: Double
    /// The boxes it occupies (one for upright labels, a chain along a street name).
    public var boxes: [Rect]
}

/// Places labels in screen space after the map's rotation: point names upright, street names along their street
/// and never upside down, nothing overlapping, and last frame's labels kept where they still fit (no flicker).
public final class LabelPlacer {
    /// Text measurement for each kind of label.
    public struct Fonts {
        public var place: TextLayout
        public var road: TextLayout
        public var poi: TextLayout
        public init(place: TextLayout, road: TextLayout, poi: TextLayout) {
            self.place = place
            self.road = road
            self.poi = poi
        }
        func layout(_ kind: LabelCandidate.Kind) -> TextLayout {
            switch kind {
            case .place: return place
            case .road: return road
            case .poi, .water: return poi
            }
        }
    }

    /// How far either side of vertical a street may turn before its label flips (mapbox-gl-js uses the same band).
    public static let flipHysteresisDegrees = 5.0
    /// At most this many labels per frame: a glance needs few, large names.
    public var maxLabels = 40
    /// Points of interest are the least important names: at most this many per frame.
    public var maxPOIs = 8
    private var lastPlaced: Set<String> = []
    /// Where each street name's middle was last frame, in world units: the label stays there while it can.
    private var lastCentres: [String: Point] = [:]
    /// Text widths by size and text: measuring walks the font's tables, and the same names recur every frame.
    private var widths: [String: Double] = [:]
    private var flipped: [String: Bool] = [:]

    public init() {}

    /// The labels to draw this frame, highest priority first, none overlapping each other or `reserved`.
    public func place(
        _ candidates: [LabelCandidate], camera: Camera, fonts: Fonts, reserved: [Rect], zoom: Double
    ) -> [PlacedLabel] {
        var grid = CollisionGrid(width: camera.width, height: camera.height)
        grid.insert(reserved)
        // World units to screen as one affine map (Camera.screenPoint recomputes the centre's projection per call).
        let world = WebMercator.worldSize(zoom: camera.zoom)
        let centre = WebMercator.worldPixel(camera.center, zoom: camera.zoom)
        let r = -camera.bearing.degrees * .pi / 180
        let cr = cos(r)
        let sr = sin(r)
        let anchor = camera.anchor
        let toScreen = { (p: Point) -> Point in
            let x = p.x * world - centre.x
            let y = p.y * world - centre.y
            return Point(x: anchor.x + x * cr - y * sr, y: anchor.y + x * sr + y * cr)
        }
        let screen = Rect(x: 0, y: 0, width: Double(camera.width), height: Double(camera.height))
        // Previous labels first, then by priority; the same name is placed once.
        let ranked = candidates.enumerated().map { (i, c) in (lastPlaced.contains(c.key) ? 0 : 1, c.priority, i) }
        let sorted = ranked.sorted { a, b in (a.0, a.1, a.2) < (b.0, b.1, b.2) }.map { candidates[$0.2] }
        var placed: [PlacedLabel] = []
        var seen: Set<String> = []
        var nextFlipped: [String: Bool] = [:]
        var nextCentres: [String: Point] = [:]
        let toWorld = { (s: Point) -> Point in camera.worldPixel(atScreen: s) * (1 / world) }
        var pois = 0
        // The screen's bounding box in world units, with a margin: candidates wholly outside it are skipped cheaply.
        let corners = [
            Point(x: 0, y: 0), Point(x: screen.width, y: 0), Point(x: 0, y: screen.height),
            Point(x: screen.width, y: screen.height),
        ].map { camera.worldPixel(atScreen: $0) * (1 / world) }
        let pad = 40 / world
        let minX = corners.map(\.x).min()! - pad
        let maxX = corners.map(\.x).max()! + pad
        let minY = corners.map(\.y).min()! - pad
        let maxY = corners.map(\.y).max()! + pad
        if widths.count > 4096 { widths.removeAll() }
        for c in sorted where placed.count < maxLabels && !seen.contains(c.key) {
            if c.kind == .poi && (zoom < 16 || pois >= maxPOIs) { continue }
            if !c.points.contains(where: { $0.x >= minX && $0.x <= maxX && $0.y >= minY && $0.y <= maxY }) { continue }
            let layout = fonts.layout(c.kind)
            let label: PlacedLabel?
            if c.kind == .road {
                // Every stretch of the street is tried, best first, until one is free.
                let options = placementsAlongLine(
                    c, c.points.map(toScreen), layout, screen: screen, last: lastCentres[c.key].map(toScreen))
                guard let chosen = options.first(where: { grid.isFree($0.label.boxes) }) else { continue }
                nextFlipped[c.key] = chosen.flip
                nextCentres[c.key] = toWorld(chosen.centre)
                label = chosen.label
            } else {
                label = placeUpright(c, toScreen(c.points[0]), layout, screen: screen)
            }
            guard let label, grid.isFree(label.boxes) else { continue }
            grid.insert(label.boxes.map { $0.insetBy(-3) })
            placed.append(label)
            seen.insert(c.key)
            if c.kind == .poi { pois += 1 }
        }
        lastPlaced = seen
        flipped = nextFlipped
        lastCentres = nextCentres
        return placed
    }

    private func width(_ text: String, _ layout: TextLayout) -> Double {
        let key = "\(layout.size)|\(text)"
        if let w = widths[key] { return w }
        let w = layout.width(of: text)
        widths[key] = w
        return w
    }

    private func placeUpright(_ c: LabelCandidate, _ p: Point, _ layout: TextLayout, screen: Rect) -> PlacedLabel? {
        let w = width(c.text, layout)
        let h = layout.capHeight
        let box = Rect(x: p.x - w / 2 - 2, y: p.y - h / 2 - 3, width: w + 4, height: h + 6)
        guard box.x >= 0, box.y >= 0, box.maxX <= screen.maxX, box.maxY <= screen.maxY else { return nil }
        return PlacedLabel(
            text: c.text, kind: c.kind, origin: Point(x: p.x - w / 2, y: p.y + h / 2), rotationDegrees: 0, boxes: [box])
    }

    /// Every nearly straight stretch of the street long enough for the name, clipped to the screen, best first:
    /// the one that holds last frame's label (which then stays where it was on the street, moving with the map),
    /// then long stretches near the middle of the screen. The caller takes the first that is free.
    private func placementsAlongLine(
        _ c: LabelCandidate, _ pts: [Point], _ layout: TextLayout, screen: Rect, last: Point?
    ) -> [(label: PlacedLabel, flip: Bool, centre: Point)] {
        let w = width(c.text, layout)
        let need = w + 16
        let inner = screen.insetBy(8)
        let centre = Point(x: screen.width / 2, y: screen.height / 2)
        var options: [(start: Point, end: Point, mid: Point, score: Double)] = []
        var i = 0
        while i < pts.count - 1 {
            // Grow a stretch from i while it stays within 2 px of its chord (at most 64 points: isStraight is
            // linear in the stretch).
            var j = i + 1
            while j + 1 < pts.count, j - i < 64, Self.isStraight(pts, i, j + 1) { j += 1 }
            if let (a, b) = Self.clip(pts[i], pts[j], to: inner) {
                let chord = (b - a).length
                if chord >= need {
                    let u = (b - a) * (1 / chord)
                    var mid = (a + b) * 0.5
                    var score = chord - 0.2 * (mid - centre).length
                    if let last {
                        // Last frame's middle, when it lies on this stretch, stays (clamped so the name fits).
                        let t = (last - a).x * u.x + (last - a).y * u.y
                        let off = last - (a + u * t)
                        if off.length < 4, t >= -need / 2, t <= chord + need / 2 {
                            mid = a + u * min(max(t, need / 2), chord - need / 2)
                            score += 1e6
                        }
                    }
                    options.append((a, b, mid, score))
                }
            }
            i = j
        }
        return options.sorted { $0.score > $1.score }.map { o in
            let (label, flip) = along(c, from: o.start, to: o.end, at: o.mid, width: w, layout)
            return (label, flip, o.mid)
        }
    }

    /// The name set along the line from `start` to `end`, centred at `mid`, upright (turned half a turn when the
    /// line points left, with last frame's choice kept near vertical).
    private func along(
        _ c: LabelCandidate, from start: Point, to end: Point, at mid: Point, width w: Double, _ layout: TextLayout
    ) -> (PlacedLabel, Bool) {
        var dir = end - start
        var angle = atan2(dir.y, dir.x) * 180 / .pi  // 0 = left to right, clockwise positive (y down)
        let nearVertical = abs(abs(angle) - 90) < Self.flipHysteresisDegrees
        let flip = nearVertical ? (flipped[c.key] ?? (abs(angle) > 90)) : abs(angle) > 90
        if flip {
            dir = dir * -1
            angle = angle > 0 ? angle - 180 : angle + 180
        }
        let len = dir.length
        let ux = Point(x: dir.x / len, y: dir.y / len)
        let uy = Point(x: -ux.y, y: ux.x)
        let h = layout.capHeight
        let origin = mid - ux * (w / 2) + uy * (h / 2)
        // A chain of squares along the text for collisions.
        var boxes: [Rect] = []
        let step = h + 2
        var t = -w / 2
        while t <= w / 2 {
            let p = mid + ux * t
            boxes.append(Rect(x: p.x - step / 2 - 1, y: p.y - step / 2 - 1, width: step + 2, height: step + 2))
            t += step * 0.8
        }
        return (PlacedLabel(text: c.text, kind: c.kind, origin: origin, rotationDegrees: angle, boxes: boxes), flip)
    }

    /// The part of the segment from `a` to `b` inside `r` (Liang–Barsky), nil when none is.
    static func clip(_ a: Point, _ b: Point, to r: Rect) -> (Point, Point)? {
        let d = b - a
        var t0 = 0.0
        var t1 = 1.0
        for (p, q) in [(-d.x, a.x - r.x), (d.x, r.maxX - a.x), (-d.y, a.y - r.y), (d.y, r.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let t = q / p
                if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
                if t0 > t1 { return nil }
            }
        }
        return (a + d * t0, a + d * t1)
    }

    private static func contains(_ r: Rect, _ p: Point) -> Bool {
        p.x >= r.x && p.x <= r.maxX && p.y >= r.y && p.y <= r.maxY
    }

    /// True when every point from i to j lies within 2 px of the chord from i to j.
    private static func isStraight(_ pts: [Point], _ i: Int, _ j: Int) -> Bool {
        let a = pts[i]
        let b = pts[j]
        let d = b - a
        let len = d.length
        guard len > 1e-6 else { return true }
        for k in (i + 1)..<j {
            let v = pts[k] - a
            if abs(v.x * d.y - v.y * d.x) / len > 2 { return false }
        }
        return true
    }
}
