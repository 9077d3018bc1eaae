import CGps
import Glibc

/// A failed libgps call, with gpsd's own words for it.
public struct GpsdError: Error, CustomStringConvertible, Sendable {
    /// What we tried ("connect to gpsd at localhost:2947").
    public var operation: String
    /// libgps's explanation (`gps_errstr`), or the system's for plain errno values.
    public var reason: String
    public var description: String { "\(operation): \(reason)" }
}

/// One open connection to gpsd. Every libgps call in the project is in this file, through `gps`, the functions
/// looked up in `libgps.so.28`.
///
/// The socket is non-blocking: `readMessages` drains what has arrived and returns, so the event loop never stalls
/// on a half-received line.
final class GpsdConnection {
    private let gps: GpsLibrary
    private let data: UnsafeMutablePointer<gps_data_t>
    private var isOpen = false
    let endpoint: String
    /// What the socket delivered, cut into lines; `chunk` is the buffer each `recv` fills.
    private var lines = GpsdLineBuffer()
    private var chunk = [UInt8](repeating: 0, count: 4096)

    /// Loads libgps (the first time), connects to gpsd and asks for JSON reports. The corresponding C functions are
    /// `gps_open` and `gps_stream`.
    init(host: String, port: String) throws {
        endpoint = "\(host):\(port)"
        do {
            gps = try GpsLibrary.load()
        } catch {
            // Where an unreachable gpsd fails, so the source retries and reports it; the text says what to install.
            throw GpsdError(operation: "connect to gpsd at \(endpoint)", reason: error.description)
        }
        data = .allocate(capacity: 1)
        memset(data, 0, MemoryLayout<gps_data_t>.size)
        errno = 0
        if gps.gps_open(host, port, data) != 0 {
            // deinit runs for a class whose init throws after every property is set: it frees `data`.
            let code = errno
            throw GpsdError(operation: "connect to gpsd at \(endpoint)", reason: describe(code))
        }
        isOpen = true
        if gps.gps_stream(data, cgps_watch_enable_json(), nil) != 0 {
            let code = errno
            close()
            throw GpsdError(operation: "start watching gpsd at \(endpoint)", reason: describe(code))
        }
        let flags = fcntl(data.pointee.gps_fd, F_GETFL)
        _ = fcntl(data.pointee.gps_fd, F_SETFL, flags | O_NONBLOCK)
    }

    deinit {
        close()
        data.deallocate()
    }

    /// The socket to watch for readability.
    var fileDescriptor: Int32 { data.pointee.gps_fd }

    /// Reads every complete message that has arrived, at most `limit`. Throws when gpsd closed the connection.
    ///
    /// The socket is read here, not by `gps_read`: a line reaches libgps's parser only when `GpsdLine.kind` says
    /// it is a report of a class we read (libgps 3.22 can spin for minutes on a malformed line). Reports of other
    /// classes (WATCH, POLL) are skipped quietly; malformed lines, and lines libgps itself refuses (`gps_read`
    /// would have ended the connection), are skipped and counted in `skippedLines`. The corresponding C functions
    /// are `recv` and `gps_unpack`.
    func readMessages(limit: Int = 256) throws -> [GpsdReading] {
        var readings: [GpsdReading] = []
        while readings.count < limit {
            if let line = lines.nextLine() {
                switch GpsdLine.kind(of: line) {
                case .report:
                    if unpack(line) { readings.append(snapshot()) } else { skippedLines += 1 }
                case .deviceList(let devices):
                    var reading = GpsdReading()
                    reading.set = [.deviceList]
                    reading.deviceReports = devices
                    readings.append(reading)
                case .otherClass: break
                case .malformed: skippedLines += 1
                }
                continue
            }
            let received = chunk.withUnsafeMutableBytes { buffer in
                retryingEINTR { recv(data.pointee.gps_fd, buffer.baseAddress, buffer.count, 0) }
            }
            if received > 0 {
                chunk.withUnsafeBytes { lines.append(UnsafeRawBufferPointer(rebasing: $0[..<received])) }
                continue
            }
            let code = errno
            if received < 0, code == EAGAIN || code == EWOULDBLOCK { break }
            throw GpsdError(
                operation: "read from gpsd at \(endpoint)",
                reason: received == 0 ? "gpsd closed the connection" : describe(code))
        }
        return readings
    }

    /// Malformed lines skipped since the connection opened (not what gpsd sends, or refused by libgps).
    private(set) var skippedLines = 0

