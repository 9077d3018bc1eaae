import Core

/// One frame for a fixed place, zoom, heading and orientation: what `render` writes and what `show` puts on a
/// screen, from one piece of code so the VM tests can compare the two pixel for pixel.
struct StillFrame {
    var center = StartPosition.helsinki
    var zoom = 16.0
    /// True heading in degrees; nil for "heading unknown" (a dot).
    var heading: Double?
    /// The heading's accuracy in degrees; negative means invalid.
    var headingAccuracy = 5.0
    /// GPS course, for course-up (defaults to the heading).
    var course: Double?
    var orientation = OrientationMode.northUp
    /// Speed over ground in km/h; nil shows "--".
    var speedKilometresPerHour: Double?
    /// What is wrong, if anything: the HUD and the marker show it.
    var state = StillFrameState.normal

    /// Draws the frame with `scene`.
    func render(with scene: Scene) -> FrameBuffer {
        let h = HeadingReport(trueDegrees: heading, accuracyDegrees: headingAccuracy).usableHeading
        let bearing: Angle
        switch orientation {
        case .northUp: bearing = .north
        case .headingUp: bearing = h?.direction ?? .north
        case .courseUp, .auto: bearing = course.map { Angle($0) } ?? h?.direction ?? .north
        }
        let camera = Camera(
            mode: orientation, center: center, zoom: zoom, mapBearing: bearing, width: scene.width, height: scene.height
        )
        var input = SceneInput(
            camera: camera, mode: orientation, heading: h, positionErrorMetres: 8,
            speedMetresPerSecond: speedKilometresPerHour.map { $0 / 3.6 }, positionStatus: "Fixed position",
            headingStatus: h.map { _ in "True north" })
        input.course = course.map { Angle($0) } ?? h?.direction
        switch state {
        case .normal: break
        case .noFix:
            input.positionKnown = false
            input.speedMetresPerSecond = nil
            input.positionStatus = "No fix"
            input.positionWarning = true
        case .stale:
            input.positionStale = true
            input.positionStatus = "GPS stale · 45 s"
            input.positionWarning = true
        case .disturbed:
            input.headingStatus = "Compass disturbed"
            input.headingWarning = true
        }
        return scene.render(input)
    }
}

/// The states `render --state` draws, for the golden frames of each.
enum StillFrameState: String, CaseIterable, Sendable {
    case normal
    case noFix = "no-fix"
    case stale
    case disturbed
}
