/// A WGS84 position in decimal degrees.
public struct GeoCoordinate: Hashable, Sendable, CustomStringConvertible {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// True when both values are finite and within [-90, 90] and [-180, 180].
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }

    /// Parses "LAT,LON" as typed on a command line ("60.170,24.941").
    public init?(parsing text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let lat = Double(parts[0].trimmingCharacters(in: " ")),
            let lon = Double(parts[1].trimmingCharacters(in: " "))
        else { return nil }
        self.init(latitude: lat, longitude: lon)
        guard isValid else { return nil }
    }

    public var description: String {
        "\(formatFixed(latitude, digits: 5)),\(formatFixed(longitude, digits: 5))"
    }
}

extension Substring {
    func trimmingCharacters(in set: Character) -> Substring {
        var s = self
        while s.first == set { s = s.dropFirst() }
        while s.last == set { s = s.dropLast() }
        return s
    }
}
