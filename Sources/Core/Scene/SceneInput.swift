/// Everything one frame shows, computed from the navigation state before drawing starts.
public struct SceneInput: Sendable {
    public var camera: Camera
    public var mode: OrientationMode
    /// The heading to draw as an arrow; nil draws a dot (heading unknown or not trusted).
    public var heading: Heading?
    /// What turns the map (the HUD names it next to the mode).
    public var rotationDriver: RotationDriver = .none
    /// False before the first fix: the camera shows a fallback place and no user marker is drawn there.
    public var positionKnown = true
    /// 95 % horizontal position error in metres, for the accuracy ring.
    public var positionErrorMetres: Double?
    /// Past positions, oldest first.
    public var trail: [GeoCoordinate]
    /// The name of the road the user is on, for the current-street bar; nil asks the map (`MapLayer`).
    public var currentStreet: String?
    /// Course over ground, when known: the big number in course-up, where the course is what is up.
    public var course: Angle?
    /// True when the position (and the speed with it) is older than `NavState.staleAfterSeconds`: the speed and
    /// the arrow are drawn grey.
    public var positionStale = false
    /// Speed over ground in m/s, when known (the last one, when stale).
    public var speedMetresPerSecond: Double?
    /// The whole degrees the HUD shows for the heading (the course in course-up) and for its accuracy when wide,
    /// and the whole speed in the ride's units, held against dither by the pipeline (`SteadyReadout`); nil shows
    /// them rounded as they are.
    public var shownDegrees: Int?
    public var shownAccuracy: Int?
    public var shownSpeed: Int?
    /// One short line about the position source ("GPS 3D · 9 sats", "NO FIX", "GPS lost 35 s").
    public var positionStatus: String
    /// True when the position line should be shown as a warning (no fix, stale).
    public var positionWarning: Bool
    /// One short line about the heading ("compass · true", "GPS course", "compass disturbed"); nil to omit.
    public var headingStatus: String?
    /// True when the heading line should be shown as a warning.
    public var headingWarning: Bool
    /// Warnings about the device rather than the navigation ("RECORDING STOPPED"), shown on the HUD.
    public var notices: [String] = []
    /// How the rider chose the mode: by hand, left to auto (the HUD says "AUTO" before the mode auto picked, so
    /// the cycle key's fourth press is visible), or north-up locked.
    public var modeChoice: ModeChoice = .manual
    /// The route, the trip, the clock and the units (`RideTracker`); nil draws none of them, in metric.
    public var ride: RideOverlay?

    public init(
        camera: Camera, mode: OrientationMode, heading: Heading?, positionErrorMetres: Double? = nil,
        trail: [GeoCoordinate] = [], speedMetresPerSecond: Double? = nil, positionStatus: String = "",
        positionWarning: Bool = false, headingStatus: String? = nil, headingWarning: Bool = false
    ) {
        self.camera = camera
        self.mode = mode
        self.heading = heading
        self.positionErrorMetres = positionErrorMetres
        self.trail = trail
        self.speedMetresPerSecond = speedMetresPerSecond
        self.positionStatus = positionStatus
        self.positionWarning = positionWarning
        self.headingStatus = headingStatus
        self.headingWarning = headingWarning
    }

    /// The arrow's angle on screen (heading less the map's rotation) in half degrees, 0..<720, as the marker draws
    /// it and the frame's signature compares it; nil without a heading. 359.8° rounds to 720, the arrow drawn at
    /// 0, so it is 0: a look of its own for it was drawn again into the marker's layer.
    public var arrowHalfDegrees: Int? {
        // An `Angle` is finite and in [0, 360): the conversion cannot trap.
        heading.map { Int((camera.arrowAngle(heading: $0.direction).degrees * 2).rounded()) % 720 }
    }

    /// How wide the heading's cone is drawn, in whole degrees either side, as the marker draws it and the frame's
    /// signature compares it: the HUD's held number when the pipeline holds one (a cone that widened and narrowed
    /// by a degree with a dithering accuracy wobbled, and was drawn again each time), else the accuracy rounded to
    /// 0…360; one that is not a number is as bad as can be, 360. Nil without a heading.
    public var coneAccuracyDegrees: Int? {
        heading.map { h in
            shownAccuracy ?? (h.accuracyDegrees.isFinite ? Int(min(max(h.accuracyDegrees, 0), 360).rounded()) : 360)
        }
    }
}

/// Whether the orientation mode on screen is the rider's own choice, auto's pick, or a locked north-up.
public enum ModeChoice: Hashable, Sendable {
    case manual, automatic, lockedNorthUp
}
