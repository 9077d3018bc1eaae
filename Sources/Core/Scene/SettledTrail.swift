/// The trail's settled part, every point but the last, kept as a layer that moves with the map; only the
/// segment from the last settled point to the drawn position, which moves every frame, is stroked every frame.
///
/// Why: the trail's two translucent strokes were a fifth of a frame's instructions, every frame, for a line that
/// between fixes only moves with the map, and the map moves in whole pixels (`Camera.snappedToScreenPixels`).
/// The layer is drawn again when a fix adds a point, when the map turns or zooms, and when a move brings part of
/// the trail into view that the layer does not hold. While the map turns the trail is stroked directly instead,
/// as is a camera not on the pixel grid: a layer drawn every frame would cost twice a stroke.
///
/// A turn is told by the camera, not by one frame: the layer is drawn only once the map has held its zoom and
/// bearing (moving by whole pixels) from one frame to the next twice in a row (`steadyFramesBeforeLayer`).
/// Through a turn at 20 frames a second the map's bearing moves in steps of its dead band about every other
/// frame, so a layer drawn on the first frame that held was thrown away on the next: in the bundled ride's
/// U-turn 60 layers were drawn for 6 frames that moved one, 13 % of the turn's instructions (docs/benchmarks.md,
/// twenty-eighth pass).
///
/// The two parts meet without overlapping: the settled stroke has no cap at its last point, and the live segment
/// starts there with the joint's round piece (`Stroker.join`), so no translucent pixel is blended twice except
/// in the sliver where the two quads overlap on a turn's inner side.
struct SettledTrail {
    /// Everything the layer's pixels depend on but where the map has moved it.
    private struct Key: Equatable {
        var casing: Color
        var line: Color
        var unit: Double
        var zoom: Double
        var bearing: Double
        /// A slice of the frame's trail, sharing its storage: no copy of up to 600 points a frame.
        var settled: ArraySlice<GeoCoordinate>
    }

    private struct Layer {
        var key: Key
        /// Where the first settled point was on screen when the layer was drawn, and the pixels it held then.
        var firstPoint: Point
        var rect: PixelRect
        var pixels: HUDLayerPixels
    }

    /// What a frame draws: the layer moved by whole pixels, and the segment to the drawn position. When that is
    /// within a pixel of the last settled point, `to` is nil and the live part is only the round cap the settled
    /// stroke leaves off there.
    struct Plan {
        var dx: Int
        var dy: Int
        var live: (from: Point, joint: Point, to: Point?)
    }

    private var layer: Layer?
    /// The last frame's camera.
    private var last: Camera?
    /// How many frames in a row the map has held its zoom, bearing and anchor and moved by whole pixels from the
    /// frame before (0: this frame did not).
    private var steadyFrames = 0
    /// A layer is drawn only after this many steady frames in a row: one more than the turn's every-other-frame.
    static let steadyFramesBeforeLayer = 2
    /// Layers drawn and frames that moved one instead (for the benchmarks and tests).
    private(set) var redrawn = 0
    private(set) var reused = 0

    mutating func removeAll() {
        layer = nil
        last = nil
        steadyFrames = 0
    }

    /// Makes sure the layer holds `trail` less its last point for `camera` (`onScreen`: the trail as that
    /// camera shows it), drawing it on `canvas` (scratch space: before the map is drawn) if not; nil when the
    /// trail is to be stroked directly this frame.
    mutating func prepare(
        trail: [GeoCoordinate], onScreen: TrailLayer.OnScreen, camera: Camera, theme: SceneTheme, unit: Double,
        on canvas: Canvas
    ) -> Plan? {
        guard trail.count >= 3 else {
            removeAll()
            return nil
        }
        let settled = Array(onScreen.settled)
        guard settled.count >= 2 else {
            removeAll()
            return nil
        }
        steadyFrames = Self.steady(from: last, to: camera) ? steadyFrames + 1 : 0
        last = camera
        let current = camera.screenPoint(of: trail[trail.count - 1])
        let joint = settled[settled.count - 1]
        let live = (from: settled[settled.count - 2], joint: joint, to: (current - joint).length < 1 ? nil : current)
        let key = Key(
            casing: theme.trailCasing, line: theme.trail, unit: unit, zoom: camera.zoom,
            bearing: camera.bearing.degrees, settled: trail.dropLast())
        let margin = TrailLayer.casingWidth * unit / 2 + 2
        let bounds = Self.bounds(of: settled, margin: margin)
        if let layer, layer.key == key, let (dx, dy) = Self.wholePixels(settled[0] - layer.firstPoint),
            Self.holds(layer.rect, movedBy: dx, dy, bounds, width: canvas.width, height: canvas.height)
        {
            reused += 1
            return Plan(dx: dx, dy: dy, live: live)
        }
        layer = nil
        guard steadyFrames >= Self.steadyFramesBeforeLayer,
            let rect = HUDLayerCache.pixelBounds(bounds, width: canvas.width, height: canvas.height)
        else { return nil }
        redrawn += 1
        let pixels = HUDLayerCache.layerPixels(in: rect, on: canvas) { c in
            c.fill(Self.settledStroke(settled, width: TrailLayer.casingWidth * unit), theme.trailCasing)
            c.fill(Self.settledStroke(settled, width: TrailLayer.lineWidth * unit), theme.trail)
        }
        layer = Layer(key: key, firstPoint: settled[0], rect: rect, pixels: pixels)
        return Plan(dx: 0, dy: 0, live: live)
    }

