/// The path from sensor events to frames, shared by live runs, replays and the demo: events update the
/// `NavState`; at a frame tick the camera is set from the state and the orientation mode, and the scene is drawn.
public final class NavigationPipeline {
    public private(set) var state: NavState
    /// How the user wants the map turned; the rotation policy turns it into a camera mode and bearing.
    public var policy: RotationPolicy
    public var zoom: Double
    public let scene: Scene
    /// Where the camera looks before the first fix.
    public var fallbackCenter: GeoCoordinate
    /// Lines the HUD shows as warnings beside the navigation ("RECORDING STOPPED").
    public var notices: [String] = []
    /// The route, trip and clock the frames show (fed by the ride sink); nil shows none.
    public var ride: RideTracker?
    private var lastSignature: FrameSignature?
    /// Eases mode and zoom changes over a few hundred milliseconds of frame time.
    private var transition = CameraTransition()

    public init(
        scene: Scene, orientation: OrientationMode, zoom: Double, fallbackCenter: GeoCoordinate,
        heading configuration: HeadingConfiguration = HeadingConfiguration()
    ) {
        self.scene = scene
        self.policy = RotationPolicy(preference: orientation)
        self.state = NavState(heading: configuration)
        self.zoom = zoom
        self.fallbackCenter = fallbackCenter
    }

    /// Swaps the heading configuration (SIGHUP after `navdisplay calibrate` wrote a new calibration).
    public func reconfigureHeading(_ configuration: HeadingConfiguration) { state.reconfigureHeading(configuration) }

    /// Takes one sensor event into account.
    public func apply(_ event: SensorEvent) { state.apply(event) }

    /// What the frame at `frameTime` shows (at the latest event's time when nil). The map turns only past the
    /// rotation dead band; the arrow follows every sample. The fix's age and staleness are counted to the frame's
    /// time, so "No fix · last 8 s ago" counts up between GPS messages instead of freezing (a replay passes its
    /// tick, a live loop its clock).
    public func nextSceneInput(at frameTime: Timestamp? = nil) -> SceneInput {
        // The heading is judged once here; the policy, the arrow and the HUD all use this one verdict.
        let verdict = state.headingVerdict(maximumMapTurningAccuracyDegrees: policy.maximumCompassAccuracyDegrees)
        let orientation = policy.update(with: verdict)
        var input = SceneInput(
            state: state, verdict: verdict, orientation: orientation, zoom: zoom, width: scene.width,
            height: scene.height, fallbackCenter: fallbackCenter, frameTime: frameTime)
        input.notices = notices
        input.camera = transition.camera(for: input.camera, at: frameTime ?? state.now)
        ride?.decorate(&input, at: frameTime ?? state.now)
        return input
    }

    /// Draws the frame at `frameTime`.
    public func renderFrame(at frameTime: Timestamp? = nil) -> FrameBuffer {
        let input = nextSceneInput(at: frameTime)
        lastSignature = FrameSignature(input, mapRevision: scene.map?.revision ?? 0)
        return scene.render(input)
    }

    /// Draws the next frame only if something visible changed since the last one drawn; nil otherwise.
    public func renderFrameIfChanged(at frameTime: Timestamp? = nil) -> FrameBuffer? {
        let input = nextSceneInput(at: frameTime)
        let signature = FrameSignature(input, mapRevision: scene.map?.revision ?? 0)
        guard signature != lastSignature else { return nil }
        lastSignature = signature
        return scene.render(input)
    }

    /// True when the user is not moving (no speed, or below walking pace): the loop may drop to its idle rate.
    public var isParked: Bool { (state.speedMetresPerSecond ?? 0) < 0.5 }
}
