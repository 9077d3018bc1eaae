/// The fix quality gpsd reports.
public enum FixMode: Int, Hashable, Sendable, Comparable {
    case noFix = 1
    case twoD = 2
    case threeD = 3
    public static func < (a: FixMode, b: FixMode) -> Bool { a.rawValue < b.rawValue }
}

/// How a receiver arrived at its fix (gpsd's `status`): plain GNSS, corrected, RTK, dead reckoning, ….
public enum FixStatus: String, Hashable, Sendable, CaseIterable {
    /// An autonomous GNSS fix.
    case gps
    /// Corrected by differential GNSS (SBAS, a beacon or a network).
    case dgps
    /// RTK with integer ambiguities fixed: centimetres.
    case rtkFixed = "rtk-fixed"
    /// RTK with float ambiguities: decimetres.
    case rtkFloat = "rtk-float"
    /// Dead reckoning only: no satellites behind it.
    case deadReckoning = "dr"
    /// GNSS combined with dead reckoning.
    case gnssDeadReckoning = "gnss-dr"
    /// Time only (a surveyed-in or manually set position).
    case timeOnly = "time"
    /// A simulator, not a receiver.
    case simulated = "sim"
    /// A fix with a PPS time pulse.
    case ppsFix = "pps"

    /// gpsd's `STATUS_*` numbers (gps.h, API 11+); nil for 0 ("no fix or unknown") and for numbers a newer gpsd
    /// may add.
    public init?(gpsdStatus value: Int) {
        let table: [Int: FixStatus] = [
            1: .gps, 2: .dgps, 3: .rtkFixed, 4: .rtkFloat, 5: .deadReckoning, 6: .gnssDeadReckoning, 7: .timeOnly,
            8: .simulated, 9: .ppsFix,
        ]
        guard let s = table[value] else { return nil }
        self = s
    }
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
    /// How the fix was made, when the receiver says; nil when unknown.
    public var status: FixStatus?

    public init(
        time: Timestamp, mode: FixMode, utcSeconds: Double? = nil, coordinate: GeoCoordinate? = nil,
        altitudeMetres: Double? = nil, speedMetresPerSecond: Double? = nil, courseDegrees: Double? = nil,
        horizontalErrorMetres: Double? = nil, verticalErrorMetres: Double? = nil,
        speedErrorMetresPerSecond: Double? = nil, courseErrorDegrees: Double? = nil, status: FixStatus? = nil
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
        self.status = status
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
