extension GNSSLogImport.Reader {
    /// Reads one NMEA sentence into the current epoch.
    mutating func readSentence(_ line: Substring, requireChecksum: Bool) {
        let s: NMEASentence
        switch NMEASentence.parse(line) {
        case .failure(.badChecksum):
            summary.skip("bad checksum")
            warn("bad NMEA checksum")
            return
        case .failure(.noAddress):
            summary.skip("binary or garbage")
            return
        case .success(let parsed):
            guard parsed.hadChecksum || !requireChecksum else {
                summary.skip("binary or garbage")
                return
            }
            s = parsed
        }
        if !s.hadChecksum { summary.withoutChecksum += 1 }
        if s.isProprietary {
            summary.skip(id: s.id.prefix(4) == "PGRM" || s.id.prefix(4) == "PMTK" ? s.id : s.id.prefix(5))
            return
        }
        guard s.id.count == 5 else {
            summary.skip(id: s.id)
            return
        }
        let used: Bool
        switch s.type {
        case "RMC", "GGA", "GLL", "GNS": used = readPosition(s)
        default: used = readOther(s)
        }
        if used {
            summary.used += 1
            talkers.insert(String(s.talker))
        }
    }

    /// RMC, GGA, GLL and GNS: the sentences that carry a time and a position. Returns false when it could not be
    /// used.
    private mutating func readPosition(_ s: NMEASentence) -> Bool {
        let timeIndex: Int
        switch s.type {
        case "RMC", "GGA", "GNS": timeIndex = 0
        default: timeIndex = 4  // GLL
        }
        guard !s[timeIndex].isEmpty else {
            // A receiver's filler between fixes (`$GPRMC,,V,…`): no time, so it may not say "no fix".
            summary.skip("position sentence without a time")
            return false
        }
        guard let tod = s.timeOfDay(timeIndex) else {
            summary.skip("bad time")
            warn("\(s.type): bad time \"\(s[timeIndex].prefix(20))\"")
            return false
        }
        enterEpoch(timeOfDay: tod)
        switch s.type {
        case "RMC":
            // Status A (or D) with an FAA mode other than N ("not valid") is a fix.
            let valid = (s[1] == "A" || s[1] == "D") && s[11] != "N"
            epoch!.position(valid: valid, coordinate: s.coordinate(at: 2))
            if valid {
                if let knots = s.number(6), knots >= 0 { epoch!.speedMetresPerSecond = knots * 1852 / 3600 }
                if let course = s.number(7), course >= 0, course <= 360 { epoch!.courseDegrees = course }
            }
            if let d = s.date(8) { noteDate(d, atTimeOfDay: tod) }
        case "GGA":
            let quality = s.count(5, below: 10) ?? 0
            epoch!.position(valid: quality > 0, coordinate: s.coordinate(at: 1))
            guard quality > 0 else { return true }
            epoch!.status = Self.status(ggaQuality: quality)
            epoch!.positionSentenceUsed = s.count(6)
            if let h = s.number(7) { epoch!.hdop = h }
            if let alt = s.number(8), abs(alt) < 100_000 { epoch!.altitudeMetres = alt }
        case "GNS":
            // One mode letter per constellation: any but N means a fix.
            let valid = !s[5].isEmpty && s[5].contains { $0 != "N" && $0 != "V" }
            epoch!.position(valid: valid, coordinate: s.coordinate(at: 1))
            guard valid else { return true }
            if s[5].contains("R") {
                epoch!.status = .rtkFixed
            } else if s[5].contains("F") {
                epoch!.status = .rtkFloat
            } else if s[5].contains("D") {
                epoch!.status = .dgps
            }
            epoch!.positionSentenceUsed = epoch!.positionSentenceUsed ?? s.count(6)
            if let h = s.number(7) { epoch!.hdop = h }
            if let alt = s.number(8), abs(alt) < 100_000 { epoch!.altitudeMetres = alt }
        default:  // GLL
            let valid = s[5] == "A" && s[6] != "N"
            epoch!.position(valid: valid, coordinate: s.coordinate(at: 0))
        }
        return true
    }

