/// The path from sensor events to frames, shared by live runs, replays and the demo: events update the
/// `NavState` and the rider's `RideControls`; at a frame tick the camera is set from the state and the controls
/// (orientation, zoom, pan, day or night), and the scene is drawn.
public final class NavigationPipeline {
    public private(set) var state: NavState
    /// How the map is turned; the rider's orientation choice is handed to it each frame.
    public var policy: RotationPolicy
    /// What the rider asked for: orientation, zoom (by hand or by speed), pan, lighting, recording, marks.
    public var controls: RideControls
    /// How the ride started (auto-zoom on or off, the lighting asked for, the zoom range).
    public let settings: RideSettings
    public let scene: Scene
    /// Where the camera looks before the first fix.
    public var fallbackCenter: GeoCoordinate
    /// Lines the HUD shows as warnings beside the navigation ("RECORDING STOPPED").
    public var notices: [String] = []
    /// Called when the display turns to day or night colours (the backlight follows), and once at the first frame.
    public var onLightingChange: ((Lighting) -> Void)?
    /// The lighting the scene's colours show; nil until the pipeline first chose them.
    public internal(set) var shownLighting: Lighting?
    /// False while the scene keeps the colours it was made with (no `--lighting`, no day/night key yet).
    var managesLighting: Bool
    /// The UTC time of the latest fix that had one (a marked point carries it).
    var lastFixUTCSeconds: Double?
    /// The route, trip and clock the frames show (fed by the ride sink); nil shows none.
    public var ride: RideTracker?
    private var lastSignature: FrameSignature?
    /// Eases mode and zoom changes over a few hundred milliseconds of frame time.
    private var transition = CameraTransition()
    /// Carries the drawn position on between fixes (display smoothing only: the state keeps the real fixes).
    private var prediction = PositionPrediction()
    /// False draws the user at the last fix until the next (as before the prediction; for tests and benchmarks).
    public var predictsPosition = true
    /// The HUD's heading, accuracy and speed numbers, held against dither.
    private var headingReadout = SteadyReadout()
    private var accuracyReadout = SteadyReadout()
    private var speedReadout = SteadyReadout()

    public init(
        scene: Scene, orientation: OrientationMode, zoom: Double, fallbackCenter: GeoCoordinate,
        heading configuration: HeadingConfiguration = HeadingConfiguration(), ride: RideSettings = RideSettings()
    ) {
        self.scene = scene
        self.policy = RotationPolicy(preference: orientation)
        self.state = NavState(heading: configuration)
        self.settings = ride
        var controls = ride.controls(orientation: orientation, zoom: zoom)
        if ride.lighting == nil { controls.lighting.mode = scene.theme == .night ? .night : .day }
        self.controls = controls
        self.managesLighting = ride.lighting != nil
        self.fallbackCenter = fallbackCenter
    }

    /// The zoom drawn now: the rider's, or auto-zoom's.
    public var zoom: Double { controls.autoZoom.zoom }

    /// Swaps the heading configuration (SIGHUP after `navdisplay calibrate` wrote a new calibration).
    public func reconfigureHeading(_ configuration: HeadingConfiguration) { state.reconfigureHeading(configuration) }

    /// Takes one sensor event into account: the navigation state sees every event; a rider's action goes to the
    /// controls, and a fix's time and place to the day/night switch.
    public func apply(_ event: SensorEvent) {
        state.apply(event)
        switch event {
        case .rideAction(let time, let action): applyRide(action, at: time)
        case .gpsFix(let fix): followSun(fix)
        default: break
        }
    }

