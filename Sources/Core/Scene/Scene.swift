/// Something that draws the map under everything else (the offline map layer, or nothing but a grid).
public protocol MapLayer: AnyObject {
    /// Draws the map (and its labels, upright, keeping clear of `reserved`) for `camera` onto `canvas`.
    func draw(on canvas: Canvas, camera: Camera, reserved: [Rect])
    /// The same, with the panel's physics to size text by (labels at ISO 15008's capital heights).
    func draw(on canvas: Canvas, camera: Camera, reserved: [Rect], physics: ScreenPhysics)
    /// The same, the labels also kept off `lines` (the route and the trail, drawn over the map after it).
    func draw(
        on canvas: Canvas, camera: Camera, reserved: [Rect], keepOff lines: [LabelKeepOutLine], physics: ScreenPhysics)
    /// A number that changes whenever the layer could draw something new for the same camera (a tile arrived),
    /// so the loop knows to redraw a frame it would otherwise skip.
    var revision: Int { get }
    /// The name of the road at `position` (heading along `course`, when known) from the map's data, for the
    /// current-street bar; nil when the map has no names or none is near.
    func currentStreet(at position: GeoCoordinate, course: Angle?) -> String?
    /// Whether the map's credit line has a place at its full size on a `width`×`height` screen clear of
    /// `reserved` (the HUD's panels and the marker): the scene moves a HUD panel when it has not.
    func creditFitsAtFullSize(width: Int, height: Int, reserved: [Rect], physics: ScreenPhysics) -> Bool
    /// False while the last frame drawn showed a placeholder or a stand-in for a tile still being rendered: the
    /// loop then keeps its moving frame rate, so the tile shows as soon as it lands, even while parked.
    var isComplete: Bool { get }
    /// True when `draw` writes every pixel of the canvas, so the scene need not clear it first (a full write of
    /// the frame saved each frame).
    var coversEveryPixel: Bool { get }
    /// A number that changes whenever a `draw` writes other pixels than the `draw` before it (the map moved or
    /// turned, a tile or a label changed), so a scene knows which frames left the map as it was; nil when the
    /// layer does not tell (every frame then counts as changed all over).
    var drawnPixelsRevision: Int? { get }
    /// Draws as `draw(on:camera:reserved:keepOff:physics:)` does, but may leave the map in pixels of its own
    /// instead of the canvas, for the frame to be composed as a display copies it out (`ComposedFrame`): returns
    /// them (the map, and what it draws over itself as layers) when it did, the canvas then being scratch; nil
    /// when it drew onto the canvas.
    func drawApart(
        on canvas: Canvas, camera: Camera, reserved: [Rect], keepOff lines: [LabelKeepOutLine], physics: ScreenPhysics
    ) -> ComposedFrame?
}

extension MapLayer {
    public func draw(on canvas: Canvas, camera: Camera, reserved: [Rect], physics: ScreenPhysics) {
        draw(on: canvas, camera: camera, reserved: reserved)
    }
    public func draw(
        on canvas: Canvas, camera: Camera, reserved: [Rect], keepOff lines: [LabelKeepOutLine], physics: ScreenPhysics
    ) {
        draw(on: canvas, camera: camera, reserved: reserved, physics: physics)
    }
    public var revision: Int { 0 }
    public var isComplete: Bool { true }
    public var coversEveryPixel: Bool { false }
    public var drawnPixelsRevision: Int? { nil }
    public func drawApart(
        on canvas: Canvas, camera: Camera, reserved: [Rect], keepOff lines: [LabelKeepOutLine], physics: ScreenPhysics
    ) -> ComposedFrame? {
        draw(on: canvas, camera: camera, reserved: reserved, keepOff: lines, physics: physics)
        return nil
    }
    public func creditFitsAtFullSize(width: Int, height: Int, reserved: [Rect], physics: ScreenPhysics) -> Bool {
        true
    }
    public func currentStreet(at position: GeoCoordinate, course: Angle?) -> String? { nil }
}

