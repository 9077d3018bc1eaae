/// The units the HUD speaks.
public enum UnitSystem: String, Hashable, Sendable, CaseIterable {
    /// km/h, metres and kilometres, metres of altitude.
    case metric
    /// mph, feet and miles, feet of altitude.
    case imperial
    /// Knots and nautical miles, metres of altitude (as charts give heights).
    case nautical

    static let metresPerMile = 1_609.344
    static let metresPerFoot = 0.3048
    static let metresPerNauticalMile = 1_852.0

    /// A speed in m/s in this system's unit, as a number and its unit label.
    public func speed(_ metresPerSecond: Double) -> (value: Double, unit: String) {
        switch self {
        case .metric: return (metresPerSecond * 3.6, "km/h")
        case .imperial: return (metresPerSecond * 3_600 / Self.metresPerMile, "mph")
        case .nautical: return (metresPerSecond * 3_600 / Self.metresPerNauticalMile, "kn")
        }
    }

    /// The speed for the HUD: whole units ("27 km/h"); "--" when unknown.
    public func formatSpeed(_ metresPerSecond: Double?) -> String {
        guard let mps = metresPerSecond, mps.isFinite else { return "-- " + speed(0).unit }
        let (v, unit) = speed(max(0, mps))
        return "\(Int(checkedRounding: v) ?? 0) \(unit)"
    }

    /// A distance for the HUD, in the small unit up close and the large one farther: metric "850 m", "1.2 km",
    /// "12 km"; imperial "500 ft", "0.3 mi", "12 mi"; nautical "0.4 NM", "12 NM" (sailors give short ranges in
    /// cables or tenths of a mile, not metres).
    public func formatDistance(_ metres: Double) -> String {
        guard metres.isFinite else { return "--" }
        let m = max(0, metres)
        switch self {
        case .metric:
            if m < 1_000 { return "\(rounded(m, to: m < 100 ? 5 : 10)) m" }
            return large(m / 1_000, "km")
        case .imperial:
            let feet = m / Self.metresPerFoot
            if feet < 1_000 { return "\(rounded(feet, to: feet < 100 ? 10 : 50)) ft" }
            return large(m / Self.metresPerMile, "mi")
        case .nautical:
            return large(m / Self.metresPerNauticalMile, "NM")
        }
    }

    /// An altitude in metres for the HUD ("1830 m", "6004 ft").
    public func formatAltitude(_ metres: Double?) -> String {
        let unit = self == .imperial ? "ft" : "m"
        guard let metres, metres.isFinite else { return "-- " + unit }
        let v = self == .imperial ? metres / Self.metresPerFoot : metres
        return "\(Int(checkedRounding: v) ?? 0) \(unit)"
    }

    /// A duration for the HUD: "45 s", "12 min", "1:05 h".
    public func formatDuration(_ seconds: Double?) -> String {
        guard let seconds, seconds.isFinite, seconds >= 0 else { return "--" }
        guard let whole = Int(checkedRounding: seconds) else { return "--" }
        if whole < 60 { return "\(whole) s" }
        let minutes = (whole + 30) / 60
        if minutes < 60 { return "\(minutes) min" }
        let m = minutes % 60
        return "\(minutes / 60):\(m < 10 ? "0" : "")\(m) h"
    }

    /// A large-unit distance: one decimal below 10, whole units above.
    private func large(_ value: Double, _ unit: String) -> String {
        value < 9.95 ? "\(formatFixed(value, digits: 1)) \(unit)" : "\(Int(checkedRounding: value) ?? 0) \(unit)"
    }

    private func rounded(_ value: Double, to step: Int) -> Int {
        (Int(checkedRounding: value / Double(step)) ?? 0) * step
    }
}

/// The clock on the HUD: "14:05" for a UTC time shifted by the local zone's offset (the caller knows the zone;
/// Core reads no time-zone database).
public func formatClock(utcSeconds: Double, offsetSeconds: Int = 0) -> String {
    guard let t = UTCDateTime(secondsSince1970: utcSeconds + Double(offsetSeconds)) else { return "--:--" }
    return "\(t.hour < 10 ? "0" : "")\(t.hour):\(t.minute < 10 ? "0" : "")\(t.minute)"
}
