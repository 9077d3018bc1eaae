/// Distances and bearings on the sphere, good to about 0.5 % against the ellipsoid, which is plenty for a display.
public enum GreatCircle {
    /// The mean Earth radius (IUGG) in metres.
    public static let meanEarthRadius = 6_371_008.8

    /// The great-circle distance in metres (haversine, stable for short distances).
    public static func distance(from a: GeoCoordinate, to b: GeoCoordinate) -> Double {
        let lat1 = a.latitude * .pi / 180
        let lat2 = b.latitude * .pi / 180
        let dLat = lat2 - lat1
        let dLon = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * meanEarthRadius * asin(min(1, h.squareRoot()))
    }

    /// The initial bearing (forward azimuth) from `a` towards `b`; nil when the points coincide.
    public static func initialBearing(from a: GeoCoordinate, to b: GeoCoordinate) -> Angle? {
        guard a != b else { return nil }
        let lat1 = a.latitude * .pi / 180
        let lat2 = b.latitude * .pi / 180
        let dLon = (b.longitude - a.longitude) * .pi / 180
        let y = sin(dLon) * cos(lat2)
        let x = cos(lat1) * sin(lat2) - sin(lat1) * cos(lat2) * cos(dLon)
        return Angle(degrees: atan2(y, x) * 180 / .pi)
    }

    /// The point `distance` metres from `start` along the initial bearing `bearing`.
    public static func destination(from start: GeoCoordinate, bearing: Angle, distance: Double) -> GeoCoordinate {
        let d = distance / meanEarthRadius
        let lat1 = start.latitude * .pi / 180
        let lon1 = start.longitude * .pi / 180
        let t = bearing.radians
        let lat2 = asin(sin(lat1) * cos(d) + cos(lat1) * sin(d) * cos(t))
        let lon2 = lon1 + atan2(sin(t) * sin(d) * cos(lat1), cos(d) - sin(lat1) * sin(lat2))
        var lon = lon2 * 180 / .pi
        lon = (lon + 540).truncatingRemainder(dividingBy: 360) - 180
        return GeoCoordinate(latitude: lat2 * 180 / .pi, longitude: lon)
    }
}