/// Composes one frame back to front: map (or grid), trail, user marker, HUD.
///
/// The HUD and every label are drawn in screen space after the camera's rotation, so they never turn with the map.
/// Sizes come from the panel's physics: text by the visual angle of its capitals at the viewing distance, symbols
/// by millimetres.
public final class Scene {
    public let width: Int
    public let height: Int
    public var theme: SceneTheme
    /// The map under everything; nil draws a latitude/longitude grid instead.
    public var map: MapLayer?
    /// The panel's pixel density and the viewing distance.
    public let physics: ScreenPhysics
    /// The HUD's text sizes, from `physics`.
    public let typography: HUDTypography
    private let canvas: Canvas
    private let hud: HUDLayer
    /// The HUD's panels between frames (`HUDLayerCache`).
    /// Each panel also keeps its last two looks: over 30 s of the bundled ride that halves the panels drawn
    /// again (746 → 357 of 14,448) for about 170 KB (docs/benchmarks.md, fifteenth pass).
    private var hudCache = HUDLayerCache(earlierPerSlot: 2)
    /// The user's marker as a layer while its look holds (in heading-up it turns only by the bearing's dead band).
    /// It keeps its last eight looks, about 12 KB each: the arrow's angle and cone come back as the heading
    /// dithers (592 → 424 drawn over the same 2,408 frames).
    private var markerCache = HUDLayerCache(earlierPerSlot: 8)
    /// The trail less its last point as a layer that moves with the map (`SettledTrail`).
    private var settledTrail = SettledTrail()
    /// Keeps the HUD's panels, the marker and the settled trail between frames and draws them again only when
    /// what they show changes (the default); false draws every one afresh every frame (for the benchmarks and
    /// tests that compare the two).
    public var cachesHUD = true {
        didSet {
            hudCache.removeAll()
            markerCache.removeAll()
            settledTrail.removeAll()
        }
    }
    /// False leaves the HUD out (for the benchmarks: a frame's cost without it).
    public var drawsHUD = true
    /// How many HUD panels were drawn again and how many reused since the scene was made.
    public var hudCacheStatistics: (redrawn: Int, reused: Int) { (hudCache.redrawn, hudCache.reused) }
    /// How many times the user's marker was drawn into its layer and how many frames reused it.
    public var markerLayerStatistics: (redrawn: Int, reused: Int) { (markerCache.redrawn, markerCache.reused) }
    /// How many times the settled trail was drawn into its layer and how many frames moved it instead.
    public var trailLayerStatistics: (redrawn: Int, reused: Int) { (settledTrail.redrawn, settledTrail.reused) }
    /// The bytes the HUD's and the marker's cached layers hold now.
    public var hudCacheBytes: Int { hudCache.bytes + markerCache.bytes }
    private let fonts: FontSet
    /// How many of the frames this scene returned the display may still hold (`Display.framesHeld`: DRM the one
    /// waiting for a page flip, a test's display the last one). A frame is drawn into a buffer no display holds:
    /// drawing into one held would copy all its pixels first (copy-on-write, a fresh 1.5 MB block from `mmap` at
    /// 800×480, faulted in page by page, every frame). With none held, every frame is drawn into the same buffer.
    public var framesHeldByDisplay = 1 {
        didSet { if framesHeldByDisplay != oldValue { spareFrames.removeAll() } }
    }
    /// Where a tap acts, from the HUD of the frame last drawn (`HUDLayer.Layout.touchControls`); before the first
    /// frame, or without a HUD, a tap anywhere recentres.
    public private(set) var touchControls: [RideInput.Control] = []
    /// Frames returned earlier, oldest first: the next frame is drawn into the oldest.
    private var spareFrames: [FrameBuffer] = []
    /// What the last frame drew, to tell which of its pixels the next one changes.
    private var lastDrawn: DrawnFrame?
    /// What the frames drawn since the last `takeChange()` changed (the first frame: all of it).
    private var change = FrameChange.unknown

    /// What a frame drew besides the map, as far as it tells which pixels the next frame changes: with the same
    /// map pixels, camera, theme and trail, only the layers that changed (HUD panels, the marker) differ.
    private struct DrawnFrame {
        /// The map's `drawnPixelsRevision`; 0 for the grid, drawn from the camera and theme with these labels.
        var mapRevision: Int
        var gridLabels: [Rect]
        var theme: SceneTheme
        var camera: Camera
        var trail: [GeoCoordinate]
        var trailLayersDrawn: Int
        var drawsHUD: Bool
    }