    /// Draws the frame's trail as `plan` says: the live segment's casing, the layer, the live segment's line; the
    /// layer only `within` a box when one is given (the live segment's, `liveBounds`: the scene composes the rest
    /// of the layer as the frame is copied out).
    func draw(_ plan: Plan, on canvas: Canvas, theme: SceneTheme, unit: Double, within box: PixelRect? = nil) {
        let casing = TrailLayer.casingWidth * unit
        let line = TrailLayer.lineWidth * unit
        canvas.fill(Self.liveStroke(plan.live, width: casing), theme.trailCasing)
        if let layer {
            let (x, y) = (layer.rect.x + plan.dx, layer.rect.y + plan.dy)
            if let box {
                let w = canvas.width
                canvas.frame.pixels.withUnsafeMutableBufferPointer { pixels in
                    layer.pixels.composite(
                        into: pixels.baseAddress! + box.y * w, width: w, rows: box.y..<(box.y + box.height),
                        columns: box.x..<(box.x + box.width), x: x, y: y)
                }
            } else {
                layer.pixels.composite(into: &canvas.frame, x: x, y: y)
            }
        }
        canvas.fill(Self.liveStroke(plan.live, width: line), theme.trail)
    }

    /// The layer where `plan` moves it, as a composed frame's (none when the layer is empty).
    func composedLayers(_ plan: Plan) -> [ComposedFrame.Layer] {
        guard let layer else { return [] }
        return [.spans(layer.pixels, x: layer.rect.x + plan.dx, y: layer.rect.y + plan.dy)]
    }

    /// The pixels of a `width`×`height` frame the live segment of `plan` may touch: its casing's round pieces and
    /// quad lie within half the casing's width of the joint and of its end. Nil when none is on screen.
    static func liveBounds(_ plan: Plan, unit: Double, width: Int, height: Int) -> PixelRect? {
        let r = TrailLayer.casingWidth * unit / 2
        let a = plan.live.joint
        let b = plan.live.to ?? a
        let box = Rect(
            x: min(a.x, b.x) - r, y: min(a.y, b.y) - r, width: abs(a.x - b.x) + 2 * r, height: abs(a.y - b.y) + 2 * r)
        return HUDLayerCache.pixelBounds(box, width: width, height: height)
    }

    /// The settled points stroked with a round cap at the first only: the live segment goes on from the last.
    static func settledStroke(_ points: [Point], width: Double) -> Path {
        var path = Stroker.stroke(points, width: width, roundCaps: false)
        if Stroker.hasRoundCaps(radius: width / 2) { path.addCircle(center: points[0], radius: width / 2) }
        return path
    }

    /// The segment from `joint` to `to`, with the joint's round piece (the line arrived at it from `from`) and a
    /// round cap at its end; without `to`, the round cap at `joint` alone, the half disc beyond the settled
    /// stroke's last quad.
    static func liveStroke(_ live: (from: Point, joint: Point, to: Point?), width: Double) -> Path {
        let r = width / 2
        guard let to = live.to else {
            var path = Path()
            let arrived = live.joint - live.from
            let length = arrived.length
            guard Stroker.hasRoundCaps(radius: r), length > 1e-9 else { return path }
            let u = arrived * (1 / length)
            // A half turn's round piece is the half disc beyond the quad's end.
            path.addPolygon(
                Stroker.joinPiece(at: live.joint, from: u, to: u * -1, radius: r, tolerance: path.tolerance))
            return path
        }
        var path = Stroker.stroke([live.joint, to], width: width, roundCaps: false)
        if let piece = Stroker.join(from: live.from, at: live.joint, to: to, radius: r, tolerance: path.tolerance) {
            path.addPolygon(piece)
        }
        if Stroker.hasRoundCaps(radius: r) { path.addCircle(center: to, radius: r) }
        return path
    }

    /// Whether the map held its zoom, bearing and anchor from `previous` to `camera` and moved by whole pixels.
    private static func steady(from previous: Camera?, to camera: Camera) -> Bool {
        guard let previous else { return false }
        return previous.zoom == camera.zoom && previous.bearing == camera.bearing && previous.anchor == camera.anchor
            && wholePixels(camera.screenPoint(of: previous.center) - previous.anchor) != nil
    }

    /// The box around `points` grown by `margin`.
    private static func bounds(of points: [Point], margin: Double) -> Rect {
        var (x0, y0, x1, y1) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for p in points {
            (x0, y0) = (min(x0, p.x), min(y0, p.y))
            (x1, y1) = (max(x1, p.x), max(y1, p.y))
        }
        return Rect(x: x0 - margin, y: y0 - margin, width: x1 - x0 + 2 * margin, height: y1 - y0 + 2 * margin)
    }

    /// `d` as whole pixels, nil when it is not (to a millionth of a pixel) or not a number.
    private static func wholePixels(_ d: Point) -> (Int, Int)? {
        let (x, y) = (d.x.rounded(), d.y.rounded())
        guard abs(d.x - x) < 1e-6, abs(d.y - y) < 1e-6, abs(x) < 1e6, abs(y) < 1e6 else { return nil }
        return (Int(x), Int(y))
    }

    /// Whether the pixels of `rect` moved by (`dx`, `dy`) hold every on-screen pixel of `bounds`.
    private static func holds(_ rect: PixelRect, movedBy dx: Int, _ dy: Int, _ bounds: Rect, width: Int, height: Int)
        -> Bool
    {
        guard let needed = HUDLayerCache.pixelBounds(bounds, width: width, height: height) else { return true }
        return rect.x + dx <= needed.x && rect.y + dy <= needed.y
            && rect.x + dx + rect.width >= needed.x + needed.width
            && rect.y + dy + rect.height >= needed.y + needed.height
    }
}
