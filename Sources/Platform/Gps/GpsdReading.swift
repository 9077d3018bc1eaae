import Core

/// Which parts of a `GpsdReading` gpsd marked as set, mirroring libgps's `*_SET` bits that we read.
struct GpsdFields: OptionSet, Hashable, Sendable {
    let rawValue: UInt32
    static let time = GpsdFields(rawValue: 1 << 0)
    static let latLon = GpsdFields(rawValue: 1 << 1)
    static let altitude = GpsdFields(rawValue: 1 << 2)
    static let speed = GpsdFields(rawValue: 1 << 3)
    static let track = GpsdFields(rawValue: 1 << 4)
    static let mode = GpsdFields(rawValue: 1 << 5)
    static let status = GpsdFields(rawValue: 1 << 6)
    static let satellites = GpsdFields(rawValue: 1 << 7)
    static let horizontalError = GpsdFields(rawValue: 1 << 8)
    static let verticalError = GpsdFields(rawValue: 1 << 9)
    static let speedError = GpsdFields(rawValue: 1 << 10)
    static let trackError = GpsdFields(rawValue: 1 << 11)
    static let deviceList = GpsdFields(rawValue: 1 << 12)
    static let version = GpsdFields(rawValue: 1 << 13)
    static let error = GpsdFields(rawValue: 1 << 14)
    static let device = GpsdFields(rawValue: 1 << 15)
    /// An ATT report (gpsd 3.22 sends one per HDT/THS sentence).
    static let attitude = GpsdFields(rawValue: 1 << 16)
    /// TPV `magtrack` (a compass's HDG, or the course made magnetic).
    static let magneticTrack = GpsdFields(rawValue: 1 << 17)
}

/// One message from gpsd copied out of libgps's `gps_data_t`, still raw: doubles may be NaN and only the `set`
/// fields mean anything. `events(at:)` is the one place these become optionals.
///
/// A compass reaches us through gpsd two ways (measured with gpsd 3.22 and gpsfake on the vendored captures): an
/// HDG becomes TPV `magtrack`, and an HDT or THS an ATT report's `heading`. gpsd's `magvar` is never used as a
/// declination (3.22 takes it from a coarse table; our own model gives it), only to tell a compass's `magtrack`
/// from the course gpsd made magnetic itself.
struct GpsdReading: Hashable, Sendable {
    var set: GpsdFields = []
    /// gpsd's fix mode: 0 not seen, 1 no fix, 2 2D, 3 3D.
    var mode: Int32 = 0
    /// gpsd's fix status (0 none, 1 GPS, 2 DGPS, 3 RTK fixed, …).
    var status: Int32 = 0
    /// The fix's UTC time in seconds since 1970 (0 when absent).
    var utcSeconds: Double = .nan
    var latitude: Double = .nan
    var longitude: Double = .nan
    /// Altitude above mean sea level (gpsd's `altMSL`).
    var altitudeMSL: Double = .nan
    var speed: Double = .nan
    var track: Double = .nan
    /// Horizontal error estimates: gpsd's `eph`, and `epx`/`epy` (longitude/latitude) for when `eph` is absent.
    var eph: Double = .nan
    var epx: Double = .nan
    var epy: Double = .nan
    var epv: Double = .nan
    var eps: Double = .nan
    var epd: Double = .nan
    /// TPV `magtrack` and `magvar` (degrees), meaningful with `.magneticTrack`.
    var magneticTrack: Double = .nan
    var magneticVariation: Double = .nan
    /// ATT `heading` (degrees from true north), meaningful with `.attitude`; NaN when the compass had none.
    var attitudeHeading: Double = .nan
    var satellitesUsed: Int32 = 0
    var satellitesVisible: Int32 = 0
    /// The receivers a DEVICES message lists, or the one a DEVICE message describes, with their drivers.
    var deviceReports: [GpsdDevice] = []
    /// Their device paths.
    var devices: [String] { deviceReports.map(\.path) }
    /// gpsd's release string from a VERSION message.
    var release: String = ""
    /// gpsd's text from an ERROR message.
    var errorMessage: String = ""

    /// The Core events this message carries, stamped with the receive time `now`.
    func events(at now: Timestamp) -> [SensorEvent] {
        var events: [SensorEvent] = []
        let fix = fix(at: now)
        if let fix { events.append(.gpsFix(fix)) }
        if let compass = compass(at: now, fix: fix) { events.append(compass) }
        if set.contains(.satellites) {
            events.append(
                .gpsSky(
                    GPSSky(
                        time: now, satellitesSeen: Int(max(0, satellitesVisible)),
                        satellitesUsed: Int(max(0, satellitesUsed)))))
        }
        return events
    }