    /// The untimed sentences: GSA, GSV, VTG, ZDA and the compass sentences. Returns false when skipped.
    private mutating func readOther(_ s: NMEASentence) -> Bool {
        switch s.type {
        case "ZDA":
            guard let tod = s.timeOfDay(0), let day = s.count(1), let month = s.count(2),
                let year = s.count(3, below: 10_000),
                year >= 1980, let d = CivilDate.secondsSince1970(year: year, month: month, day: day)
            else {
                summary.skip("ZDA without a date")
                return false
            }
            noteDate(d, atTimeOfDay: tod)
            return true
        case "HDG", "HDT", "HDM", "THS":
            return readCompass(s)
        default: break
        }
        guard epoch != nil else {
            summary.skip("before the first timed sentence")
            return false
        }
        switch s.type {
        case "GSA":
            if let mode = s.count(1, below: 4) { epoch!.gsaMode = max(epoch!.gsaMode ?? 0, mode) }
            let system = s.count(17, below: 16) ?? Self.system(talker: s.talker)
            for i in 2...13 {
                if let prn = s.count(i) { epoch!.usedSatellites.insert(system * 1000 + prn) }
            }
            if let h = s.number(15), epoch!.hdop == nil { epoch!.hdop = h }
        case "GSV":
            guard let seen = s.count(2) else {
                summary.skip("GSV without a count")
                return false
            }
            epoch!.seenByTalker[s.talker] = max(epoch!.seenByTalker[s.talker] ?? 0, seen)
        case "VTG":
            // NMEA 2.3 adds unit letters and a mode; older receivers send course, course, knots, km/h.
            let modern = s[1] == "T"
            guard epoch!.valid == true, !modern || s[8] != "N" else {
                summary.skip("VTG without a fix")
                return false
            }
            if let c = s.number(0), c >= 0, c <= 360 { epoch!.courseDegrees = c }
            // Knots first, as gpsd: receivers print them with more digits than km/h.
            if let knots = s.number(modern ? 4 : 2), knots >= 0 {
                epoch!.speedMetresPerSecond = knots * 1852 / 3600
            } else if let kmh = s.number(modern ? 6 : 3), kmh >= 0 {
                epoch!.speedMetresPerSecond = kmh / 3.6
            }
        default:
            summary.skip(id: s.id)
            return false
        }
        return true
    }

    /// HDG (magnetic, with deviation and variation), HDT and THS (true), HDM (magnetic).
    private mutating func readCompass(_ s: NMEASentence) -> Bool {
        let accuracy = NMEAImport.assumedCompassAccuracyDegrees
        guard let value = s.number(0), value >= -360, value <= 720 else {
            // `$GPHDT,,T` is what a heading sensor without a heading sends every cycle: counted, not warned.
            if s[0].isEmpty {
                summary.skip("empty \(s.type)")
            } else {
                summary.skip("bad heading")
                warn("\(s.type): heading \"\(s[0].prefix(20))\" is not a number of degrees")
            }
            return false
        }
        switch s.type {
        case "HDG":
            var magnetic = value
            // A deviation or variation counts only with its E/W: a cut sentence must not guess the sign.
            if let deviation = s.number(1), abs(deviation) <= 180, s[2] == "E" || s[2] == "W" {
                magnetic += s[2] == "W" ? -deviation : deviation
            }
            var report = HeadingReport(magneticDegrees: Angle(magnetic).degrees, accuracyDegrees: accuracy)
            if let variation = s.number(3), abs(variation) <= 180, s[4] == "E" || s[4] == "W" {
                report.trueDegrees = Angle(magnetic + (s[4] == "W" ? -variation : variation)).degrees
            }
            heading(report)
        case "HDM":
            heading(HeadingReport(magneticDegrees: Angle(value).degrees, accuracyDegrees: accuracy))
        case "THS":
            guard s[1] != "V" else {
                summary.skip("THS marked invalid")
                return false
            }
            heading(HeadingReport(trueDegrees: Angle(value).degrees, accuracyDegrees: accuracy))
        default:  // HDT
            heading(HeadingReport(trueDegrees: Angle(value).degrees, accuracyDegrees: accuracy))
        }
        return true
    }

    /// NMEA 4.1's GNSS system ids, from a talker: GPS 1, GLONASS 2, Galileo 3, BeiDou 4, QZSS 5, NavIC 6; a
    /// combined `GN` talker's PRN ranges already keep the systems apart.
    static func system(talker: Substring) -> Int {
        switch talker {
        case "GP": return 1
        case "GL": return 2
        case "GA": return 3
        case "GB", "BD": return 4
        case "GQ", "QZ": return 5
        case "GI", "IM": return 6
        default: return 0
        }
    }

    /// GGA's quality indicator as a fix status (1 autonomous, 2 differential, 4/5 RTK, 6 dead reckoning, …).
    static func status(ggaQuality q: Int) -> FixStatus {
        switch q {
        case 2, 3, 9: return .dgps
        case 4: return .rtkFixed
        case 5: return .rtkFloat
        case 6: return .deadReckoning
        case 7: return .timeOnly
        case 8: return .simulated
        default: return .gps
        }
    }
}
