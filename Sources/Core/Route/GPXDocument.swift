/// One GPX point: a track point, a route point or a waypoint.
public struct GPXPoint: Hashable, Sendable {
    public var coordinate: GeoCoordinate
    /// Elevation in metres (GPX `ele`), when the file gives one.
    public var elevationMetres: Double?
    /// UTC time in seconds since 1970 (GPX `time`), when the file gives one.
    public var utcSeconds: Double?
    /// The point's name (waypoints and route points usually have one).
    public var name: String?

    public init(
        coordinate: GeoCoordinate, elevationMetres: Double? = nil, utcSeconds: Double? = nil, name: String? = nil
    ) {
        self.coordinate = coordinate
        self.elevationMetres = elevationMetres
        self.utcSeconds = utcSeconds
        self.name = name
    }
}

/// A recorded track: one or more segments (a new segment starts after the receiver lost its fix).
public struct GPXTrack: Hashable, Sendable {
    public var name: String?
    public var segments: [[GPXPoint]]
    public init(name: String? = nil, segments: [[GPXPoint]]) {
        self.name = name
        self.segments = segments
    }
}

/// A planned route: an ordered list of points to pass.
public struct GPXRoute: Hashable, Sendable {
    public var name: String?
    public var points: [GPXPoint]
    public init(name: String? = nil, points: [GPXPoint]) {
        self.name = name
        self.points = points
    }
}

/// What a GPX file holds that a ride uses: waypoints, routes and tracks (GPX 1.1; 1.0 files read the same).
public struct GPXDocument: Hashable, Sendable {
    /// The program that wrote the file (the `creator` attribute).
    public var creator: String
    /// The file's own time (`metadata/time`), when it says.
    public var utcSeconds: Double?
    public var waypoints: [GPXPoint]
    public var routes: [GPXRoute]
    public var tracks: [GPXTrack]

    public init(
        creator: String = "NavDisplay", utcSeconds: Double? = nil, waypoints: [GPXPoint] = [],
        routes: [GPXRoute] = [], tracks: [GPXTrack] = []
    ) {
        self.creator = creator
        self.utcSeconds = utcSeconds
        self.waypoints = waypoints
        self.routes = routes
        self.tracks = tracks
    }

    /// Every point in the document (waypoints, route points and track points).
    public var pointCount: Int {
        waypoints.count + routes.reduce(0) { $0 + $1.points.count }
            + tracks.reduce(0) { $0 + $1.segments.reduce(0) { $0 + $1.count } }
    }
}
