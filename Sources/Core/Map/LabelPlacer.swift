/// One glyph of a name set along a curved street: its pen on the baseline and how far it is turned.
public struct LabelGlyph: Sendable, Equatable {
    /// The glyph's index in the label font's metrics (the shaped run's glyphs, or the outline font's scalars).
    public var index: Int
    public var pen: Point
    public var rotationDegrees: Double
}

/// A label placed for one frame: its text, where its baseline starts on screen and how far it is turned.
public struct PlacedLabel: Sendable, Equatable {
    public var text: String
    public var kind: LabelCandidate.Kind
    public var origin: Point
    public var rotationDegrees: Double
    /// The boxes it occupies (one for upright labels, a chain along a street name).
    public var boxes: [Rect]
    /// Empty for a label drawn as one line from `origin`; else the name follows a curve, glyph by glyph.
    public var glyphs: [LabelGlyph] = []
}

/// Places labels in screen space after the map's rotation: point names upright, street names along their street
/// (straight or following a gentle curve) and never upside down, nothing overlapping, and last frame's labels
/// kept where they were on their street while they still fit (no flicker while the map turns).
public final class LabelPlacer {
    /// The font of each kind of label.
    public struct Fonts: Sendable {
        public var place: LabelFont
        public var road: LabelFont
        public var poi: LabelFont
        public init(place: LabelFont, road: LabelFont, poi: LabelFont) {
            self.place = place
            self.road = road
            self.poi = poi
        }
        /// Labels in the built-in outline font.
        public init(place: TextLayout, road: TextLayout, poi: TextLayout) {
            self.init(place: LabelFont(place), road: LabelFont(road), poi: LabelFont(poi))
        }
        /// The font labels of `kind` are set in.
        public func font(_ kind: LabelCandidate.Kind) -> LabelFont {
            switch kind {
            case .place: return place
            case .road: return road
            case .poi, .water: return poi
            }
        }
    }

    /// How far either side of vertical a street may turn before its label flips (mapbox-gl-js uses the same band).
    public static let flipHysteresisDegrees = 5.0
    /// The sharpest turn between neighbouring glyphs of a name along a curve, and the most its glyphs may turn
    /// in all: past these a name is hard to read, so the placer looks for a straighter stretch.
    public static let maxGlyphTurnDegrees = 22.5
    public static let maxLabelTurnDegrees = 45.0
    /// Extra room in pixels a new label needs from labels already placed, beyond what a kept label needs: two
    /// names that only just fit then do not take turns from frame to frame.
    public static let newLabelClearance = 3.0
    /// A major road's name that finds no free place on its line may sit just beside it, this many capital heights
    /// from the line to the name's middle: clear of a parallel street's name 20 px away (Pohjoisesplanadi beside
    /// Eteläesplanadi at zoom 15) while still reading as the road's own.
    public static let besideOffsetCapHeights = 0.75
    /// At most this many labels per frame: a glance needs few, large names.
    public var maxLabels = 40
    /// Points of interest are the least important names: at most this many per frame.
    public var maxPOIs = 8

    /// Where a label was last frame: its middle in world units (it stays there on its street or point while it
    /// can) and which way a street name read.
    private struct Kept {
        var anchor: Point
        var flipped: Bool
        /// How far beside its street a street name was set (0 on it; see `besideOffset`).
        var offset: Double
    }
    private var kept: [LabelKey: Kept] = [:]
    /// The candidates last placed from, indexed (kept while the layer passes the same list).
    private var index: LabelCandidateIndex?
    /// `kept` by the index's names (`LabelCandidateIndex.keys`), so a frame from the same list finds last
    /// frame's places without hashing a name.
    private var keptByGroup: [Kept?] = []
    /// The boxes taken this frame; kept between frames for its storage.
    private var grid = CollisionGrid(width: 1, height: 1)
    /// Text measurements by font and text: the same names recur every frame.
    private var metricsCache: [MetricsKey: LabelMetrics] = [:]
    private struct MetricsKey: Hashable {
        var font: String
        var text: String
    }

