/// What the rider has asked for so far: orientation, zoom, follow or pan, day or night, recording, marks.
///
/// Pure state: actions come in with their time, and the display reads the result each frame.
public struct RideControls: Sendable {
    /// The orientation the cycle key has chosen (auto is resolved each frame by `RotationPolicy`).
    public private(set) var orientation: OrientationMode
    /// North-up held by the lock key; the cycle key does nothing while it holds.
    public private(set) var northUpLocked = false
    public var autoZoom: AutoZoom
    public var lighting: DayNightSwitch
    /// False after a pan, until recentred or `followResumeSeconds` without a pan.
    public private(set) var following = true
    /// How far the rider panned the map, in screen pixels.
    public private(set) var panOffset = Point(x: 0, y: 0)
    public private(set) var isRecording = false
    /// The points marked with the mark key, in order.
    public private(set) var marks: [GPXPoint] = []
    /// How long after the last pan the map follows the rider again, in seconds.
    public var followResumeSeconds = 15.0
    private var lastPan: Timestamp?

    /// How far a pan may take the map, in screen pixels either way: far enough to look a few screens ahead,
    /// never so far that a wild drag (or a damaged recording's 1e300) puts the map out of reach.
    public static let maximumPanPixels = 4000.0

    /// `isRecording` is the recorder's state at the start (`run --record` starts recording).
    public init(
        orientation: OrientationMode = .headingUp, autoZoom: AutoZoom = AutoZoom(),
        lighting: DayNightSwitch = DayNightSwitch(), isRecording: Bool = false
    ) {
        self.orientation = orientation
        self.autoZoom = autoZoom
        self.lighting = lighting
        self.isRecording = isRecording
    }

    /// The orientation to ask `RotationPolicy` for: north-up while locked, else the chosen one.
    public var requestedOrientation: OrientationMode { northUpLocked ? .northUp : orientation }

    /// Applies one action. `position` is where the rider is (for a mark), `utcSeconds` the fix's time.
    public mutating func apply(
        _ action: RideAction, at time: Timestamp, position: GeoCoordinate? = nil, utcSeconds: Double? = nil
    ) {
        switch action {
        case .cycleOrientation:
            if !northUpLocked { orientation = orientation.nextInCycle }
        case .lockNorthUp:
            northUpLocked.toggle()
        case .zoomIn:
            autoZoom.manualZoom(to: autoZoom.zoom.rounded(.down) + 1, time: time)
        case .zoomOut:
            autoZoom.manualZoom(to: autoZoom.zoom.rounded(.up) - 1, time: time)
        case .zoomBy(let levels):
            autoZoom.manualZoom(to: autoZoom.zoom + levels, time: time)
        case .recentre:
            following = true
            panOffset = Point(x: 0, y: 0)
            lastPan = nil
        case .pan(let dx, let dy):
            guard dx.isFinite, dy.isFinite else { return }
            let limit = Self.maximumPanPixels
            following = false
            panOffset = Point(
                x: min(max(panOffset.x + dx, -limit), limit), y: min(max(panOffset.y + dy, -limit), limit))
            lastPan = time
        case .cycleLighting:
            lighting.mode = lighting.mode.next
        case .markPoint:
            if let position, position.isValid { marks.append(GPXPoint(coordinate: position, utcSeconds: utcSeconds)) }
        case .toggleRecording:
            isRecording.toggle()
        }
    }

    /// Advances time: follow resumes once no pan came for `followResumeSeconds`.
    public mutating func tick(at time: Timestamp) {
        if !following, let lastPan, time.seconds(since: lastPan) >= followResumeSeconds {
            following = true
            panOffset = Point(x: 0, y: 0)
            self.lastPan = nil
        }
    }
}