    /// The fix in a TPV message, or nil when this message is not a position report (or gpsd has not seen a mode).
    func fix(at now: Timestamp) -> GPSFix? {
        guard set.contains(.mode), let mode = FixMode(rawValue: Int(self.mode)) else { return nil }
        var fix = GPSFix(time: now, mode: mode)
        // A positive UTC time only: libgps leaves 0 for "no time".
        fix.utcSeconds = value(utcSeconds, when: .time).flatMap { $0 > 0 ? $0 : nil }
        if mode >= .twoD, let lat = value(latitude, when: .latLon), let lon = value(longitude, when: .latLon) {
            let coordinate = GeoCoordinate(latitude: lat, longitude: lon)
            fix.coordinate = coordinate.isValid ? coordinate : nil
        }
        // Whatever answers on gpsd's port may send 1e300: values no vehicle reaches are dropped here, once.
        if mode >= .threeD {
            fix.altitudeMetres = value(altitudeMSL, when: .altitude).flatMap { abs($0) < 1e6 ? $0 : nil }
        }
        fix.speedMetresPerSecond = value(speed, when: .speed).flatMap { $0 >= 0 && $0 < 2000 ? $0 : nil }
        fix.courseDegrees = value(track, when: .track).map {
            ($0.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        }
        if let eph = finite(eph) {
            fix.horizontalErrorMetres = eph
        } else if let x = value(epx, when: .horizontalError), let y = value(epy, when: .horizontalError) {
            fix.horizontalErrorMetres = (x * x + y * y).squareRoot()
        }
        fix.verticalErrorMetres = mode >= .threeD ? finite(epv) : nil
        // An error estimate without its value is meaningless, so each one rides on its value's bit.
        fix.speedErrorMetresPerSecond = fix.speedMetresPerSecond == nil ? nil : finite(eps)
        fix.courseErrorDegrees = fix.courseDegrees == nil ? nil : finite(epd)
        // gpsd leaves `status` out of a TPV for a plain fix (measured against gpsd 3.25: GGA quality 1 gives no
        // status, 2/4/5 give DGPS/RTK), so a 2D/3D fix without one is autonomous GNSS.
        let reported = set.contains(.status) ? Self.fixStatus(gpsd: status) : nil
        fix.status = mode >= .twoD ? (reported ?? .gps) : nil
        return fix
    }

    /// The compass report this message carries: an ATT's true heading, or a TPV `magtrack` that is a compass's
    /// and not the course made magnetic. Each has its own validity (finite, 0–360); an ATT's accuracy is the one
    /// the NMEA import assumes, since it does not say; a `magtrack`'s is a course's (`GpsdMagneticTrack.report`).
    func compass(at now: Timestamp, fix: GPSFix?) -> SensorEvent? {
        let accuracy = NMEAImport.assumedCompassAccuracyDegrees
        if set.contains(.attitude) {
            guard let h = finite(attitudeHeading), h >= 0, h <= 360 else { return nil }
            return .compassHeading(now, HeadingReport(trueDegrees: h, accuracyDegrees: accuracy))
        }
        // A `magtrack` may be a VTG's magnetic course: weighted like a course (GpsdMagneticTrack.report).
        guard set.contains(.magneticTrack), set.contains(.mode),
            let report = GpsdMagneticTrack.report(
                track: value(track, when: .track), magneticTrack: finite(magneticTrack),
                variation: finite(magneticVariation), speedMetresPerSecond: fix?.speedMetresPerSecond,
                speedErrorMetresPerSecond: fix?.speedErrorMetresPerSecond, courseErrorDegrees: fix?.courseErrorDegrees)
        else { return nil }
        return .compassHeading(now, report)
    }

    /// gpsd's `STATUS_*` numbers (gps.h, API 11+) as Core's status; nil for 0 ("no fix or unknown") and for
    /// numbers a newer gpsd may add.
    static func fixStatus(gpsd value: Int32) -> FixStatus? { FixStatus(gpsdStatus: Int(value)) }

    private func value(_ v: Double, when field: GpsdFields) -> Double? {
        set.contains(field) ? finite(v) : nil
    }

    private func finite(_ v: Double) -> Double? { v.isFinite ? v : nil }
}
