/// One piece of trip data the HUD can show, chosen in the configuration (`--trip-fields clock,distance`).
public enum TripField: String, Hashable, Sendable, CaseIterable {
    /// The time of day in the local time zone.
    case clock
    /// Distance ridden on this trip.
    case distance
    /// Moving time on this trip.
    case time
    /// Average moving speed.
    case average
    /// Top speed.
    case max
    /// Altitude above sea level (from a 3D fix).
    case altitude

    /// What the HUD shows when the configuration does not say: the time and the distance ridden.
    public static let standard: [TripField] = [.clock, .distance]

    /// The fields named in `text` ("clock,distance,max"), in that order; "none" for none. Nil when a name is
    /// unknown or given twice (the caller says which names exist).
    public static func list(_ text: String) -> [TripField]? {
        if text == "none" { return [] }
        var fields: [TripField] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let f = TripField(rawValue: trimmed(name)), !fields.contains(f) else {
                return nil
            }
            fields.append(f)
        }
        return fields.isEmpty ? nil : fields
    }
}

/// `text` without the spaces and tabs around it.
private func trimmed(_ text: Substring) -> String {
    var s = text
    while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
    while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
    return String(s)
}
