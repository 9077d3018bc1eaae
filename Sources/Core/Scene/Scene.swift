/// Something that draws the map under everything else (the offline map layer, or nothing but a grid).
public protocol MapLayer: AnyObject {
    /// Draws the map (and its labels, upright, keeping clear of `reserved`) for `camera` onto `canvas`.
    func draw(on canvas: Canvas, camera: Camera, reserved: [Rect])
    /// A number that changes whenever the layer could draw something new for the same camera (a tile arrived),
    /// so the loop knows to redraw a frame it would otherwise skip.
    var revision: Int { get }
}

extension MapLayer {
    public var revision: Int { 0 }
}

/// Composes one frame back to front: map (or grid), trail, user marker, HUD.
///
/// The HUD and every label are drawn in screen space after the camera's rotation, so they never turn with the map.
public final class Scene {
    public let width: Int
    public let height: Int
    public var theme: SceneTheme
    /// The map under everything; nil draws a latitude/longitude grid instead.
    public var map: MapLayer?
    private let canvas: Canvas
    private let hud: HUDLayer
    private let fonts: FontSet

    public init(width: Int, height: Int, fonts: FontSet, theme: SceneTheme = .day, map: MapLayer? = nil) {
        self.width = width
        self.height = height
        self.theme = theme
        self.map = map
        self.fonts = fonts
        self.canvas = Canvas(width: width, height: height, background: theme.background)
        self.hud = HUDLayer(fonts: fonts)
    }

    /// One pixel of the 480-pixel-high reference design, in this screen's pixels: everything scales with it.
    public var unit: Double { max(0.75, Double(min(width, height)) / 480) }

    /// Draws the frame for `input` and returns it.
    public func render(_ input: SceneInput) -> FrameBuffer {
        precondition(input.camera.width == width && input.camera.height == height, "camera and scene sizes differ")
        canvas.clear(to: theme.background)
        // Map labels keep clear of the HUD panels and of the user's arrow, which must never be covered.
        let a = input.camera.anchor
        let r = 34 * unit
        let reserved =
            hud.reservedRects(width: width, height: height, unit: unit)
            + [Rect(x: a.x - r, y: a.y - r, width: 2 * r, height: 2 * r)]
        if let map {
            map.draw(on: canvas, camera: input.camera, reserved: reserved)
        } else {
            GridLayer().draw(
                on: canvas, camera: input.camera, theme: theme,
                font: TextLayout(font: fonts.bold, size: 12 * unit), avoid: reserved)
        }
        TrailLayer().draw(on: canvas, camera: input.camera, trail: input.trail, theme: theme, unit: unit)
        UserMarkerLayer().draw(on: canvas, input: input, theme: theme, unit: unit)
        hud.draw(on: canvas, input: input, theme: theme, unit: unit)
        return canvas.frame
    }
}
