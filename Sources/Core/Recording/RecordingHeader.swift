/// What a recording says about itself before its first sample: which program wrote it, which devices produced
/// the samples and how they were mounted, the calibration in use, when and where it started.
///
/// Everything but the format version is optional: an import from an NMEA log knows little, a live recording a lot.
public struct RecordingHeader: Hashable, Sendable {
    /// One sensor as the recorder saw it.
    public struct Device: Hashable, Sendable {
        /// What it measures: "magnetometer", "accelerometer", "gyroscope", "gps", "compass".
        public var role: String
        /// The driver or source name ("hmc5883l (iio:device0)", "gpsd localhost:2947", "simulated").
        public var name: String
        /// The driver's raw-to-unit scale, when it has one.
        public var scale: Double?
        /// Samples per second, when known.
        public var rateHertz: Double?
        public init(role: String, name: String, scale: Double? = nil, rateHertz: Double? = nil) {
            self.role = role
            self.name = name
            self.scale = scale
            self.rateHertz = rateHertz
        }
    }

    /// The format version this header was read with or will be written with.
    public var formatVersion: Int
    /// "navdisplay 0.1.0", or the tool an import came from.
    public var program: String?
    public var devices: [Device]
    /// The kernel's mount matrix of the magnetometer (already applied to the recorded values), row-major.
    public var mountMatrix: Matrix3?
    /// The board orientation the recorder applied (already applied too), e.g. "x,y,z".
    public var boardOrientation: String?
    /// The calibration in use while recording; samples stay uncalibrated, so replay may choose another.
    public var calibration: MagnetometerCalibration?
    /// UTC seconds since 1970 at the recording's first sample, when known.
    public var startUTCSeconds: Double?
    /// Where the recording starts, and a name for the place.
    public var place: GeoCoordinate?
    public var placeName: String?
    /// Free-text notes ("scenario: stop at lights, U-turn"), one per `@note` line.
    public var notes: [String]
    /// Header keys this version does not know, kept so re-recording does not lose them.
    public var extra: [String: String]

    public init(
        formatVersion: Int = RecordingFormat.version, program: String? = nil, devices: [Device] = [],
        mountMatrix: Matrix3? = nil, boardOrientation: String? = nil, calibration: MagnetometerCalibration? = nil,
        startUTCSeconds: Double? = nil, place: GeoCoordinate? = nil, placeName: String? = nil, notes: [String] = [],
        extra: [String: String] = [:]
    ) {
        self.formatVersion = formatVersion
        self.program = program
        self.devices = devices
        self.mountMatrix = mountMatrix
        self.boardOrientation = boardOrientation
        self.calibration = calibration
        self.startUTCSeconds = startUTCSeconds
        self.place = place
        self.placeName = placeName
        self.notes = notes
        self.extra = extra
    }
}
