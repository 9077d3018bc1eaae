/// Reads an NMEA 0183 log into events, as gpsd reads a receiver (see `GNSSLogImport`): every talker (GP, GN, GL,
/// GA, GB, BD, GQ), RMC, GGA, GLL and GNS for position, GSA, GSV and VTG, ZDA for the date, and HDG, HDT, HDM and
/// THS for a compass. Lines of gpsd JSON in the same log are read too.
///
/// Sentences are grouped into epochs by their UTC time of day; the event time runs from the first epoch and
/// never goes backwards (a bad receiver clock is repaired and reported in `Recording.importSummary`). Proprietary
/// and unused sentences are counted by id, not warned about; a bad checksum or a bad value is a warning naming
/// the line.
public enum NMEAImport {
    /// Compass sentences carry no accuracy; this one (degrees) is assumed and written into the header as a note.
    public static let assumedCompassAccuracyDegrees = 5.0

    /// The longest step between two epochs taken as real time; a longer one (a receiver's clock set after a cold
    /// boot, two captures joined) is cut to one cadence and reported, so a replay never plays hours of nothing.
    public static let maximumGapSeconds = 60.0

    public static func read(_ text: String, file: String) -> Recording {
        GNSSLogImport.read(text, file: file, program: "NMEA 0183 log import")
    }

    /// The XOR checksum NMEA uses, as two hex digits (for writing test logs).
    public static func checksum(_ body: String) -> String {
        var sum: UInt8 = 0
        for b in body.utf8 { sum ^= b }
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(sum >> 4)], digits[Int(sum & 15)]])
    }
}

/// Days-from-civil arithmetic (proleptic Gregorian), so imports need no calendar or clock.
enum CivilDate {
    static func secondsSince1970(year: Int, month: Int, day: Int) -> Double? {
        guard (1...12).contains(month), (1...31).contains(day), (1...9999).contains(year) else { return nil }
        return Double(DecimalYear.daysFromCivil(year: year, month: month, day: day)) * 86_400
    }

    /// "2026-05-28T20:26:40.123Z" → UTC seconds since 1970.
    static func parseISO8601(_ s: String) -> Double? {
        let u = Array(s.utf8.prefix(64))
        guard u.count >= 20, u[4] == 45, u[7] == 45, u[10] == 84, u[13] == 58, u[16] == 58, u.last == 90 else {
            return nil
        }
        func int(_ r: Range<Int>) -> Int? { Int(String(decoding: u[r], as: UTF8.self)) }
        guard let y = int(0..<4), let mo = int(5..<7), let d = int(8..<10), let h = int(11..<13), let mi = int(14..<16),
            (0..<24).contains(h), (0..<60).contains(mi),
            let sec = Double(String(decoding: u[17..<(u.count - 1)], as: UTF8.self)), sec.isFinite, sec >= 0, sec < 61,
            let day = secondsSince1970(year: y, month: mo, day: d)
        else { return nil }
        return day + Double(h * 3600 + mi * 60) + sec
    }
}
