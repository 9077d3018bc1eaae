/// The rider's controls in the pipeline: actions applied, follow and auto-zoom advanced each frame, the sun
/// turning the colours, and what the camera and the HUD take from them.
extension NavigationPipeline {
    /// Applies one of the rider's actions (a key, a button or a touch, live or replayed).
    func applyRide(_ action: RideAction, at time: Timestamp) {
        controls.apply(action, at: time, position: state.position, utcSeconds: lastFixUTCSeconds)
        // The day/night key takes the colours over even when the ride started with the scene's own.
        if action == .cycleLighting { managesLighting = true }
    }

    /// Feeds the sun at the fix's place and time to the day/night switch (it keeps its own hysteresis).
    func followSun(_ fix: GPSFix) {
        guard let utc = fix.utcSeconds, utc.isFinite else { return }
        lastFixUTCSeconds = utc
        guard fix.mode >= .twoD, let coordinate = fix.coordinate, coordinate.isValid else { return }
        let altitude = fix.altitudeMetres.flatMap { $0.isFinite ? min(max($0, -500), 9000) : nil } ?? 0
        controls.lighting.update(utcSeconds: utc, coordinate: coordinate, elevationMetres: altitude)
    }

    /// Moves the controls on to `time`: follow resumes after a pan, auto-zoom follows the speed, the scene takes
    /// the lighting's colours, and the rotation policy the orientation asked for.
    func advanceControls(to time: Timestamp) {
        controls.tick(at: time)
        policy.preference = controls.orientation
        policy.lockNorthUp = controls.northUpLocked
        if settings.autoZoom {
            let speed = state.motionIsCurrent(at: time) ? state.speedMetresPerSecond : nil
            let latitude = state.displayPosition?.latitude ?? fallbackCenter.latitude
            controls.autoZoom.update(
                speedMetresPerSecond: speed, latitude: latitude, aheadPixels: aheadPixels, time: time)
        }
        showLighting()
    }

    /// The screen distance from the arrow to the top edge: what auto-zoom fills with the next stretch of road.
    var aheadPixels: Double {
        let h = Double(scene.height)
        return controls.requestedOrientation == .northUp ? h / 2 : h / 2 + (h * Camera.lookAheadFraction).rounded()
    }

    /// Turns the scene's colours (map, HUD, backlight) to the lighting the switch shows now.
    func showLighting() {
        guard managesLighting else { return }
        let lighting = controls.lighting.lighting
        guard lighting != shownLighting else { return }
        shownLighting = lighting
        scene.theme = lighting == .night ? .night : .day
        (scene.map as? OfflineMapLayer)?.setStyle(lighting == .night ? .night : .day)
        onLightingChange?(lighting)
    }

    /// What the controls change in a frame: a pan moves where the rider is drawn (the map follows the finger and
    /// the arrow stays on its place on the map), and the HUD says REC while recording.
    func applyRideView(to input: inout SceneInput) {
        let pan = controls.panOffset
        if pan.x != 0 || pan.y != 0 { input.camera.anchor = input.camera.anchor + pan }
        // A recording that failed says RECORDING STOPPED instead (the display's notice for a stopped recorder).
        if controls.isRecording, !input.notices.contains("RECORDING STOPPED") {
            input.notices.insert(NavigationPipeline.recordingNotice, at: 0)
        }
    }

    /// The HUD's notice while the ride is recorded.
    public static let recordingNotice = "REC"
}
