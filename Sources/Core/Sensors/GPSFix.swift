/// The fix quality gpsd reports.
public enum FixMode: Int, Hashable, Sendable, Comparable {
    case noFix = 1, twoD = 2, threeD = 3
    public static func < (a: FixMode, b: FixMode) -> Bool { a.rawValue < b.rawValue }
}

/// One position report. Every field gpsd may leave unset is optional: nil means "not reported", never NaN.
public struct GPSFix: Hashable, Sendable {
    /// When we received it (monotonic).
    public var time: Timestamp
    public var mode: FixMode
    /// The receiver's UTC time of the fix, in seconds since 1970, when known.
    public var utcSeconds: Double?
    public var coordinate: GeoCoordinate?
    /// Altitude above mean sea level in metres.
    public var altitudeMetres: Double?
    /// Speed over ground in m/s.
    public var speedMetresPerSecond: Double?
    /// Course over ground in degrees from true north.
    public var courseDegrees: Double?
    /// Estimated horizontal position error (95 %) in metres.
    public var horizontalErrorMetres: Double?
    public var verticalErrorMetres: Double?
    public var speedErrorMetresPerSecond: Double?
    public var courseErrorDegrees: Double?

    public init(
        time: Timestamp, mode: FixMode, utcSeconds: Double? = nil, coordinate: GeoCoordinate? = nil,
        altitudeMetres: Double? = nil, speedMetresPerSecond: Double? = nil, courseDegrees: Double? = nil,
        horizontalErrorMetres: Double? = nil, verticalErrorMetres: Double? = nil,
        speedErrorMetresPerSecond: Double? = nil, courseErrorDegrees: Double? = nil
    ) {
        self.time = time
        self.mode = mode
        self.utcSeconds = utcSeconds
        self.coordinate = coordinate
        self.altitudeMetres = altitudeMetres
        self.speedMetresPerSecond = speedMetresPerSecond
        self.courseDegrees = courseDegrees
        self.horizontalErrorMetres = horizontalErrorMetres
        self.verticalErrorMetres = verticalErrorMetres
        self.speedErrorMetresPerSecond = speedErrorMetresPerSecond
        self.courseErrorDegrees = courseErrorDegrees
    }
}

/// The satellites a receiver sees and uses.
public struct GPSSky: Hashable, Sendable {
    public var time: Timestamp
    public var satellitesSeen: Int
    public var satellitesUsed: Int
    public init(time: Timestamp, satellitesSeen: Int, satellitesUsed: Int) {
        self.time = time
        self.satellitesSeen = satellitesSeen
        self.satellitesUsed = satellitesUsed
    }
}
