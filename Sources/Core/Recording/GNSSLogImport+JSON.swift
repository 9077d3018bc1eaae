extension GNSSLogImport.Reader {
    /// Reads one gpsd JSON report (`gpspipe -w`): TPV into the epoch of its time, SKY and ATT into the current
    /// epoch; VERSION, DEVICES, WATCH and the rest are counted by class.
    mutating func readJSON(_ line: Substring) {
        guard let object = JSONTree.parse(String(line)) as? [String: Any],
            let cls = object["class"] as? String
        else {
            summary.skip("not a gpsd JSON report")
            warn("garbage: not a gpsd JSON report")
            return
        }
        let report = GpsdJSONReport(object)
        if let d = object["device"] as? String { devices.insert(String(d.prefix(200))) }
        switch cls {
        case "TPV":
            guard let mode = report.mode else {
                summary.skip("TPV without a mode")
                warn("TPV without a usable mode")
                return
            }
            // gpsd sends a TPV per sentence; only those with the receiver's time make an epoch.
            guard let utc = report.utcSeconds else {
                summary.skip("TPV without a time")
                return
            }
            let tod = utc.truncatingRemainder(dividingBy: 86_400)
            enterEpoch(timeOfDay: tod)
            noteDate(utc - tod, atTimeOfDay: tod)
            epoch!.reportedMode = mode
            epoch!.position(valid: mode >= .twoD, coordinate: report.coordinate)
            if mode >= .twoD {
                if let alt = report.number("altMSL") ?? report.number("alt") { epoch!.altitudeMetres = alt }
                if let v = report.number("speed"), v >= 0 { epoch!.speedMetresPerSecond = v }
                if let c = report.number("track"), c >= 0, c <= 360 { epoch!.courseDegrees = c }
                if let eph = report.number("eph") {
                    epoch!.horizontalErrorMetres = eph
                } else if let x = report.number("epx"), let y = report.number("epy") {
                    epoch!.horizontalErrorMetres = (x * x + y * y).squareRoot()
                }
                if let v = report.number("epv") { epoch!.verticalErrorMetres = v }
                if let v = report.number("eps") { epoch!.speedErrorMetresPerSecond = v }
                if let v = report.number("epd") { epoch!.courseErrorDegrees = v }
                if let s = report.count("status").flatMap(FixStatus.init(gpsdStatus:)) { epoch!.status = s }
            }
            if let heading = GpsdMagneticTrack.report(
                track: report.number("track"), magneticTrack: report.number("magtrack"),
                variation: report.number("magvar"), speedMetresPerSecond: report.number("speed"),
                speedErrorMetresPerSecond: report.number("eps"), courseErrorDegrees: report.number("epd"))
            {
                epoch!.headings.append(heading)
            }
        case "SKY":
            guard epoch != nil else {
                summary.skip("SKY before the first timed report")
                return
            }
            let satellites = object["satellites"] as? [[String: Any]]
            let seen = report.count("nSat") ?? satellites?.count
            let used = report.count("uSat") ?? satellites?.filter { ($0["used"] as? Bool) == true }.count
            guard let seen, let used else {
                // gpsd sends SKY with only DOPs too.
                summary.skip("SKY without counts")
                return
            }
            epoch!.skySeen = seen
            epoch!.skyUsed = used
        case "ATT":
            guard let h = report.number("heading"), h >= 0, h <= 360 else {
                summary.skip("ATT without a heading")
                return
            }
            heading(HeadingReport(trueDegrees: h, accuracyDegrees: NMEAImport.assumedCompassAccuracyDegrees))
        default:
            summary.skip(id: Substring(cls))
            return
        }
        summary.used += 1
    }
}

/// The fields of one gpsd JSON object, checked once: numbers finite, counts integers in range, times parsed.
struct GpsdJSONReport {
    let object: [String: Any]
    init(_ object: [String: Any]) { self.object = object }

    /// A finite number, or nil (gpsd leaves a field out when unknown; a rogue server may send 1e300 or worse).
    func number(_ key: String) -> Double? {
        guard let n = object[key] as? Double, n.isFinite, abs(n) < 1e9 else { return nil }
        return n
    }

    /// A count in 0..<1000, or nil: `"nSat":1e300` must be a skipped field, not a trap.
    func count(_ key: String) -> Int? {
        guard let v = number(key), let i = Int(checkedTruncating: v), (0..<1000).contains(i) else { return nil }
        return i
    }

    /// gpsd's mode (0 unknown, 1 no fix, 2 2D, 3 3D) as Core's; nil when missing or out of range.
    var mode: FixMode? {
        guard let m = count("mode"), m <= 3 else { return nil }
        return m >= 3 ? .threeD : m == 2 ? .twoD : .noFix
    }

    /// The report's UTC time in seconds since 1970, between 1980 and 2200 (past that a receiver is wrong).
    var utcSeconds: Double? {
        guard let t = (object["time"] as? String).flatMap(CivilDate.parseISO8601), t >= 315_964_800, t < 7_258_118_400
        else { return nil }
        return t
    }

    var coordinate: GeoCoordinate? {
        guard let lat = number("lat"), let lon = number("lon") else { return nil }
        let c = GeoCoordinate(latitude: lat, longitude: lon)
        return c.isValid ? c : nil
    }
}