    /// Straight labels' halo and text drawn once, kept between frames for the layer that draws what this places.
    public let images = LabelImageCache()

    public init() {}

    /// The labels to draw this frame, highest priority first, none overlapping each other, `reserved` or the
    /// lines drawn over the map (`keepOff`: the route and the trail).
    public func place(
        _ candidates: [LabelCandidate], camera: Camera, fonts: Fonts, reserved: [Rect],
        keepOff lines: [LabelKeepOutLine] = [], zoom: Double
    ) -> [PlacedLabel] {
        grid.reset(width: camera.width, height: camera.height)
        grid.insert(reserved)
        for line in lines { grid.insert(line) }
        let frame = FrameGeometry(camera)
        // Taken out while it is used, so the metrics it learns are written in place, not into a copy.
        let reused = self.index?.indexes(candidates) == true
        var index = (reused ? self.index : nil) ?? LabelCandidateIndex(candidates)
        self.index = nil
        defer { self.index = index }
        index.measure(in: fonts)
        // Previous labels first, then major roads (a place name must not take the main road's only free stretch),
        // then by priority; all candidates of one name (a street's many parts) together.
        let (order, members, next, lastOf) = rankedGroups(index, frame, keptByName: reused ? keptByGroup : nil)
        var placed: [PlacedLabel] = []
        var nextKept: [LabelKey: Kept] = [:]
        var nextKeptByGroup = [Kept?](repeating: nil, count: index.keys.count)
        var pois = 0
        if metricsCache.count > 4096 { metricsCache.removeAll() }
        for (g, head) in zip(order, members) where placed.count < maxLabels {
            let key = index.keys[g]
            // The name's candidates, best first, walked along their chain.
            let group = sequence(first: head) { next[$0] >= 0 ? next[$0] : nil }
            let first = head
            let kind = candidates[first].kind
            if kind == .poi && (zoom < 16 || pois >= maxPOIs) { continue }
            let font = fonts.font(kind)
            let metrics = index.metrics[g] ?? measure(candidates[first].text, font)
            index.metrics[g] = metrics
            let last = lastOf[g]
            // Places are ranked first and set only in rank order until one is free: most never need setting.
            var tries: [Try] = []
            var paths: [LabelPath] = []
            var uprights: [Option] = []
            for i in group {
                let c = candidates[i]
                if c.kind == .road {
                    paths.append(LabelPath(c.points.map(frame.toScreen)))
                    tries += roadTries(
                        paths.count - 1, paths[paths.count - 1], frame, metrics, font.capHeight, last: last,
                        beside: c.isMajorRoad)
                } else if let o = uprightOption(c, frame, font, metrics, last: last) {
                    uprights.append(o)
                    tries.append(Try(score: o.score, isKept: o.isKept, part: -uprights.count, centre: 0, offset: 0))
                }
            }
            tries.sort { $0.score > $1.score }
            var chosen: Option?
            for t in tries {
                let o: Option
                if t.part >= 0 {
                    let path = paths[t.part]
                    guard
                        let set = along(
                            candidates[first], path, centre: t.centre, metrics, font.capHeight,
                            lastFlipped: last?.flipped, offset: t.offset)
                    else { continue }
                    o = Option(
                        label: set.label, anchor: path.point(at: t.centre), flipped: set.flipped, score: t.score,
                        isKept: t.isKept, offset: t.offset)
                } else {
                    o = uprights[-1 - t.part]
                }
                // A kept label needs only the plain gap to its neighbours, a new one a little more.
                if grid.isFree(o.label.boxes, margin: o.isKept ? 0 : Self.newLabelClearance) {
                    chosen = o
                    break
                }
            }
            guard let chosen else { continue }
            grid.insert(chosen.label.boxes, margin: 3)
            placed.append(chosen.label)
            let keep = Kept(anchor: frame.toWorld(chosen.anchor), flipped: chosen.flipped, offset: chosen.offset)
            nextKept[key] = keep
            nextKeptByGroup[g] = keep
            if kind == .poi { pois += 1 }
        }
        kept = nextKept
        keptByGroup = nextKeptByGroup
        return placed
    }

