extension SceneInput {
    /// The frame for `state` in `mode`: the camera centred on the user (or `fallbackCenter` before the first fix),
    /// turned to `mapBearing`, with the HUD lines the state calls for.
    public init(
        state: NavState, mode: OrientationMode, mapBearing: Angle, zoom: Double, width: Int, height: Int,
        fallbackCenter: GeoCoordinate
    ) {
        let camera = Camera(
            mode: mode, center: state.position ?? fallbackCenter, zoom: zoom, mapBearing: mapBearing,
            width: width, height: height)
        let position = state.positionStatus
        let heading = state.heading
        var headingLine: String?
        var headingWarning = false
        if state.lostSources[.magnetometer] != nil {
            headingLine = "Compass lost"
            headingWarning = true
        } else if let h = heading {
            headingLine = h.reference == .trueNorth ? "True north" : "Magnetic north"
        }
        self.init(
            camera: camera, mode: mode, heading: heading, positionErrorMetres: state.positionErrorMetres,
            trail: state.trail + (state.position.map { [$0] } ?? []),
            speedMetresPerSecond: state.positionIsStale ? nil : state.speedMetresPerSecond,
            positionStatus: position.text, positionWarning: position.warning,
            headingStatus: headingLine, headingWarning: headingWarning)
        positionKnown = state.position != nil
    }
}
