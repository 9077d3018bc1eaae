/// Reads an NMEA 0183 log (RMC, GGA, GSA, GSV, VTG, HDG, HDM, HDT) into events.
///
/// NMEA carries no monotonic time: sentences are grouped into epochs by their UTC time of day, and each epoch's
/// time since the log's first epoch becomes the event time. One `GPSFix` (and a `GPSSky` when satellite counts
/// were reported) is emitted per epoch; compass sentences, which carry no time, take the current epoch's time.
/// Sentences with a bad or missing checksum, or that cannot be parsed, are skipped with a warning.
public enum NMEAImport {
    /// Compass sentences carry no accuracy; this one (degrees) is assumed and written into the header as a note.
    public static let assumedCompassAccuracyDegrees = 5.0

    public static func read(_ text: String, file: String) -> Recording {
        var state = Epoch()
        var events: [SensorEvent] = []
        var warnings: [RecordingWarning] = []
        var firstDay: Double?
        var origin: Double?
        var lastUTC: Double?
        var date: Double?  // UTC seconds at midnight of the RMC date
        var talkers = Set<String>()

        func flush() {
            guard let utc = state.utc, let t0 = origin else { return }
            let time = Timestamp(seconds: utc - t0)
            let fullUTC = date.map { $0 + state.timeOfDay! }
            do {
                var mode = state.mode ?? (state.coordinate != nil ? .twoD : .noFix)
                if state.valid == false { mode = .noFix }
                events.append(
                    .gpsFix(
                        GPSFix(
                            time: time, mode: mode, utcSeconds: fullUTC,
                            coordinate: mode >= .twoD ? state.coordinate : nil,
                            altitudeMetres: mode == .threeD ? state.altitude : nil, speedMetresPerSecond: state.speed,
                            courseDegrees: state.course, horizontalErrorMetres: state.hdop.map { $0 * 5 })))
            }
            if let used = state.used ?? state.ggaUsed {
                events.append(
                    .gpsSky(GPSSky(time: time, satellitesSeen: max(state.seen ?? used, used), satellitesUsed: used)))
            }
            for h in state.headings { events.append(.compassHeading(time, h)) }
            state = Epoch()
            state.utc = utc
            state.timeOfDay = nil
        }

        var lineNumber = 0
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            var line = Substring(raw)
            if line.hasSuffix("\r") { line = line.dropLast() }
            if line.isEmpty || line.hasPrefix("#") { continue }
            func warn(_ why: String) { warnings.append(RecordingWarning(file: file, line: lineNumber, reason: why)) }
            guard let fields = sentenceFields(line) else {
                warn(line.hasPrefix("$") ? "bad or missing NMEA checksum" : "garbage: not an NMEA sentence")
                continue
            }
            let id = fields[0]
            guard id.count >= 5 else {
                warn("garbage: sentence id \"\(id)\"")
                continue
            }
            talkers.insert(String(id.prefix(2)))
            let type = String(id.suffix(3))
            // A sentence with a time of day starts a new epoch when the time differs.
            var timeField: Substring?
            switch type {
            case "RMC", "GGA": timeField = fields.count > 1 ? fields[1] : nil
            default: break
            }
            if let tf = timeField, !tf.isEmpty {
                guard let tod = timeOfDay(tf) else {
                    warn("\(type): bad time \"\(tf)\"")
                    continue
                }
                if tod != state.timeOfDay {
                    if state.timeOfDay != nil { flush() }
                    // Days roll over at midnight: keep the time increasing.
                    var day = firstDay ?? 0
                    if firstDay == nil { firstDay = 0 }
                    var utc = day + tod
                    if let last = lastUTC, utc < last - 43_200 {
                        day += 86_400
                        firstDay = day
                        utc = day + tod
                    }
                    if let last = lastUTC, utc < last {
                        warn("\(type): time goes backwards (\(tf))")
                        continue
                    }
                    if origin == nil { origin = utc }
                    lastUTC = utc
                    state.utc = utc
                    state.timeOfDay = tod
                }
            }
            switch type {
            case "RMC":
                guard fields.count >= 10 else {
                    warn("RMC: too few fields")
                    continue
                }
                state.valid = fields[2] == "A"
                if let c = coordinate(fields[3], fields[4], fields[5], fields[6]) { state.coordinate = c }
                if let knots = Double(fields[7]) { state.speed = knots * 1852 / 3600 }
                if let course = Double(fields[8]) { state.course = course }
                if let d = dateSeconds(fields[9]) { date = d }
            case "GGA":
                guard fields.count >= 10 else {
                    warn("GGA: too few fields")
                    continue
                }
                let quality = Int(fields[6]) ?? 0
                if quality == 0 { state.valid = false }
                if let c = coordinate(fields[2], fields[3], fields[4], fields[5]) { state.coordinate = c }
                state.ggaUsed = Int(fields[7])
                state.hdop = Double(fields[8])
                state.altitude = Double(fields[9])
            case "GSA":
                guard fields.count >= 18 else {
                    warn("GSA: too few fields")
                    continue
                }
                switch fields[2] {
                case "1": state.mode = .noFix
                case "2": state.mode = .twoD
                case "3": state.mode = .threeD
                default: break
                }
                state.used = fields[3...14].filter { !$0.isEmpty }.count
                if let h = Double(fields[16]) { state.hdop = h }
            case "GSV":
                if fields.count > 3, let seen = Int(fields[3]) { state.seen = seen }
            case "VTG":
                guard fields.count >= 8 else {
                    warn("VTG: too few fields")
                    continue
                }
                if let c = Double(fields[1]) { state.course = c }
                if let kmh = Double(fields[7]) { state.speed = kmh / 3.6 }
            case "HDT":
                guard fields.count >= 2, let d = Double(fields[1]) else {
                    warn("HDT: no heading")
                    continue
                }
                state.headings.append(HeadingReport(trueDegrees: d, accuracyDegrees: assumedCompassAccuracyDegrees))
            case "HDM":
                guard fields.count >= 2, let d = Double(fields[1]) else {
                    warn("HDM: no heading")
                    continue
                }
                state.headings.append(HeadingReport(magneticDegrees: d, accuracyDegrees: assumedCompassAccuracyDegrees))
            case "HDG":
                guard fields.count >= 6, let sensor = Double(fields[1]) else {
                    warn("HDG: no heading")
                    continue
                }
                var magnetic = sensor
                if let dev = Double(fields[2]) { magnetic += fields[3] == "W" ? -dev : dev }
                var report = HeadingReport(
                    magneticDegrees: Angle(magnetic).degrees, accuracyDegrees: assumedCompassAccuracyDegrees)
                if let v = Double(fields[4]) {
                    report.trueDegrees = Angle(magnetic + (fields[5] == "W" ? -v : v)).degrees
                }
                state.headings.append(report)
            default:
                continue  // other sentences are valid NMEA we have no use for
            }
            if state.utc == nil && !state.headings.isEmpty {
                // Compass sentences before any time: nothing to stamp them with.
                warn("\(type) before the first timed sentence")
                state.headings.removeAll()
            }
        }
        if state.timeOfDay != nil { flush() }
        var header = RecordingHeader(program: "NMEA 0183 log import")
        header.devices = [
            RecordingHeader.Device(role: "gps", name: "NMEA talkers " + talkers.sorted().joined(separator: ","))
        ]
        header.notes = [
            "imported from \(file); compass sentences assumed \(assumedCompassAccuracyDegrees) degrees accurate"
        ]
        if let d = date, let t0 = origin { header.startUTCSeconds = d + t0 }
        if case .gpsFix(let f)? = events.first(where: {
            if case .gpsFix(let f) = $0 { return f.coordinate != nil } else { return false }
        }) {
            header.place = f.coordinate
        }
        return Recording(header: header, events: events, warnings: warnings)
    }

    struct Epoch {
        var utc: Double?
        var timeOfDay: Double?
        var valid: Bool?
        var coordinate: GeoCoordinate?
        var speed: Double?
        var course: Double?
        var altitude: Double?
        var hdop: Double?
        var mode: FixMode?
        var used: Int?
        var ggaUsed: Int?
        var seen: Int?
        var headings: [HeadingReport] = []
        var hasPosition: Bool { coordinate != nil }
    }

    /// The fields of a `$...*hh` sentence whose checksum matches (the leading `$` dropped), or nil.
    static func sentenceFields(_ line: Substring) -> [Substring]? {
        guard line.first == "$" || line.first == "!", let star = line.lastIndex(of: "*") else { return nil }
        let body = line[line.index(after: line.startIndex)..<star]
        guard let written = UInt8(line[line.index(after: star)...], radix: 16) else { return nil }
        var sum: UInt8 = 0
        for b in body.utf8 { sum ^= b }
        guard sum == written else { return nil }
        return body.split(separator: ",", omittingEmptySubsequences: false)
    }

    /// The XOR checksum NMEA uses, as two hex digits (for writing test logs).
    public static func checksum(_ body: String) -> String {
        var sum: UInt8 = 0
        for b in body.utf8 { sum ^= b }
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(sum >> 4)], digits[Int(sum & 15)]])
    }

    static func timeOfDay(_ s: Substring) -> Double? {
        guard s.count >= 6, let hh = Double(s.prefix(2)), let mm = Double(s.dropFirst(2).prefix(2)),
            let ss = Double(s.dropFirst(4)), hh < 24, mm < 60, ss < 61
        else { return nil }
        return hh * 3600 + mm * 60 + ss
    }

    /// ddmmyy → UTC seconds at that day's midnight.
    static func dateSeconds(_ s: Substring) -> Double? {
        guard s.count == 6, let dd = Int(s.prefix(2)), let mm = Int(s.dropFirst(2).prefix(2)), let yy = Int(s.suffix(2))
        else {
            return nil
        }
        return CivilDate.secondsSince1970(year: 2000 + yy, month: mm, day: dd)
    }

    static func coordinate(_ lat: Substring, _ ns: Substring, _ lon: Substring, _ ew: Substring) -> GeoCoordinate? {
        func degrees(_ s: Substring, _ degreeDigits: Int) -> Double? {
            guard s.count > degreeDigits, let d = Double(s.prefix(degreeDigits)),
                let m = Double(s.dropFirst(degreeDigits))
            else {
                return nil
            }
            return d + m / 60
        }
        guard let la = degrees(lat, 2), let lo = degrees(lon, 3), ns == "N" || ns == "S", ew == "E" || ew == "W" else {
            return nil
        }
        let c = GeoCoordinate(latitude: ns == "S" ? -la : la, longitude: ew == "W" ? -lo : lo)
        return c.isValid ? c : nil
    }
}

/// Days-from-civil arithmetic (proleptic Gregorian), so imports need no calendar or clock.
enum CivilDate {
    static func secondsSince1970(year: Int, month: Int, day: Int) -> Double? {
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        return Double(DecimalYear.daysFromCivil(year: year, month: month, day: day)) * 86_400
    }

    /// "2026-05-28T20:26:40.123Z" → UTC seconds since 1970.
    static func parseISO8601(_ s: String) -> Double? {
        let u = Array(s.utf8)
        guard u.count >= 20, u[4] == 45, u[7] == 45, u[10] == 84, u[13] == 58, u[16] == 58, u.last == 90 else {
            return nil
        }
        func int(_ r: Range<Int>) -> Int? { Int(String(decoding: u[r], as: UTF8.self)) }
        guard let y = int(0..<4), let mo = int(5..<7), let d = int(8..<10), let h = int(11..<13), let mi = int(14..<16),
            let sec = Double(String(decoding: u[17..<(u.count - 1)], as: UTF8.self)),
            let day = secondsSince1970(year: y, month: mo, day: d)
        else { return nil }
        return day + Double(h * 3600 + mi * 60) + sec
    }
}