    /// `physics` nil assumes a 7" panel at 70 cm; `shaper` nil (or one that fails) sets text with `fonts`' outlines.
    public init(
        width: Int, height: Int, fonts: FontSet, theme: SceneTheme = .day, map: MapLayer? = nil,
        physics: ScreenPhysics? = nil, shaper: (any TextShaper)? = nil
    ) {
        self.width = width
        self.height = height
        self.theme = theme
        self.map = map
        self.fonts = fonts
        let physics = physics ?? ScreenPhysics.assumed(width: width, height: height)
        self.physics = physics
        self.typography = HUDTypography(physics: physics, fonts: fonts, shaper: shaper)
        self.canvas = Canvas(width: width, height: height, background: theme.background)
        self.hud = HUDLayer(typography: typography, unit: physics.unit)
    }

    /// One pixel of the reference design (800×480 at 7"), in this screen's pixels: symbols scale with it.
    public var unit: Double { physics.unit }

    /// Where the HUD's panels go for `input`: map labels keep clear of them.
    public func hudRects(_ input: SceneInput) -> [Rect] {
        hudLayout(HUDLines(input), camera: input.camera, marker: markerRect(input)).rects
    }

    /// The HUD's layout for `lines`, clear of the marker and leaving the map's credit a place at full size where
    /// it can.
    private func hudLayout(_ lines: HUDLines, camera: Camera, marker: Rect) -> HUDLayer.Layout {
        let creditFits: (([Rect]) -> Bool)? = map.map { map in
            { [width, height, physics] rects in
                map.creditFitsAtFullSize(width: width, height: height, reserved: rects + [marker], physics: physics)
            }
        }
        return hud.layout(
            lines, camera: camera, width: width, height: height, keepOut: marker, creditFits: creditFits)
    }

    /// The user's marker and a margin: map labels and the HUD keep clear of it.
    func markerRect(_ input: SceneInput) -> Rect {
        let a = input.camera.anchor
        let r = 34 * unit
        return Rect(x: a.x - r, y: a.y - r, width: 2 * r, height: 2 * r)
    }

    /// Puts the frame last returned aside and draws into the oldest one put aside, which no display holds any
    /// more (a new one until there are enough). Every frame is drawn whole, so what the buffer held does not matter.
    private func takeUnheldFrame() {
        let held = min(max(framesHeldByDisplay, 0), 4)
        guard held > 0 else { return }
        spareFrames.append(canvas.frame)
        // Until enough are put aside, a new one: the oldest put aside may still be held.
        canvas.frame =
            spareFrames.count <= held
            ? FrameBuffer(width: width, height: height, fill: theme.background.xrgb) : spareFrames.removeFirst()
    }

    /// Keeps the marker of `input` in its layer, drawing it there when its look changed; false when it is drawn
    /// directly instead: none shown, layers off, or an accuracy ring larger than the heading cone (a layer as
    /// large as the screen would cost more to keep and composite than the ring costs to fill). Uses the canvas as
    /// scratch space, like the HUD's panels, so it runs before the map is drawn.
    private func prepareMarker(_ input: SceneInput) -> Bool {
        let marker = UserMarkerLayer()
        guard cachesHUD, let look = UserMarkerLayer.Look(input, unit: unit),
            Double(look.ringRadius ?? 0) <= UserMarkerLayer.coneRadius(unit: unit)
        else {
            markerCache.keep(only: [])
            return false
        }
        markerCache.prepare(
            .marker, key: .marker(theme, look), rect: UserMarkerLayer.bounds(look, unit: unit), on: canvas
        ) { marker.draw(look, on: $0, theme: theme, unit: unit) }
        markerCache.keep(only: [.marker])
        return true
    }

    /// Draws the frame for `input` and returns it.
    public func render(_ input: SceneInput) -> FrameBuffer {
        _ = draw(input, apart: false)
        return canvas.frame
    }

