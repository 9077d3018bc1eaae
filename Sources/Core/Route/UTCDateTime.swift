/// A calendar date and time of day in UTC, converted to and from seconds since 1970 without Foundation's
/// calendars, so GPX times and the sun's position are the same on every machine.
public struct UTCDateTime: Hashable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    /// Seconds within the minute, with any fraction.
    public var second: Double

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Double = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Seconds since 1970-01-01 00:00:00 UTC (the proleptic Gregorian calendar, no leap seconds, as POSIX).
    public var secondsSince1970: Double {
        Double(Self.daysFromCivil(year: year, month: month, day: day)) * 86_400 + Double(hour * 3_600 + minute * 60)
            + second
    }

    /// The date and time of `secondsSince1970`; nil when it is not finite or beyond the years ±1,000,000.
    public init?(secondsSince1970 seconds: Double) {
        guard seconds.isFinite, abs(seconds) < 3e13 else { return nil }
        let wholeDays = (seconds / 86_400).rounded(.down)
        guard let days = Int(checkedTruncating: wholeDays) else { return nil }
        let inDay = seconds - wholeDays * 86_400
        let (y, m, d) = Self.civilFromDays(days)
        let secondOfDay = min(max(inDay, 0), 86_399.999_999)
        let whole = Int(checkedTruncating: secondOfDay) ?? 0
        self.init(
            year: y, month: m, day: d, hour: whole / 3_600, minute: whole % 3_600 / 60,
            second: secondOfDay - Double(whole - whole % 60))
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date `days` after 1970-01-01 (Hinnant's `civil_from_days`).
    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