    /// libgps's parser on one checked line, filling `data` as `gps_read` would; false when libgps refused it.
    private func unpack(_ line: [UInt8]) -> Bool {
        var text = line.map { CChar(bitPattern: $0) }
        text.append(0)
        // As `gps_read`: a negative status is a refusal; 0 or a positive JSON_ERR_* code leaves what was read.
        return gps.gps_unpack(&text, data) >= 0
    }

    /// Closes the socket. The corresponding C function is `gps_close`.
    func close() {
        guard isOpen else { return }
        isOpen = false
        _ = gps.gps_close(data)
    }

    private func snapshot() -> GpsdReading {
        let d = data.pointee
        var r = GpsdReading()
        let set = d.set
        let pairs: [(UInt64, GpsdFields)] = [
            (cgps_time_set(), .time), (cgps_latlon_set(), .latLon), (cgps_altitude_set(), .altitude),
            (cgps_speed_set(), .speed), (cgps_track_set(), .track), (cgps_mode_set(), .mode),
            (cgps_status_set(), .status), (cgps_satellite_set(), .satellites), (cgps_herr_set(), .horizontalError),
            (cgps_verr_set(), .verticalError), (cgps_speederr_set(), .speedError),
            (cgps_trackerr_set(), .trackError), (cgps_devicelist_set(), .deviceList),
            (cgps_version_set(), .version), (cgps_error_set(), .error), (cgps_device_set(), .device),
            (cgps_attitude_set(), .attitude), (cgps_magnetic_track_set(), .magneticTrack),
        ]
        for (bit, field) in pairs where set & bit != 0 { r.set.insert(field) }
        r.mode = d.fix.mode
        r.status = d.fix.status
        r.utcSeconds = Double(d.fix.time.tv_sec) + Double(d.fix.time.tv_nsec) / 1e9
        r.latitude = d.fix.latitude
        r.longitude = d.fix.longitude
        r.altitudeMSL = d.fix.altMSL
        r.speed = d.fix.speed
        r.track = d.fix.track
        r.eph = d.fix.eph
        r.epx = d.fix.epx
        r.epy = d.fix.epy
        r.epv = d.fix.epv
        r.eps = d.fix.eps
        r.epd = d.fix.epd
        r.magneticTrack = d.fix.magnetic_track
        r.magneticVariation = d.fix.magnetic_var
        // `attitude` shares a union with VERSION, ERROR and the rest: only read it when gpsd says it is an ATT.
        if r.set.contains(.attitude) { r.attitudeHeading = d.attitude.heading }
        r.satellitesUsed = d.satellites_used
        r.satellitesVisible = d.satellites_visible
        // DEVICES never reaches libgps (`GpsdLine.Kind.deviceList`): its device list is read by us.
        if r.set.contains(.device) { r.deviceReports = [Self.device(d.dev)] }
        if r.set.contains(.version) {
            r.release = withUnsafeBytes(of: d.version.release) { Self.string(from: $0) }
        }
        if r.set.contains(.error) {
            r.errorMessage = withUnsafeBytes(of: d.error) { Self.string(from: $0) }
        }
        return r
    }

    /// A receiver's path and driver from libgps's `devconfig_t` (its cycle times are not to be trusted: see
    /// `GpsdDevice`).
    private static func device(_ c: devconfig_t) -> GpsdDevice {
        GpsdDevice(
            path: withUnsafeBytes(of: c.path) { string(from: $0) },
            driver: withUnsafeBytes(of: c.driver) { string(from: $0) })
    }

    /// Sends one command line to gpsd (what libgps's `gps_send` does; its printf-style arguments keep it out of
    /// Swift). Commands are a few dozen bytes, far below the socket buffer, so a short write means trouble.
    func send(_ command: String) throws {
        let bytes = Array(command.utf8)
        // MSG_NOSIGNAL: gpsd closing the socket must be an error here, not a SIGPIPE that ends the process.
        let written = bytes.withUnsafeBytes {
            Glibc.send(data.pointee.gps_fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        guard written == bytes.count else {
            let code = errno
            throw GpsdError(
                operation: "send to gpsd at \(endpoint)", reason: written < 0 ? describe(code) : "short write")
        }
    }

    /// A C char array to a Swift string, stopping at the first NUL.
    private static func string(from bytes: UnsafeRawBufferPointer) -> String {
        let chars = bytes.prefix { $0 != 0 }
        return String(decoding: chars, as: UTF8.self)
    }

    /// libgps reports its own (negative) codes in errno; positive values are plain system errors.
    /// The corresponding C function is `gps_errstr`.
    private func describe(_ code: Int32) -> String {
        if code > 0 { return String(cString: strerror(code)) }
        return gps.gps_errstr(code).map { String(cString: $0) } ?? "libgps error \(code)"
    }
}
