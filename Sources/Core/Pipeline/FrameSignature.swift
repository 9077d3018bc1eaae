/// What a frame would visibly show, rounded to what the eye can tell apart: when it equals the last drawn
/// frame's signature the frame is skipped, so a parked bike costs almost no CPU.
public struct FrameSignature: Hashable, Sendable {
    var mode: OrientationMode
    /// The camera's centre as a world pixel at its zoom in quarter pixels, and the anchor on screen to the nearest
    /// pixel. The pipeline's camera is snapped to whole screen pixels (`Camera.snappedToScreenPixels`), so the
    /// centre changes only when the map moves by a pixel; the quarters only keep two nearby grid points apart.
    var centerPixel: [Int]
    /// Zoom in hundredths.
    var zoom: Int
    /// Map rotation in tenths of a degree (it already moves only past its dead band).
    var bearing: Int
    /// Arrow angle in half degrees; nil when a dot is drawn.
    var arrow: Int?
    /// Heading accuracy (the cone's width) in whole degrees, as the marker draws it (`coneAccuracyDegrees`: held
    /// against dither when the pipeline holds it; a cone a degree wider is not a thing the eye tells apart, the
    /// number beside it is).
    var accuracy: Int?
    /// Position accuracy ring radius in pixels.
    var ringRadius: Int?
    var trailCount: Int
    /// Whether the user marker is drawn at all.
    var positionKnown: Bool
    /// Every piece of HUD text, exactly as the HUD draws it.
    var hud: HUDLines
    /// Changes when the map layer has new content (a tile arrived).
    var mapRevision: Int
    /// The scene's colours ("day", "night"): the sun or the day/night key turning them redraws the frame.
    var theme: String

    public init(_ input: SceneInput, mapRevision: Int = 0, theme: String = "") {
        // Every conversion is checked: a value from outside (a rogue gpsd's 1e300) must not trap the display.
        func whole(_ v: Double) -> Int { Int(checkedRounding: v) ?? Int.max }
        let camera = input.camera
        let p = WebMercator.worldPixel(camera.center, zoom: camera.zoom)
        mode = input.mode
        centerPixel = [whole(p.x * 4), whole(p.y * 4), whole(camera.anchor.x), whole(camera.anchor.y)]
        zoom = whole(camera.zoom * 100)
        bearing = whole(camera.bearing.degrees * 10)
        arrow = input.arrowHalfDegrees
        accuracy = input.coneAccuracyDegrees
        ringRadius = input.positionErrorMetres.map {
            whole($0 / WebMercator.metresPerPixel(latitude: camera.center.latitude, zoom: camera.zoom))
        }
        trailCount = input.trail.count
        hud = HUDLines(input)
        positionKnown = input.positionKnown
        self.mapRevision = mapRevision
        self.theme = theme
    }
}