    /// The names near the screen in the order they are placed, each name's candidates in order (its first in
    /// `members`, each one's next in `next`, −1 after the last), and last frame's place of each name (from
    /// `keptByName` when last frame placed from the same index, else from `kept`): candidates
    /// ranked by (rank, priority, index), the rank 0 for a name kept from last frame and 2 for a new one, plus 1
    /// when the candidate is not a major road; a name comes where its best candidate does.
    private func rankedGroups(_ index: LabelCandidateIndex, _ frame: FrameGeometry, keptByName: [Kept?]?) -> (
        order: [Int], members: [Int], next: [Int], kept: [Kept?]
    ) {
        let count = index.candidates.count
        // Only candidates near the screen are ranked: most of the loaded tiles' names are off it.
        var visible: [Int] = []
        for i in 0..<count {
            let shows =
                index.walksPoints[i]
                ? frame.mayShow(index.candidates[i])
                : frame.mayShow(lowest: index.lowest[i], highest: index.highest[i])
            if shows { visible.append(i) }
        }
        // Last frame's place of each name near the screen, looked up once a name.
        var lastOf = keptByName ?? [Kept?](repeating: nil, count: index.keys.count)
        var lookedUp = [Bool](repeating: keptByName != nil, count: index.keys.count)
        func rank(_ i: Int) -> Int {
            let g = index.group[i]
            if !lookedUp[g] {
                lookedUp[g] = true
                lastOf[g] = kept[index.keys[g]]
            }
            return (lastOf[g] != nil ? 0 : 2) + (index.isMajorRoad[i] ? 0 : 1)
        }
        var ranked: [Int]
        if index.packsRanks {
            var words = visible.map { index.rankingKey($0, rank: rank($0)) }
            words.sort()
            ranked = words.map(LabelCandidateIndex.candidate(ofRankingKey:))
        } else {
            var ranks = [Int](repeating: 0, count: count)
            for i in visible { ranks[i] = rank(i) }
            let candidates = index.candidates
            ranked = visible.sorted { a, b in
                (ranks[a], candidates[a].priority, a) < (ranks[b], candidates[b].priority, b)
            }
        }
        // Names in the order of their best candidate; each name's candidates chained in rank order.
        var slot = [Int](repeating: -1, count: index.keys.count)
        var order: [Int] = []
        var first: [Int] = []
        var last: [Int] = []
        var next = [Int](repeating: -1, count: count)
        for i in ranked {
            let g = index.group[i]
            if slot[g] < 0 {
                slot[g] = order.count
                order.append(g)
                first.append(i)
                last.append(i)
            } else {
                next[last[slot[g]]] = i
                last[slot[g]] = i
            }
        }
        return (order, first, next, lastOf)
    }

    /// A place to try for a label, ranked before the name is set there: a window centred at `centre` on the
    /// street part `part`, or (negative `part`) the upright option `-1 - part`.
    struct Try {
        var score: Double
        var isKept: Bool
        var part: Int
        var centre: Double
        /// Beside the line by this many pixels (positive: below the name as it reads), 0 on it.
        var offset: Double
    }

    /// A way to show one label this frame, and how good it is (the kept place beats every other).
    struct Option {
        var label: PlacedLabel
        /// The label's middle on screen (on its street, or its point).
        var anchor: Point
        var flipped: Bool
        var score: Double
        var isKept: Bool
        var offset: Double = 0
    }

    private func measure(_ text: String, _ font: LabelFont) -> LabelMetrics {
        let key = MetricsKey(font: font.cacheKey, text: text)
        if let m = metricsCache[key] { return m }
        let m = font.metrics(of: text)
        metricsCache[key] = m
        return m
    }

