extension SceneInput {
    /// The frame for `state` at `frameTime` (the latest event's time when nil): the camera centred on the user
    /// (or `fallbackCenter` before the first fix), turned as `orientation` says, with the HUD lines the state calls
    /// for. The fix's age and staleness are counted to the frame's time, and the speed is left out (the HUD shows
    /// "--") once the fix is lost, gone or stale, so an old speed never stays on screen.
    /// `verdict` is the pipeline's one judgement of the heading (judged from `state` when not given).
    public init(
        state: NavState, verdict: HeadingVerdict? = nil, orientation: MapOrientation, zoom: Double, width: Int,
        height: Int, fallbackCenter: GeoCoordinate, frameTime: Timestamp? = nil
    ) {
        let time = frameTime ?? state.now
        let camera = Camera(
            mode: orientation.mode, center: state.displayPosition ?? fallbackCenter, zoom: zoom,
            mapBearing: orientation.bearing, width: width, height: height)
        let position = state.positionStatus(at: time)
        let heading = (verdict ?? state.headingVerdict()).heading
        let (headingLine, headingWarning) = SceneInput.headingStatus(state, heading)
        self.init(
            camera: camera, mode: orientation.mode, heading: heading, positionErrorMetres: state.positionErrorMetres,
            trail: state.trail + (state.displayPosition.map { [$0] } ?? []),
            speedMetresPerSecond: state.motionIsCurrent(at: time) ? state.speedMetresPerSecond : nil,
            positionStatus: position.text, positionWarning: position.warning,
            headingStatus: headingLine, headingWarning: headingWarning)
        positionKnown = state.displayPosition != nil
        // A position whose fix is lost, gone or stale draws a grey marker: old data looks old.
        positionStale = state.displayPosition != nil && !state.motionIsCurrent(at: time)
        course = state.motionIsCurrent(at: time) ? state.course : nil
        rotationDriver = orientation.driver
    }

    /// The HUD's heading line: what is wrong with the heading if anything is, else its north and source.
    static func headingStatus(_ state: NavState, _ heading: Heading?) -> (String, Bool) {
        let flags = state.headingEstimate.flags
        if state.lostSources[.magnetometer] != nil || flags.contains(.compassLost) {
            return (heading?.source == .gpsCourse ? "No compass · GPS" : "Compass lost", true)
        }
        if flags.contains(.disturbed) { return ("Compass disturbed", true) }
        // With no heading shown, the reason the rider can act on still comes first (near the pole no compass works).
        guard let h = heading else {
            return (flags.contains(.nearMagneticPole) ? "Near magnetic pole" : "No heading", true)
        }
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
