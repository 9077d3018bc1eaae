/// What the screen shows: which place, at what zoom, turned how far, and where on screen the user sits.
///
/// Rotation convention (the one phone map APIs use): `bearing` is the compass direction that points up the screen.
/// North-up has bearing 0; heading-up has bearing = heading; course-up has bearing = course. Map content is drawn
/// turned by −bearing, and the user arrow's on-screen angle is `heading − bearing`, so it always points the true way.
public struct Camera: Hashable, Sendable {
    /// The coordinate drawn at `anchor` (the user's position).
    public var center: GeoCoordinate
    /// Web Mercator zoom, fractional allowed.
    public var zoom: Double
    /// The compass direction pointing up the screen (the map's rotation).
    public var bearing: Angle
    /// The screen size in pixels.
    public var width: Int
    public var height: Int
    /// Where `center` appears on screen, in pixels from the top-left.
    public var anchor: Point

    /// In heading-up and course-up the user sits this fraction of the screen height below the centre, so more of
    /// what lies ahead is shown (Navit uses 0.30, a popular phone navigator about 0.15).
    public static let lookAheadFraction = 0.22

    public init(center: GeoCoordinate, zoom: Double, bearing: Angle, width: Int, height: Int, anchor: Point) {
        self.center = center
        self.zoom = zoom
        self.bearing = bearing
        self.width = width
        self.height = height
        self.anchor = anchor
    }

    /// The camera for `mode`: north-up centres the user; the rotating modes put the user below centre.
    /// `mapBearing` is the direction that should point up (ignored in north-up). `auto` is resolved before a
    /// camera is built (`RotationPolicy`); given one anyway, it is drawn as a rotating map.
    public init(mode: OrientationMode, center: GeoCoordinate, zoom: Double, mapBearing: Angle, width: Int, height: Int)
    {
        let w = Double(width)
        let h = Double(height)
        switch mode {
        case .northUp:
            self.init(
                center: center, zoom: zoom, bearing: .north, width: width, height: height,
                anchor: Point(x: w / 2, y: h / 2))
        case .headingUp, .courseUp, .auto:
            self.init(
                center: center, zoom: zoom, bearing: mapBearing, width: width, height: height,
                anchor: Point(x: w / 2, y: (h / 2 + h * Camera.lookAheadFraction).rounded()))
        }
    }

    /// The on-screen angle of the user arrow: heading minus map rotation (0 = pointing up the screen).
    public func arrowAngle(heading: Angle) -> Angle { heading.rotated(by: -bearing.degrees) }

    /// The screen pixel where `coordinate` is drawn.
    public func screenPoint(of coordinate: GeoCoordinate) -> Point {
        screenPoint(ofWorldPixel: WebMercator.worldPixel(coordinate, zoom: zoom))
    }

    /// The screen pixel of a world pixel at this camera's zoom.
    public func screenPoint(ofWorldPixel p: Point) -> Point {
        let c = WebMercator.worldPixel(center, zoom: zoom)
        return anchor + rotate(p - c, byDegrees: -bearing.degrees)
    }

    /// The world pixel (at this zoom) under a screen pixel.
    public func worldPixel(atScreen s: Point) -> Point {
        WebMercator.worldPixel(center, zoom: zoom) + rotate(s - anchor, byDegrees: bearing.degrees)
    }

    /// The coordinate under a screen pixel.
    public func coordinate(atScreen s: Point) -> GeoCoordinate {
        WebMercator.coordinate(ofWorldPixel: worldPixel(atScreen: s), zoom: zoom)
    }

    /// The screen direction (degrees clockwise from screen-up) in which true north lies.
    public var northOnScreen: Angle { Angle(-bearing.degrees) }
}

/// Rotates a screen-space vector clockwise (as seen on a y-down screen) by `degrees`.
func rotate(_ v: Point, byDegrees degrees: Double) -> Point {
    let r = degrees * .pi / 180
    let c = cos(r)
    let s = sin(r)
    return Point(x: v.x * c - v.y * s, y: v.x * s + v.y * c)
}
