/// One thing a sensor told us, with the monotonic time it was measured.
///
/// Live adapters (IIO, gpsd) and the replay reader produce the same events, so a recorded ride drives exactly
/// the code a live ride drives.
///
/// The two large payloads are `indirect` (boxed): an enum is as large as its largest case, and a fix (168 bytes)
/// made every event of a recording, most of them 32-byte IMU samples at 50–100 Hz, five times larger than it
/// needs to be (a 16 MB IMU file replayed in 420 MB).
public enum SensorEvent: Hashable, Sendable {
    case magnetometer(MagnetometerSample)
    case accelerometer(AccelerometerSample)
    case gyroscope(GyroscopeSample)
    indirect case gpsFix(GPSFix)
    case gpsSky(GPSSky)
    /// A finished heading from an external source (NMEA HDT/HDG/HDM, or the scripted demo ride).
    indirect case compassHeading(Timestamp, HeadingReport)
    /// A source was lost or came back (the display shows it).
    case sourceStatus(Timestamp, SourceStatus)
    /// The rider asked for something with a key, a button or a touch (recorded, so a replay presses it again).
    case rideAction(Timestamp, RideAction)

    /// When the event was measured. Set only to keep a session in time order (`TimeOrderedEvents`).
    public var time: Timestamp {
        get {
            switch self {
            case .magnetometer(let s): return s.time
            case .accelerometer(let s): return s.time
            case .gyroscope(let s): return s.time
            case .gpsFix(let f): return f.time
            case .gpsSky(let s): return s.time
            case .compassHeading(let t, _): return t
            case .sourceStatus(let t, _): return t
            case .rideAction(let t, _): return t
            }
        }
        set {
            switch self {
            case .magnetometer(var s):
                s.time = newValue
                self = .magnetometer(s)
            case .accelerometer(var s):
                s.time = newValue
                self = .accelerometer(s)
            case .gyroscope(var s):
                s.time = newValue
                self = .gyroscope(s)
            case .gpsFix(var f):
                f.time = newValue
                self = .gpsFix(f)
            case .gpsSky(var s):
                s.time = newValue
                self = .gpsSky(s)
            case .compassHeading(_, let report): self = .compassHeading(newValue, report)
            case .sourceStatus(_, let status): self = .sourceStatus(newValue, status)
            case .rideAction(_, let action): self = .rideAction(newValue, action)
            }
        }
    }
}

/// The magnetic field in microtesla, in the body frame (mount matrix and board orientation applied), before
/// hard- and soft-iron calibration, so a recording can be replayed with another calibration.
public struct MagnetometerSample: Hashable, Sendable {
    public var time: Timestamp
    public var microtesla: Vector3
    public init(time: Timestamp, microtesla: Vector3) {
        self.time = time
        self.microtesla = microtesla
    }
}

/// Specific force in m/s² in the body frame. At rest and level it reads (0, 0, −9.81): the sensor feels the
/// ground pushing up, and z points down.
public struct AccelerometerSample: Hashable, Sendable {
    public var time: Timestamp
    public var metresPerSecondSquared: Vector3
    public init(time: Timestamp, metresPerSecondSquared: Vector3) {
        self.time = time
        self.metresPerSecondSquared = metresPerSecondSquared
    }
}

/// Angular rate in radians per second in the body frame (positive z = turning right, seen from above).
public struct GyroscopeSample: Hashable, Sendable {
    public var time: Timestamp
    public var radiansPerSecond: Vector3
    public init(time: Timestamp, radiansPerSecond: Vector3) {
        self.time = time
        self.radiansPerSecond = radiansPerSecond
    }
}

/// Which sensor source a status event is about.
public enum SensorSource: String, Hashable, Sendable, CaseIterable {
    case magnetometer, accelerometer, gyroscope, gps
}

/// A source lost or regained.
public struct SourceStatus: Hashable, Sendable {
    public var source: SensorSource
    public var available: Bool
    /// One line for the log and the HUD ("hmc5883l: read failed: No such device").
    public var detail: String
    public init(source: SensorSource, available: Bool, detail: String) {
        self.source = source
        self.available = available
        self.detail = detail
    }
}
