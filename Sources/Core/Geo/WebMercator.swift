/// A point in some 2D pixel space (world pixels, tile pixels or screen pixels; the name of the variable says which).
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
    public var length: Double { (x * x + y * y).squareRoot() }
}

/// The address of one map tile in the XYZ (Google/OSM) scheme: y grows southwards.
public struct TileID: Hashable, Sendable, CustomStringConvertible {
    public var z: Int
    public var x: Int
    public var y: Int
    public init(z: Int, x: Int, y: Int) {
        self.z = z
        self.x = x
        self.y = y
    }
    public var description: String { "\(z)/\(x)/\(y)" }
}

/// Spherical ("Web") Mercator as used by every slippy map, at fractional zoom levels.
///
/// World pixels: at zoom z the whole world is `tileSize · 2^z` pixels wide, x east, y south, origin at
/// 180°W on the Mercator latitude limit (±85.0511°).
public enum WebMercator {
    /// The edge of a tile in pixels at integer zoom (256, as OSM raster tiles).
    public static let tileSize = 256.0
    /// Latitudes beyond this are cut off by the projection.
    public static let maxLatitude = 85.05112877980659
    /// WGS84 equatorial radius in metres (the sphere Web Mercator uses).
    public static let earthRadius = 6_378_137.0

    /// The world's width and height in pixels at `zoom`.
    public static func worldSize(zoom: Double) -> Double { tileSize * pow(2, zoom) }

    /// The world-pixel position of `coordinate` at `zoom`.
    public static func worldPixel(_ coordinate: GeoCoordinate, zoom: Double) -> Point {
        let size = worldSize(zoom: zoom)
        let lat = min(max(coordinate.latitude, -maxLatitude), maxLatitude) * .pi / 180
        let x = (coordinate.longitude + 180) / 360 * size
        let y = (1 - log(tan(lat) + 1 / cos(lat)) / .pi) / 2 * size
        return Point(x: x, y: y)
    }

    /// The coordinate at a world-pixel position at `zoom` (the inverse of `worldPixel`).
    public static func coordinate(ofWorldPixel p: Point, zoom: Double) -> GeoCoordinate {
        let size = worldSize(zoom: zoom)
        let lon = p.x / size * 360 - 180
        let n = Double.pi * (1 - 2 * p.y / size)
        let lat = atan(sinh(n)) * 180 / .pi
        return GeoCoordinate(latitude: lat, longitude: lon)
    }

    /// The tile that holds `coordinate` at integer zoom `z`.
    public static func tile(containing coordinate: GeoCoordinate, z: Int) -> TileID {
        let p = worldPixel(coordinate, zoom: Double(z))
        let n = 1 << z
        let x = min(max(Int(floor(p.x / tileSize)), 0), n - 1)
        let y = min(max(Int(floor(p.y / tileSize)), 0), n - 1)
        return TileID(z: z, x: x, y: y)
    }

    /// Ground metres covered by one pixel at `latitude` and `zoom`.
    public static func metresPerPixel(latitude: Double, zoom: Double) -> Double {
        2 * .pi * earthRadius * cos(latitude * .pi / 180) / worldSize(zoom: zoom)
    }
}
