/// What a frame would visibly show, rounded to what the eye can tell apart: when it equals the last drawn
/// frame's signature the frame is skipped, so a parked bike costs almost no CPU.
public struct FrameSignature: Hashable, Sendable {
    var mode: OrientationMode
    /// The user's world pixel at the camera's zoom, to the nearest pixel.
    var centerPixel: [Int]
    /// Zoom in hundredths.
    var zoom: Int
    /// Map rotation in tenths of a degree (it already moves only past its dead band).
    var bearing: Int
    /// Arrow angle in half degrees; nil when a dot is drawn.
    var arrow: Int?
    /// Heading accuracy (the cone's width) in whole degrees.
    var accuracy: Int?
    /// Position accuracy ring radius in pixels.
    var ringRadius: Int?
    var trailCount: Int
    /// Every piece of HUD text.
    var hud: [String]
    /// Changes when the map layer has new content (a tile arrived).
    var mapRevision: Int

    public init(_ input: SceneInput, mapRevision: Int = 0) {
        let camera = input.camera
        let p = WebMercator.worldPixel(camera.center, zoom: camera.zoom)
        mode = input.mode
        centerPixel = [Int(p.x.rounded()), Int(p.y.rounded()), Int(camera.anchor.x), Int(camera.anchor.y)]
        zoom = Int((camera.zoom * 100).rounded())
        bearing = Int((camera.bearing.degrees * 10).rounded())
        arrow = input.heading.map { Int((camera.arrowAngle(heading: $0.direction).degrees * 2).rounded()) }
        accuracy = input.heading.map { Int($0.accuracyDegrees.rounded()) }
        ringRadius = input.positionErrorMetres.map {
            Int(($0 / WebMercator.metresPerPixel(latitude: camera.center.latitude, zoom: camera.zoom)).rounded())
        }
        trailCount = input.trail.count
        let speed = input.speedMetresPerSecond.map { String(Int(($0 * 3.6).rounded())) } ?? "--"
        let heading = input.heading.map { String(Int($0.direction.degrees.rounded()) % 360) } ?? "---"
        hud = [
            String(input.positionKnown), input.rotationDriver.rawValue, heading, speed, input.positionStatus,
            input.headingStatus ?? "", String(input.positionWarning), String(input.headingWarning),
        ]
        self.mapRevision = mapRevision
    }
}