    /// A point name, upright and centred on its point. A new one must lie wholly on screen; a kept one may hang
    /// over the edge until its middle leaves, so a name near the edge does not blink as the map turns.
    private func uprightOption(
        _ c: LabelCandidate, _ frame: FrameGeometry, _ font: LabelFont, _ metrics: LabelMetrics, last: Kept?
    ) -> Option? {
        guard let world = c.points.first else { return nil }
        let p = frame.toScreen(world)
        let w = metrics.width
        let h = font.capHeight
        let box = Rect(x: p.x - w / 2 - 2, y: p.y - h / 2 - 3, width: w + 4, height: h + 6)
        let isKept = last.map { (frame.toScreen($0.anchor) - p).length < 1 } ?? false
        let s = frame.screen
        if isKept {
            guard p.x >= 0, p.y >= 0, p.x < s.maxX, p.y < s.maxY else { return nil }
        } else {
            guard box.x >= 0, box.y >= 0, box.maxX <= s.maxX, box.maxY <= s.maxY else { return nil }
        }
        let label = PlacedLabel(
            text: c.text, kind: c.kind, origin: Point(x: p.x - w / 2, y: p.y + h / 2), rotationDegrees: 0, boxes: [box])
        return Option(label: label, anchor: p, flipped: false, score: isKept ? 1e6 : 0, isKept: isKept)
    }

    /// Every place along the street where its name fits: windows of the name's length on the parts of the line
    /// inside the screen, straight or gently curved, ranked: last frame's place first, then straight windows near
    /// the middle of the screen.
    private func roadTries(
        _ part: Int, _ path: LabelPath, _ frame: FrameGeometry, _ metrics: LabelMetrics, _ h: Double, last: Kept?,
        beside: Bool
    ) -> [Try] {
        let w = metrics.width
        // Eight pixels of line either side of the name, so it never hangs off the end of its street.
        let need = w + 16
        guard path.points.count >= 2, path.total >= w, w > 0 else { return [] }
        var centres: [(s: Double, isKept: Bool)] = []
        var keptOffset = 0.0
        if let last {
            // Last frame's place stays exactly where it was on the street (moving with the map, never sliding
            // into a neighbour) while its middle is on screen, even when the name hangs over the edge for a while.
            let near = path.nearest(to: frame.toScreen(last.anchor))
            if near.distance < 4, near.s >= w / 2, near.s <= path.total - w / 2,
                path.intervals(inside: frame.screen).contains(where: { $0.contains(near.s) })
            {
                centres.append((near.s, true))
                keptOffset = last.offset
            }
        }
        let inner = frame.screen.insetBy(8)
        for stretch in path.intervals(inside: inner) where stretch.upperBound - stretch.lowerBound >= need {
            let lo = stretch.lowerBound + need / 2
            let hi = stretch.upperBound - need / 2
            // Windows every half name (at least 24 px apart), at most 24 per stretch.
            let steps = min(24, Int(checkedTruncating: ((hi - lo) / max(24, need / 2)).rounded(.up)) ?? 0)
            if steps == 0 {
                centres.append(((lo + hi) / 2, false))
            } else {
                for k in 0...steps { centres.append((lo + (hi - lo) * Double(k) / Double(steps), false)) }
            }
        }
        let middle = Point(x: frame.screen.width / 2, y: frame.screen.height / 2)
        let d = Self.besideOffsetCapHeights * h
        return centres.flatMap { (s, isKept) -> [Try] in
            // Near the middle of the screen, and straight (one line) before curved.
            let curved = path.deviation(from: s - w / 2, to: s + w / 2) > 2
            if isKept { return [Try(score: 1e6, isKept: true, part: part, centre: s, offset: keptOffset)] }
            let score = -0.2 * (path.point(at: s) - middle).length - (curved ? 20 : 0)
            let on = Try(score: score, isKept: false, part: part, centre: s, offset: 0)
            // Beside the line only where it is straight, and after every place on it.
            guard beside, !curved else { return [on] }
            return [
                on, Try(score: score - 1e4, isKept: false, part: part, centre: s, offset: d),
                Try(score: score - 1e4, isKept: false, part: part, centre: s, offset: -d),
            ]
        }
    }

