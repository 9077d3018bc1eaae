/// A latitude/longitude rectangle (no wrap across the antimeridian: a box that would cross it is split by the
/// caller).
public struct GeoBox: Hashable, Sendable {
    public var minLatitude: Double
    public var maxLatitude: Double
    public var minLongitude: Double
    public var maxLongitude: Double

    public init(minLatitude: Double, maxLatitude: Double, minLongitude: Double, maxLongitude: Double) {
        self.minLatitude = minLatitude
        self.maxLatitude = maxLatitude
        self.minLongitude = minLongitude
        self.maxLongitude = maxLongitude
    }

    /// The smallest box holding every coordinate (nil for none).
    public init?(covering coordinates: some Sequence<GeoCoordinate>) {
        var it = coordinates.makeIterator()
        guard let first = it.next() else { return nil }
        self.init(
            minLatitude: first.latitude, maxLatitude: first.latitude, minLongitude: first.longitude,
            maxLongitude: first.longitude)
        while let c = it.next() { include(c) }
    }

    /// The box a camera shows: its four screen corners, plus `marginPixels` on every side so a line leaving the
    /// screen is drawn to the edge.
    public init(camera: Camera, marginPixels: Double = 16) {
        let w = Double(camera.width) + marginPixels
        let h = Double(camera.height) + marginPixels
        let corners = [
            Point(x: -marginPixels, y: -marginPixels), Point(x: w, y: -marginPixels), Point(x: -marginPixels, y: h),
            Point(x: w, y: h),
        ]
        self.init(covering: corners.map { camera.coordinate(atScreen: $0) })!
    }

    public mutating func include(_ c: GeoCoordinate) {
        minLatitude = min(minLatitude, c.latitude)
        maxLatitude = max(maxLatitude, c.latitude)
        minLongitude = min(minLongitude, c.longitude)
        maxLongitude = max(maxLongitude, c.longitude)
    }

    public func intersects(_ other: GeoBox) -> Bool {
        minLatitude <= other.maxLatitude && other.minLatitude <= maxLatitude && minLongitude <= other.maxLongitude
            && other.minLongitude <= maxLongitude
    }
}
