/// How a ride starts: what the command line and the configuration file chose for the rider's controls.
public struct RideSettings: Hashable, Sendable {
    /// The zoom follows the speed (`--auto-zoom`); a zoom key or a pinch suspends it for a while.
    public var autoZoom = false
    /// Day, night or by the sun (`--lighting`); nil keeps the scene's colours and never switches (one-off renders
    /// and tests that pick a theme themselves).
    public var lighting: LightingMode?
    /// The zoom levels the zoom keys, a pinch and auto-zoom stay within (the map's range).
    public var zoomRange: ClosedRange<Double> = 10...20
    /// True when the ride is being recorded from the start (`run --record`): the HUD shows REC.
    public var recording = false
    /// How long after the last drag the map follows the rider again, in seconds.
    public var followResumeSeconds = 15.0

    public init(
        autoZoom: Bool = false, lighting: LightingMode? = nil, zoomRange: ClosedRange<Double> = 10...20,
        recording: Bool = false
    ) {
        self.autoZoom = autoZoom
        self.lighting = lighting
        self.zoomRange = zoomRange
        self.recording = recording
    }

    /// The controls a ride starts with: `orientation` asked for, the zoom at `zoom` (within the range).
    public func controls(orientation: OrientationMode, zoom: Double) -> RideControls {
        var configuration = AutoZoom.Configuration()
        configuration.minZoom = zoomRange.lowerBound
        configuration.maxZoom = zoomRange.upperBound
        var controls = RideControls(
            orientation: orientation, autoZoom: AutoZoom(configuration: configuration, initialZoom: zoom),
            lighting: DayNightSwitch(mode: lighting ?? .day), isRecording: recording)
        controls.followResumeSeconds = followResumeSeconds
        return controls
    }
}