    /// The name set on the window of `path` centred at distance `centre`, reading left to right (turned half a
    /// turn when the street points left, with last frame's choice kept near vertical): one straight line when the
    /// window is within 2 px of straight, else glyph by glyph; nil when the street bends too sharply there.
    private func along(
        _ c: LabelCandidate, _ path: LabelPath, centre: Double, _ metrics: LabelMetrics, _ h: Double,
        lastFlipped: Bool?, offset: Double = 0
    ) -> (label: PlacedLabel, flipped: Bool)? {
        let w = metrics.width
        let a = centre - w / 2
        let b = centre + w / 2
        let start = path.point(at: a)
        let end = path.point(at: b)
        let chordAngle = Self.degrees(end - start)
        let nearVertical = abs(abs(chordAngle) - 90) < Self.flipHysteresisDegrees
        let flip = nearVertical ? (lastFlipped ?? (abs(chordAngle) > 90)) : abs(chordAngle) > 90
        let boxes = Self.boxes(path, from: a, to: b, h)
        if path.deviation(from: a, to: b) <= 2 {
            let dir = flip ? start - end : end - start
            let len = dir.length
            guard len > 1e-6 else { return nil }
            let ux = dir * (1 / len)
            let uy = Point(x: -ux.y, y: ux.x)
            let mid = (start + end) * 0.5
            let shift = uy * offset
            let origin = mid - ux * (w / 2) + uy * (h / 2) + shift
            let label = PlacedLabel(
                text: c.text, kind: c.kind, origin: origin, rotationDegrees: Self.degrees(ux),
                boxes: offset == 0
                    ? boxes
                    : boxes.map { Rect(x: $0.x + shift.x, y: $0.y + shift.y, width: $0.width, height: $0.height) })
            return (label, flip)
        }
        // Only a straight name is set beside its line (a curve's glyphs would bunch on its inner side).
        guard offset == 0 else { return nil }
        var glyphs: [LabelGlyph] = []
        glyphs.reserveCapacity(metrics.glyphs.count)
        var previous: Double?
        var lowest = 0.0
        var highest = 0.0
        var firstAngle: Double?
        for (i, g) in metrics.glyphs.enumerated() {
            let adv = max(g.advance, 0.5)
            let s0 = flip ? b - g.x : a + g.x
            let s1 = flip ? s0 - adv : s0 + adv
            // No sharp bend under a glyph: the line within its advance is nearly straight.
            if path.deviation(from: min(s0, s1), to: max(s0, s1)) > max(1.5, 0.2 * h) { return nil }
            let p0 = path.point(at: s0)
            let d = path.point(at: s1) - p0
            let len = d.length
            guard len > 1e-6 else { return nil }
            let ux = d * (1 / len)
            let uy = Point(x: -ux.y, y: ux.x)
            let angle = Self.degrees(ux)
            if g.advance > 0 {
                if let previous, abs(Self.difference(angle, previous)) > Self.maxGlyphTurnDegrees { return nil }
                let base = firstAngle ?? angle
                firstAngle = base
                let turn = Self.difference(angle, base)
                lowest = min(lowest, turn)
                highest = max(highest, turn)
                previous = angle
            }
            glyphs.append(LabelGlyph(index: i, pen: p0 + uy * (h / 2 + g.y), rotationDegrees: angle))
        }
        if highest - lowest > Self.maxLabelTurnDegrees { return nil }
        let origin = glyphs.first?.pen ?? start
        let rotation = Self.degrees(flip ? start - end : end - start)
        let label = PlacedLabel(
            text: c.text, kind: c.kind, origin: origin, rotationDegrees: rotation, boxes: boxes, glyphs: glyphs)
        return (label, flip)
    }