    /// What the frame at `frameTime` shows (at the latest event's time when nil). The map turns only past the
    /// rotation dead band; the arrow follows every sample. The fix's age and staleness are counted to the frame's
    /// time, so "No fix · last 8 s ago" counts up between GPS messages instead of freezing (a replay passes its
    /// tick, a live loop its clock).
    public func nextSceneInput(at frameTime: Timestamp? = nil) -> SceneInput {
        let time = frameTime ?? state.now
        // The rider's choices first: follow resuming after a pan, zoom by speed, day or night.
        advanceControls(to: time)
        // The heading is judged once here; the policy, the arrow and the HUD all use this one verdict.
        let verdict = state.headingVerdict(maximumMapTurningAccuracyDegrees: policy.maximumCompassAccuracyDegrees)
        let orientation = policy.update(with: verdict)
        var input = SceneInput(
            state: state, verdict: verdict, orientation: orientation, zoom: zoom, width: scene.width,
            height: scene.height, fallbackCenter: fallbackCenter, frameTime: frameTime)
        input.notices = notices
        input.modeChoice =
            policy.lockNorthUp ? .lockedNorthUp : policy.preference == .auto ? .automatic : .manual
        // Mode and zoom changes ease; a finger's pan is applied after, so the map stays under the finger.
        input.camera = transition.camera(for: input.camera, at: time)
        applyRideView(to: &input)
        ride?.decorate(&input, at: frameTime ?? state.now)
        showSteadyNumbers(in: &input)
        // After the ride took the real trail: only the picture is carried on between fixes.
        showPredictedPosition(in: &input, at: time)
        // Last, so the frame's signature and the scene see the camera the map is drawn with.
        input.camera = input.camera.snappedToScreenPixels()
        return input
    }

    /// The HUD's heading (the course in course-up, as `HUDLines` picks it), its accuracy and the speed as numbers
    /// that do not flicker while the values dither about a half (`SteadyReadout`).
    private func showSteadyNumbers(in input: inout SceneInput) {
        let shownAngle = (input.mode == .courseUp ? input.course : nil) ?? input.heading?.direction
        input.shownDegrees = headingReadout.update(degrees: shownAngle?.degrees)
        input.shownAccuracy = accuracyReadout.update(input.heading.map { min($0.accuracyDegrees, 180) })
        let units = input.ride?.units ?? .metric
        input.shownSpeed = speedReadout.update(input.speedMetresPerSecond.map { units.speed($0).value })
    }

    /// Draws the user where the prediction says at `time`: the camera's centre and the trail's last point.
    private func showPredictedPosition(in input: inout SceneInput, at time: Timestamp) {
        guard predictsPosition, let real = state.displayPosition, let fixTime = state.positionTime else { return }
        let moving = state.motionIsCurrent(at: time) && state.headingEstimate.standstillAnchor == nil
        let base = PositionPrediction.Base(
            coordinate: real, time: fixTime, speedMetresPerSecond: moving ? state.speedMetresPerSecond : nil,
            course: moving ? state.course : nil)
        guard let shown = prediction.position(base: base, at: max(time, fixTime)), shown != real else { return }
        input.camera.center = shown
        if !input.trail.isEmpty { input.trail[input.trail.count - 1] = shown }
    }

    /// Draws the frame at `frameTime`.
    public func renderFrame(at frameTime: Timestamp? = nil) -> FrameBuffer {
        let input = nextSceneInput(at: frameTime)
        lastSignature = signature(input)
        return scene.render(input)
    }

    /// Draws the next frame only if something visible changed since the last one drawn; nil otherwise.
    public func renderFrameIfChanged(at frameTime: Timestamp? = nil) -> FrameBuffer? {
        nextChangedInput(at: frameTime).map(scene.render)
    }

    /// The same as a frame for a display to compose as it copies it out (`Scene.compose`): what a screen shows.
    public func composeFrameIfChanged(at frameTime: Timestamp? = nil) -> ComposedFrame? {
        nextChangedInput(at: frameTime).map(scene.compose)
    }

    /// The scene's input for the next frame, nil when it would draw what the last frame drew.
    private func nextChangedInput(at frameTime: Timestamp?) -> SceneInput? {
        let input = nextSceneInput(at: frameTime)
        let signature = signature(input)
        guard signature != lastSignature else { return nil }
        lastSignature = signature
        return input
    }

    private func signature(_ input: SceneInput) -> FrameSignature {
        FrameSignature(input, mapRevision: scene.map?.revision ?? 0, theme: scene.theme.name)
    }

    /// True when the user is not moving (no speed, or below walking pace): the loop may drop to its idle rate.
    public var isParked: Bool { (state.speedMetresPerSecond ?? 0) < 0.5 }
}
