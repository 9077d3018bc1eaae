extension SceneInput {
    /// The frame for `state`: the camera centred on the user (or `fallbackCenter` before the first fix), turned as
    /// `orientation` says, with the HUD lines the state calls for.
    /// `verdict` is the pipeline's one judgement of the heading (judged from `state` when not given).
    public init(
        state: NavState, verdict: HeadingVerdict? = nil, orientation: MapOrientation, zoom: Double, width: Int,
        height: Int, fallbackCenter: GeoCoordinate
    ) {
        let camera = Camera(
            mode: orientation.mode, center: state.displayPosition ?? fallbackCenter, zoom: zoom,
            mapBearing: orientation.bearing, width: width, height: height)
        let position = state.positionStatus
        let heading = (verdict ?? state.headingVerdict()).heading
        let (headingLine, headingWarning) = SceneInput.headingStatus(state, heading)
        self.init(
            camera: camera, mode: orientation.mode, heading: heading, positionErrorMetres: state.positionErrorMetres,
            trail: state.trail + (state.displayPosition.map { [$0] } ?? []),
            speedMetresPerSecond: state.speedMetresPerSecond,
            positionStatus: position.text, positionWarning: position.warning,
            headingStatus: headingLine, headingWarning: headingWarning)
        positionKnown = state.displayPosition != nil
        // The last speed stays on screen, grey, rather than vanishing: stale data looks stale.
        positionStale = state.displayPosition != nil && state.positionIsStale
        course = state.course
        rotationDriver = orientation.driver
    }

    /// The HUD's heading line: what is wrong with the heading if anything is, else its north and source.
    static func headingStatus(_ state: NavState, _ heading: Heading?) -> (String, Bool) {
        let flags = state.headingEstimate.flags
        if state.lostSources[.magnetometer] != nil || flags.contains(.compassLost) {
            return (heading?.source == .gpsCourse ? "No compass · GPS" : "Compass lost", true)
        }
        if flags.contains(.disturbed) { return ("Compass disturbed", true) }
        guard let h = heading else { return ("No heading", true) }
        if flags.contains(.uncalibrated) { return ("Compass uncalibrated", true) }
        let north = h.reference == .trueNorth ? "True" : "Magnetic"
        // What weakens a compass heading (a GPS course needs neither declination nor tilt): said on the HUD, not
        // only in the accuracy, because the user can do something about each (check the date, add the sensor).
        if h.source != .gpsCourse {
            if flags.contains(.nearMagneticPole) { return ("Near magnetic pole", true) }
            if flags.contains(.modelOutOfDate) { return ("Declination out of date", true) }
            if flags.contains(.levelAssumed) {
                return ("\(north) · \(h.source == .frozen ? "held" : "compass"), no tilt", true)
            }
        }
        switch h.source {
        case .compass: return ("\(north) · compass", h.reference == .magneticNorth)
        case .gpsCourse: return ("\(north) · GPS course", false)
        case .frozen: return ("\(north) · held (still)", false)
        }
    }
}
