/// A line the reader skipped, and why: "ride.navrec:1204: bad checksum (skipped)".
public struct RecordingWarning: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// 1-based line number.
    public var line: Int
    public var reason: String
    public init(file: String, line: Int, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }
    public var description: String { "\(file):\(line): \(reason) (skipped)" }
}

/// A recording's header, its events in time order, and the lines that had to be skipped.
public struct Recording: Sendable {
    public var header: RecordingHeader
    public var events: [SensorEvent]
    public var warnings: [RecordingWarning]
    /// For an NMEA or gpsd JSON import: what was read, used and skipped, and the time repairs made.
    public var importSummary: ImportSummary?
    public init(header: RecordingHeader, events: [SensorEvent], warnings: [RecordingWarning] = []) {
        self.header = header
        self.events = events
        self.warnings = warnings
    }
}

/// Why a file cannot be read as a recording at all (individual bad lines are warnings, not errors).
public struct RecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Reads the navdisplay recording format. Bad lines (checksum, garbage, time going backwards, a truncated last
/// line) are skipped with a warning naming file and line; reading never stops on them.
public enum RecordingReader {
    /// Parses a whole file's bytes. Throws only when the first line is not a recording header of a known version.
    public static func read(_ bytes: [UInt8], file: String) throws -> Recording {
        var header = RecordingHeader()
        var calibrationLines: [String] = []
        var events: [SensorEvent] = []
        events.reserveCapacity(bytes.count / 70)
        var warnings: [RecordingWarning] = []
        var lastTime: Timestamp?
        var lineNumber = 0
        var start = 0
        var sawMagic = false
        while start < bytes.count {
            lineNumber += 1
            var end = start
            while end < bytes.count && bytes[end] != 10 { end += 1 }
            let terminated = end < bytes.count
            var slice = bytes[start..<end]
            start = end + 1
            if slice.last == 13 { slice = slice.dropLast() }
            if !sawMagic {
                let first = String(decoding: slice, as: UTF8.self).split(separator: " ")
                guard first.count == 2, first[0] == RecordingFormat.magic, let v = Int(first[1]) else {
                    throw RecordingError(
                        "\(file): not a navdisplay recording (the first line must be \"\(RecordingFormat.magic) \(RecordingFormat.version)\")"
                    )
                }
                guard v <= RecordingFormat.version else {
                    throw RecordingError(
                        "\(file): recording format \(v) is newer than this navdisplay reads (\(RecordingFormat.version)); use a newer navdisplay"
                    )
                }
                header.formatVersion = v
                sawMagic = true
                continue
            }
            if !terminated {
                warnings.append(RecordingWarning(file: file, line: lineNumber, reason: "truncated last line"))
                break
            }
            guard let firstByte = slice.first else { continue }
            if firstByte == UInt8(ascii: "#") { continue }
            if firstByte == UInt8(ascii: "@") {
                let text = String(decoding: slice.dropFirst(), as: UTF8.self)
                if let problem = applyHeaderLine(text, to: &header, calibrationLines: &calibrationLines) {
                    warnings.append(RecordingWarning(file: file, line: lineNumber, reason: problem))
                }
                continue
            }
            switch parseSample(slice) {
            case .failure(let why):
                warnings.append(RecordingWarning(file: file, line: lineNumber, reason: why.message))
            case .success(let event):
                if let last = lastTime, event.time < last {
                    warnings.append(
                        RecordingWarning(
                            file: file, line: lineNumber,
                            reason:
                                "time goes backwards (\(RecordingFormat.timeText(event.time)) after \(RecordingFormat.timeText(last)))"
                        ))
                    continue
                }
                lastTime = event.time
                events.append(event)
            }
        }
        if !sawMagic { throw RecordingError("\(file): empty file, not a navdisplay recording") }
        if !calibrationLines.isEmpty {
            do {
                header.calibration = try MagnetometerCalibration(
                    parsing: calibrationLines.joined(separator: "\n") + "\n")
            } catch {
                warnings.append(RecordingWarning(file: file, line: 0, reason: "calibration in the header: \(error)"))
            }
        }
        return Recording(header: header, events: events, warnings: warnings)
    }

    /// Takes one `@key value` header line into `header`; returns a problem to warn about, or nil.
    static func applyHeaderLine(_ text: String, to header: inout RecordingHeader, calibrationLines: inout [String])
        -> String?
    {
        let parts = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        let key = String(parts[0])
        let value = parts.count > 1 ? String(parts[1]) : ""
        let words = value.split(separator: " ")
        switch key {
        case "program": header.program = value
        case "device":
            guard let role = words.first else { return "@device without a role" }
            var d = RecordingHeader.Device(role: String(role), name: "")
            var rest = words.dropFirst()
            while let w = rest.first, w.contains("=") {
                let kv = w.split(separator: "=", maxSplits: 1)
                if kv.count == 2, kv[0] == "scale" { d.scale = Double(kv[1]) }
                if kv.count == 2, kv[0] == "rate" { d.rateHertz = Double(kv[1]) }
                rest = rest.dropFirst()
            }
            d.name = rest.joined(separator: " ")
            header.devices.append(d)
        case "mount":
            guard let m = Matrix3(rowMajor: words.compactMap { Double($0) }), words.count == 9 else {
                return "@mount needs nine numbers"
            }
            header.mountMatrix = m
        case "board-orientation": header.boardOrientation = value
        case "calibration": calibrationLines.append(value)
        case "start-utc":
            guard let t = Double(value), t.isFinite else { return "@start-utc needs seconds since 1970" }
            header.startUTCSeconds = t
        case "place":
            guard words.count >= 2, let lat = Double(words[0]), let lon = Double(words[1]) else {
                return "@place needs latitude and longitude"
            }
            header.place = GeoCoordinate(latitude: lat, longitude: lon)
            header.placeName = words.count > 2 ? words.dropFirst(2).joined(separator: " ") : nil
        case "note": header.notes.append(value)
        case "fields": break
        default: header.extra[key] = value
        }
        return nil
    }

    struct LineProblem: Error {
        var message: String
        init(_ m: String) { message = m }
    }

    /// One sample line (without its newline) as an event: a motion sample, fix or sky count in the writer's form
    /// straight from its bytes (`plainSample`, nearly every line), any other line as text.
    static func parseSample(_ bytes: ArraySlice<UInt8>) -> Result<SensorEvent, LineProblem> {
        if let event = plainSample(bytes) { return .success(event) }
        return parseSampleText(bytes)
    }

    /// One sample line of any kind read as text, with every form `Double(Substring)` and `Int64` read, and what
    /// is wrong with it when it cannot be read.
    static func parseSampleText(_ bytes: ArraySlice<UInt8>) -> Result<SensorEvent, LineProblem> {
        // The checksum is the last " *XXXX"; everything before it is covered.
        guard bytes.count > 6 else { return .failure(LineProblem("garbage: too short for a sample")) }
        let star = bytes.endIndex - 5
        guard bytes[star - 1] == 32, bytes[star] == UInt8(ascii: "*") else {
            return .failure(LineProblem("garbage: no checksum at the end"))
        }
        let covered = bytes[bytes.startIndex..<(star - 1)]
        guard let written = UInt16(String(decoding: bytes[(star + 1)...], as: UTF8.self), radix: 16) else {
            return .failure(LineProblem("garbage: checksum is not four hex digits"))
        }
        guard RecordingFormat.checksum(covered) == written else { return .failure(LineProblem("bad checksum")) }
        let text = String(decoding: covered, as: UTF8.self)
        // Split on the bytes, not on Characters: grapheme breaking is most of the reading time otherwise.
        let w = text.utf8.split(separator: 32).map { Substring($0) }
        guard w.count >= 2, let time = parseTime(w[1]) else { return .failure(LineProblem("garbage: no time")) }
        func vector() -> Vector3? {
            guard w.count == 5, let x = Double(w[2]), let y = Double(w[3]), let z = Double(w[4]) else { return nil }
            let v = Vector3(x: x, y: y, z: z)
            return v.isFinite ? v : nil
        }
        switch w[0] {
        case "mag":
            guard let v = vector() else { return .failure(LineProblem("mag needs three numbers")) }
            return .success(.magnetometer(MagnetometerSample(time: time, microtesla: v)))
        case "acc":
            guard let v = vector() else { return .failure(LineProblem("acc needs three numbers")) }
            return .success(.accelerometer(AccelerometerSample(time: time, metresPerSecondSquared: v)))
        case "gyr":
            guard let v = vector() else { return .failure(LineProblem("gyr needs three numbers")) }
            return .success(.gyroscope(GyroscopeSample(time: time, radiansPerSecond: v)))
        case "sky":
            guard w.count == 4, let seen = Int(w[2]), let used = Int(w[3]), (0..<1000).contains(seen),
                (0..<1000).contains(used)
            else {
                return .failure(LineProblem("sky needs two counts"))
            }
            return .success(.gpsSky(GPSSky(time: time, satellitesSeen: seen, satellitesUsed: used)))
        case "fix":
            guard w.count >= 3 else { return .failure(LineProblem("fix needs a mode")) }
            let mode: FixMode
            switch w[2] {
            case "none": mode = .noFix
            case "2d": mode = .twoD
            case "3d": mode = .threeD
            default: return .failure(LineProblem("fix mode must be none, 2d or 3d"))
            }
            guard let values = keyValues(w.dropFirst(3)) else {
                return .failure(LineProblem("fix: bad key=value field"))
            }
            var f = GPSFix(time: time, mode: mode)
            f.utcSeconds = values["utc"]
            if let lat = values["lat"], let lon = values["lon"] {
                f.coordinate = GeoCoordinate(latitude: lat, longitude: lon)
            }
            f.altitudeMetres = values["alt"]
            f.speedMetresPerSecond = values["speed"]
            f.courseDegrees = values["course"]
            f.horizontalErrorMetres = values["eph"]
            f.verticalErrorMetres = values["epv"]
            f.speedErrorMetresPerSecond = values["eps"]
            f.courseErrorDegrees = values["epd"]
            return .success(.gpsFix(f))
        case "hdg":
            guard let values = keyValues(w.dropFirst(2)) else {
                return .failure(LineProblem("hdg: bad key=value field"))
            }
            return .success(
                .compassHeading(
                    time,
                    HeadingReport(
                        magneticDegrees: values["mag"], trueDegrees: values["true"], accuracyDegrees: values["acc"])))
        case "src":
            guard w.count >= 4, let source = SensorSource(rawValue: String(w[2])), w[3] == "up" || w[3] == "down" else {
                return .failure(LineProblem("src needs a source and up|down"))
            }
            // The detail is the rest of the line as written (it may hold several spaces).
            let prefix = "src \(w[1]) \(w[2]) \(w[3])"
            let detail = text.count > prefix.count ? String(text.dropFirst(prefix.count + 1)) : ""
            return .success(.sourceStatus(time, SourceStatus(source: source, available: w[3] == "up", detail: detail)))
        case "act":
            guard let action = parseAction(w.dropFirst(2)) else {
                return .failure(LineProblem("act needs an action name, pan DX DY or zoom-by LEVELS"))
            }
            return .success(.rideAction(time, action))
        default:
            return .failure(LineProblem("unknown sample kind \"\(w[0].prefix(20))\""))
        }
    }

    /// An `act` line's fields: a bindable action's name, `pan DX DY` or `zoom-by LEVELS` (finite numbers).
    static func parseAction(_ words: ArraySlice<Substring>) -> RideAction? {
        let w = Array(words)
        func number(_ s: Substring) -> Double? { Double(s).flatMap { $0.isFinite ? $0 : nil } }
        switch w.first {
        case "pan":
            guard w.count == 3, let dx = number(w[1]), let dy = number(w[2]) else { return nil }
            return .pan(dxPixels: dx, dyPixels: dy)
        case "zoom-by":
            guard w.count == 2, let levels = number(w[1]) else { return nil }
            return .zoomBy(levels: levels)
        case let name?:
            return w.count == 1 ? RideAction(name: String(name)) : nil
        case nil:
            return nil
        }
    }

    static func keyValues(_ words: ArraySlice<Substring>) -> [String: Double]? {
        var out: [String: Double] = [:]
        for word in words {
            // "inf" and "nan" parse as Doubles; no field of a sample may be one.
            guard let eq = word.firstIndex(of: "="), let v = Double(word[word.index(after: eq)...]), v.isFinite else {
                return nil
            }
            out[String(word[..<eq])] = v
        }
        return out
    }

    /// "12.000000001" → 12 000 000 001 ns (exactly nine decimals, as written).
    static func parseTime(_ s: Substring) -> Timestamp? {
        let negative = s.hasPrefix("-")
        let body = negative ? s.dropFirst() : s
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 9, let whole = Int64(parts[0]), let frac = Int64(parts[1]),
            whole >= 0, frac >= 0
        else { return nil }
        let (product, overflow) = whole.multipliedReportingOverflow(by: 1_000_000_000)
        // Both can overflow: 9223372036.999999999 is past Int64's nanoseconds though its whole seconds are not.
        let (ns, overflowAgain) = product.addingReportingOverflow(frac)
        guard !overflow, !overflowAgain else { return nil }
        return Timestamp(nanoseconds: negative ? -ns : ns)
    }
}