    /// Draws the frame for `input` for a display to compose as it copies it out: the map's kept pixels with the
    /// layers over them (`ComposedFrame`), or the canvas when something was drawn straight over the map that is
    /// not a layer (a route, the whole trail, a marker or HUD drawn without their caches). Flattened, it is the
    /// frame `render` draws, pixel for pixel.
    public func compose(_ input: SceneInput) -> ComposedFrame {
        draw(input, apart: true) ?? ComposedFrame(canvas.frame)
    }

    /// Draws the frame for `input`: with `apart`, into a composed frame when it can (returned), else into the
    /// canvas (nil).
    private func draw(_ input: SceneInput, apart: Bool) -> ComposedFrame? {
        precondition(input.camera.width == width && input.camera.height == height, "camera and scene sizes differ")
        takeUnheldFrame()
        var input = input
        if input.currentStreet == nil, input.positionKnown, let map {
            input.currentStreet = map.currentStreet(
                at: input.camera.center, course: input.course ?? input.heading?.direction)
        }
        let lines = HUDLines(input)
        // Map labels keep clear of the HUD panels and of the user's arrow, which must never be covered.
        let marker = markerRect(input)
        let layout = hudLayout(lines, camera: input.camera, marker: marker)
        let reserved = layout.rects + [marker]
        touchControls =
            drawsHUD
            ? layout.touchControls(width: width, height: height, physics: physics)
            : [HUDLayer.Layout.recentreAnywhere(width: width, height: height)]
        // Panels whose text changed are drawn into their layers first: the canvas is their scratch space until
        // the clear (or the map) overwrites it.
        if drawsHUD && cachesHUD {
            hud.prepare(&hudCache, on: canvas, lines: lines, layout: layout, camera: input.camera, theme: theme)
        }
        let markerLayered = prepareMarker(input)
        let trail = TrailLayer.onScreen(camera: input.camera, trail: input.trail)
        let trailPlan =
            cachesHUD
            ? settledTrail.prepare(
                trail: input.trail, onScreen: trail, camera: input.camera, theme: theme, unit: unit, on: canvas)
            : nil
        let routeDrawn = input.ride.map(RouteLayer.draws) ?? false
        // The map is left apart only when all that lies over it is a layer, or the trail's live segment.
        let layersOnly =
            apart && markerLayered && cachesHUD && !routeDrawn && (trailPlan != nil || trail.points.count < 2)
        // A map that writes every pixel replaces the clear (and the HUD's scratch pixels with it).
        if map?.coversEveryPixel != true { canvas.clear(to: theme.background) }
        var gridLabels: [Rect] = []
        var mapApart: ComposedFrame?
        if let map {
            // ... and of the route and the trail, which are drawn over the map.
            let keepOff = labelKeepOutLines(input, trail: trail)
            if layersOnly {
                mapApart = map.drawApart(
                    on: canvas, camera: input.camera, reserved: reserved, keepOff: keepOff, physics: physics)
            } else {
                map.draw(on: canvas, camera: input.camera, reserved: reserved, keepOff: keepOff, physics: physics)
            }
        } else {
            // Grid labels are secondary text: 16 arc-minutes of capital height.
            let size = physics.pixels(arcMinutes: ScreenPhysics.secondaryArcMinutes) / 0.73
            gridLabels = GridLayer().draw(
                on: canvas, camera: input.camera, theme: theme, font: TextLayout(font: fonts.bold, size: size),
                avoid: reserved)
        }
        let composed: ComposedFrame?
        if let mapApart {
            composed = composeOver(mapApart, trailPlan: trailPlan)
        } else {
            drawOverMap(
                input, trail: trail, trailPlan: trailPlan, markerLayered: markerLayered, lines: lines, layout: layout)
            composed = nil
        }
        let drawn = drawnFrame(input, gridLabels: gridLabels, markerLayered: markerLayered, routeDrawn: routeDrawn)
        let layersChanged = FrameChange.within(hudCache.takeChange()).followed(by: .within(markerCache.takeChange()))
        change = change.followed(by: sameUnderTheLayers(lastDrawn, drawn) ? layersChanged : .within(frameRect))
        lastDrawn = drawn
        return composed
    }

