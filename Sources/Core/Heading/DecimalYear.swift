/// Calendar arithmetic for the magnetic model's decimal years, without Foundation's calendars (proleptic Gregorian,
/// UTC), so the same date gives the same declination on every machine.
public enum DecimalYear {
    /// The decimal year of a UTC calendar date at 00:00 (2025-07-02 is 2025.5 in a 365-day year).
    /// Returns nil for a month or day that does not exist.
    public static func from(year: Int, month: Int, day: Int) -> Double? {
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        let start = daysFromCivil(year: year, month: 1, day: 1)
        let dayOfYear = daysFromCivil(year: year, month: month, day: day) - start
        return Double(year) + Double(dayOfYear) / Double(isLeap(year) ? 366 : 365)
    }

    /// The decimal year of a UTC time in seconds since 1970 (a GPS fix's `utcSeconds`), for years 1…9999
    /// (times outside are clamped there; a non-finite time gives 1970).
    public static func from(utcSeconds raw: Double) -> Double {
        let utcSeconds = raw.isFinite ? min(max(raw, -62_135_596_800), 253_402_300_799) : 0
        let days = (utcSeconds / 86_400).rounded(.down)
        let (y, _, _) = civilFromDays(Int(days))
        let start = daysFromCivil(year: y, month: 1, day: 1)
        let fraction = (utcSeconds / 86_400 - Double(start)) / Double(isLeap(y) ? 366 : 365)
        return Double(y) + fraction
    }

    /// Parses "YYYY-MM-DD" as typed on a command line.
    public static func parsing(_ text: String) -> Double? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
        else { return nil }
        return from(year: y, month: m, day: d)
    }

    static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days-from-civil algorithm: days since 1970-01-01.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civilFromDays(_ z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
