import Foundation

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
                let pts = c.points.map(toScreen)
                label = placeAlongLine(c, pts, layout, screen: screen, nextFlipped: &nextFlipped)
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

    /// Finds a nearly straight stretch of the street on screen long enough for the name and sets it along it.
    private func placeAlongLine(
        _ c: LabelCandidate, _ pts: [Point], _ layout: TextLayout, screen: Rect, nextFlipped: inout [String: Bool]
    ) -> PlacedLabel? {
        let w = width(c.text, layout)
        let need = w + 16
        let inner = screen.insetBy(8)
        var best: (start: Point, end: Point, score: Double)?
        var i = 0
        while i < pts.count - 1 {
            // Grow a stretch from i while it stays within 2 px of its chord and on screen.
            var j = i + 1
            var length = (pts[j] - pts[i]).length
            while j + 1 < pts.count, length < need * 1.5, Self.isStraight(pts, i, j + 1) {
                length += (pts[j + 1] - pts[j]).length
                j += 1
            }
            let a = pts[i]
            let b = pts[j]
            let chord = (b - a).length
            if chord >= need, Self.contains(inner, a), Self.contains(inner, b) {
                let mid = (a + b) * 0.5
                let centre = Point(x: screen.width / 2, y: screen.height / 2)
                let score = chord - 0.2 * (mid - centre).length
                if best == nil || score > best!.score { best = (a, b, score) }
            }
            i = j
        }
        guard let stretch = best else { return nil }
        var dir = stretch.end - stretch.start
        var angle = atan2(dir.y, dir.x) * 180 / .pi  // 0 = left to right, clockwise positive (y down)
        // Upside down when pointing left; within the band around vertical keep last frame's choice.
        let nearVertical = abs(abs(angle) - 90) < Self.flipHysteresisDegrees
        let flip = nearVertical ? (flipped[c.key] ?? (abs(angle) > 90)) : abs(angle) > 90
        nextFlipped[c.key] = flip
        if flip {
            dir = dir * -1
            angle = angle > 0 ? angle - 180 : angle + 180
        }
        let len = dir.length
        let ux = Point(x: dir.x / len, y: dir.y / len)
        let uy = Point(x: -ux.y, y: ux.x)
        let mid = (stretch.start + stretch.end) * 0.5
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
        return PlacedLabel(text: c.text, kind: c.kind, origin: origin, rotationDegrees: angle, boxes: boxes)
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