    /// Draws the route, the trail, the marker and the HUD onto the canvas, over the map drawn there.
    private func drawOverMap(
        _ input: SceneInput, trail: TrailLayer.OnScreen, trailPlan: SettledTrail.Plan?, markerLayered: Bool,
        lines: HUDLines, layout: HUDLayer.Layout
    ) {
        if let ride = input.ride {
            RouteLayer().draw(on: canvas, camera: input.camera, ride: ride, theme: theme, unit: unit)
        }
        if let trailPlan {
            settledTrail.draw(trailPlan, on: canvas, theme: theme, unit: unit)
        } else {
            TrailLayer().draw(trail, on: canvas, theme: theme, unit: unit)
        }
        if markerLayered {
            markerCache.composite(into: &canvas.frame)
        } else {
            UserMarkerLayer().draw(on: canvas, input: input, theme: theme, unit: unit)
        }
        if drawsHUD && cachesHUD {
            hudCache.composite(into: &canvas.frame)
        } else if drawsHUD {
            hud.draw(on: canvas, input: input, lines: lines, layout: layout, theme: theme)
        }
    }

    /// The frame as the map left apart with the settled trail, the marker and the HUD as layers over it. The
    /// trail's live segment is stroked onto the canvas over what lies under it there (composed into the canvas in
    /// its box only), and that box goes over the layers below it as a patch.
    private func composeOver(_ map: ComposedFrame, trailPlan: SettledTrail.Plan?) -> ComposedFrame {
        var layers = map.layers
        if let trailPlan {
            if let box = SettledTrail.liveBounds(trailPlan, unit: unit, width: width, height: height) {
                canvas.frame.pixels.withUnsafeMutableBufferPointer { pixels in
                    map.compose(box, into: pixels.baseAddress!, firstRow: 0)
                }
                settledTrail.draw(trailPlan, on: canvas, theme: theme, unit: unit, within: box)
                layers += settledTrail.composedLayers(trailPlan)
                layers.append(.patch(canvas.frame, box))
            } else {
                layers += settledTrail.composedLayers(trailPlan)
            }
        }
        layers += markerCache.composedLayers
        if drawsHUD { layers += hudCache.composedLayers }
        return ComposedFrame(base: map.base, layers: layers)
    }

    /// Which pixels the frames drawn since the last call may have changed, from the frame before them: what a
    /// display copies out. The next call says what the frames drawn after this one changed.
    public func takeChange() -> FrameChange {
        defer { change = .none }
        return change
    }

    /// What this frame drew, when it is of the kind whose change can be told from the layers alone: the map
    /// tells when its pixels change (or the grid is drawn), the marker and the HUD are cached layers, and no route
    /// is drawn. Nil otherwise (the next frame then counts as changed all over).
    private func drawnFrame(_ input: SceneInput, gridLabels: [Rect], markerLayered: Bool, routeDrawn: Bool)
        -> DrawnFrame?
    {
        // The grid (no map) is drawn from what the frame compares (camera, theme, its labels): revision 0.
        let mapRevision = map == nil ? 0 : map?.drawnPixelsRevision
        guard let mapRevision, markerLayered, cachesHUD, !routeDrawn else { return nil }
        return DrawnFrame(
            mapRevision: mapRevision, gridLabels: gridLabels, theme: theme, camera: input.camera, trail: input.trail,
            trailLayersDrawn: settledTrail.redrawn, drawsHUD: drawsHUD)
    }

    /// Whether `old` and `new` drew the same pixels under the cached layers (the map or grid, the trail), so
    /// that only the layers that changed differ between them.
    private func sameUnderTheLayers(_ old: DrawnFrame?, _ new: DrawnFrame?) -> Bool {
        guard let old, let new else { return false }
        // The cheapest tests first: while moving, the map changes in nearly every frame.
        return old.mapRevision == new.mapRevision && old.camera == new.camera && old.drawsHUD == new.drawsHUD
            && old.trailLayersDrawn == new.trailLayersDrawn && old.gridLabels == new.gridLabels
            && old.theme == new.theme
            && old.trail == new.trail
    }

    private var frameRect: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }
}
