/// What the display needs to know, updated one sensor event at a time.
///
/// It holds position and its age, fix quality, speed, GPS course, the heading with its accuracy (or none), the
/// trail, and which sources are lost. It never reads a clock: "now" is the time of the latest event.
public struct NavState: Sendable {
    /// A fix older than this is shown as stale (MapLibre marks a location stale after 30 s).
    public static let staleAfterSeconds = 30.0
    /// A heading estimate not refreshed for this long (no compass reading, no fix) no longer counts.
    public static let headingTimeoutSeconds = 3.0
    /// Trail points closer together than this are not kept.
    public static let trailSpacingMetres = 4.0
    public static let trailCapacity = 600

    public private(set) var now = Timestamp(nanoseconds: 0)
    public private(set) var fixMode: FixMode = .noFix
    public private(set) var position: GeoCoordinate?
    public private(set) var positionTime: Timestamp?
    public private(set) var positionErrorMetres: Double?
    public private(set) var speedMetresPerSecond: Double?
    public private(set) var course: Angle?
    public private(set) var satellitesUsed: Int?
    /// The satellites used as the HUD shows them: a new count once it held for 2 s (`HeldCount`).
    public private(set) var satellitesShown = HeldCount()
    public private(set) var satellitesSeen: Int?
    public private(set) var trail: [GeoCoordinate] = []
    /// The heading pipeline (calibration, tilt, declination, filter, GPS course, standstill); it sees every event.
    public private(set) var headingEstimator: HeadingEstimator
    /// Sources currently lost, with the reason shown on the HUD.
    public private(set) var lostSources: [SensorSource: String] = [:]

    public init(heading configuration: HeadingConfiguration = HeadingConfiguration()) {
        headingEstimator = HeadingEstimator(configuration: configuration)
    }

    /// Starts the heading pipeline afresh with `configuration` (a new calibration, say); position, trail and
    /// sources are kept.
    public mutating func reconfigureHeading(_ configuration: HeadingConfiguration) {
        headingEstimator = HeadingEstimator(configuration: configuration)
    }

    /// Takes one event into account. Events must come in time order; one that goes back in time is ignored.
    public mutating func apply(_ event: SensorEvent) {
        guard event.time >= now else { return }
        now = event.time
        headingEstimator.apply(event)
        switch event {
        case .gpsFix(let fix): apply(fix)
        case .gpsSky(let sky):
            satellitesSeen = sky.satellitesSeen
            satellitesUsed = sky.satellitesUsed
            satellitesShown.update(sky.satellitesUsed, at: sky.time)
        case .compassHeading:
            break
        case .sourceStatus(_, let status):
            if status.available { lostSources[status.source] = nil } else { lostSources[status.source] = status.detail }
        case .magnetometer, .accelerometer, .gyroscope, .rideAction:
            break
        }
    }

    private mutating func apply(_ fix: GPSFix) {
        lostSources[.gps] = nil
        fixMode = fix.mode
        guard fix.mode >= .twoD, let c = fix.coordinate, c.isValid else { return }
        position = c
        positionTime = fix.time
        positionErrorMetres = fix.horizontalErrorMetres
        speedMetresPerSecond = fix.speedMetresPerSecond
        course = fix.courseDegrees.flatMap { Angle(degrees: $0) }
        if let last = trail.last, GreatCircle.distance(from: last, to: c) < NavState.trailSpacingMetres { return }
        trail.append(c)
        if trail.count > NavState.trailCapacity { trail.removeFirst(trail.count - NavState.trailCapacity) }
    }

    /// Seconds since the last position, nil before the first.
    public var positionAge: Double? { positionAge(at: now) }

    /// True when the last position is too old to be trusted as current.
    public var positionIsStale: Bool { positionIsStale(at: now) }

    /// Seconds from the last position to `time`, a frame's time (never earlier than the latest event): the age
    /// keeps counting between GPS messages instead of freezing at the last one's.
    public func positionAge(at time: Timestamp) -> Double? { positionTime.map { max(now, time).seconds(since: $0) } }

    /// True when, at `time`, the last position is too old to be trusted as current.
    public func positionIsStale(at time: Timestamp) -> Bool {
        (positionAge(at: time) ?? .infinity) > NavState.staleAfterSeconds
    }

    /// True when the speed and course of the last fix still describe the motion at `time`: a fix is held, not
    /// lost, and not stale.
    public func motionIsCurrent(at time: Timestamp) -> Bool {
        fixMode >= .twoD && lostSources[.gps] == nil && !positionIsStale(at: time)
    }

    /// The heading pipeline's current output.
    public var headingEstimate: HeadingEstimate { headingEstimator.estimate }

    /// The one judgement of the heading (arrow or dot, may it turn the map), at the latest event's time.
    public func headingVerdict(
        maximumMapTurningAccuracyDegrees: Double = HeadingVerdict.defaultMaximumMapTurningAccuracyDegrees
    ) -> HeadingVerdict {
        HeadingVerdict(
            estimate: headingEstimator.estimate, now: now, compassLost: lostSources[.magnetometer] != nil,
            maximumMapTurningAccuracyDegrees: maximumMapTurningAccuracyDegrees)
    }

    /// The heading to draw, or nil (a dot) when there is none to trust: unknown, stale, or the compass lost.
    public var heading: Heading? { headingVerdict().heading }

    /// Where to draw the user: held at the standstill anchor while standing still, so the position does not
    /// wander at traffic lights.
    public var displayPosition: GeoCoordinate? { headingEstimator.estimate.standstillAnchor ?? position }

    /// The HUD's position line: fix kind and satellites, or what is wrong.
    public var positionStatus: (text: String, warning: Bool) { positionStatus(at: now) }

    /// The HUD's position line for the frame at `time`, with the fix's age counted to that frame.
    public func positionStatus(at time: Timestamp) -> (text: String, warning: Bool) {
        let seconds = positionAge(at: time).flatMap { Int(checkedTruncating: $0) } ?? 0
        if lostSources[.gps] != nil {
            return ("GPS lost" + (positionTime == nil ? "" : " · fix \(seconds) s old"), true)
        }
        guard position != nil else { return (fixMode == .noFix ? "No GPS fix" : "Waiting for GPS", true) }
        if positionIsStale(at: time) { return ("GPS stale · \(seconds) s", true) }
        if fixMode == .noFix { return ("No fix · last \(seconds) s ago", true) }
        let sats = satellitesShown.shown.map { " · \($0) sats" } ?? ""
        return ((fixMode == .threeD ? "GPS 3D" : "GPS 2D") + sats, false)
    }
}