    /// A chain of squares along the line from distance `a` to `b`, one capital height and a margin wide.
    private static func boxes(_ path: LabelPath, from a: Double, to b: Double, _ h: Double) -> [Rect] {
        var boxes: [Rect] = []
        let step = h + 2
        var t = a
        while t <= b {
            let p = path.point(at: t)
            boxes.append(Rect(x: p.x - step / 2 - 1, y: p.y - step / 2 - 1, width: step + 2, height: step + 2))
            t += step * 0.8
        }
        let p = path.point(at: b)
        boxes.append(Rect(x: p.x - step / 2 - 1, y: p.y - step / 2 - 1, width: step + 2, height: step + 2))
        return boxes
    }

    /// The direction of `d` in degrees: 0 = left to right, clockwise positive (y down).
    private static func degrees(_ d: Point) -> Double { atan2(d.y, d.x) * 180 / .pi }

    /// `a − b` in degrees, in −180...180.
    private static func difference(_ a: Double, _ b: Double) -> Double {
        var d = (a - b).truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d < -180 { d += 360 }
        return d
    }
}

/// One frame's mapping between world units and the screen, and the screen's extent in world units.
struct FrameGeometry {
    let screen: Rect
    private let world: Double
    private let centre: Point
    private let cosine: Double
    private let sine: Double
    private let anchor: Point
    private let camera: Camera
    private let minX, maxX, minY, maxY: Double

    init(_ camera: Camera) {
        self.camera = camera
        screen = Rect(x: 0, y: 0, width: Double(camera.width), height: Double(camera.height))
        // World units to screen as one affine map (Camera.screenPoint recomputes the centre's projection per call).
        let size = WebMercator.worldSize(zoom: camera.zoom)
        world = size
        centre = WebMercator.worldPixel(camera.center, zoom: camera.zoom)
        let r = -camera.bearing.degrees * .pi / 180
        cosine = cos(r)
        sine = sin(r)
        anchor = camera.anchor
        // The screen's bounding box in world units, with a margin: candidates wholly outside it are skipped cheaply.
        let corners = [
            Point(x: 0, y: 0), Point(x: screen.width, y: 0), Point(x: 0, y: screen.height),
            Point(x: screen.width, y: screen.height),
        ].map { camera.worldPixel(atScreen: $0) * (1 / size) }
        let pad = 40 / size
        minX = (corners.map(\.x).min() ?? 0) - pad
        maxX = (corners.map(\.x).max() ?? 0) + pad
        minY = (corners.map(\.y).min() ?? 0) - pad
        maxY = (corners.map(\.y).max() ?? 0) + pad
    }

    func toScreen(_ p: Point) -> Point {
        let x = p.x * world - centre.x
        let y = p.y * world - centre.y
        return Point(x: anchor.x + x * cosine - y * sine, y: anchor.y + x * sine + y * cosine)
    }

    func toWorld(_ s: Point) -> Point { camera.worldPixel(atScreen: s) * (1 / world) }

    /// False when no point of `c` is near the screen.
    func mayShow(_ c: LabelCandidate) -> Bool {
        if c.kind == .road {
            // A street can cross the screen with every point off it: test its bounding box.
            return mayShow(lowest: c.lowest, highest: c.highest)
        }
        return c.points.contains { $0.x >= minX && $0.x <= maxX && $0.y >= minY && $0.y <= maxY }
    }

    /// False when the box from `lowest` to `highest` (world units) is wholly off the screen's neighbourhood.
    func mayShow(lowest: Point, highest: Point) -> Bool {
        highest.x >= minX && lowest.x <= maxX && highest.y >= minY && lowest.y <= maxY
    }
}
