/// What the ride adds to a frame: the route to follow and where the rider is on it, the trip so far, the time of
/// day, the trail from before a restart, and the units the HUD speaks. Made by `RideTracker.decorate`.
public struct RideOverlay: Sendable {
    /// The line to follow; nil without `--route`.
    public var route: RouteLine?
    /// Where the rider is on `route`; nil before the first fix.
    public var progress: RouteProgress?
    /// The trip so far, for the trip fields.
    public var trip: TripStatistics
    /// The trip fields to show, in order.
    public var tripFields: [TripField]
    public var units: UnitSystem
    /// UTC seconds since 1970 at the frame's time (the latest timed fix carried forward); nil before one.
    public var utcSeconds: Double?
    /// The local time zone's offset from UTC at `utcSeconds`, in seconds (looked up by the caller).
    public var zoneOffsetSeconds: Int
    /// Trails from before a restart, oldest first, each drawn as a line of its own (the rider may have moved
    /// while the display was off, and a straight line across that would be a lie).
    public var earlierTrails: [[GeoCoordinate]]

    public init(
        route: RouteLine? = nil, progress: RouteProgress? = nil, trip: TripStatistics = TripStatistics(),
        tripFields: [TripField] = [], units: UnitSystem = .metric, utcSeconds: Double? = nil,
        zoneOffsetSeconds: Int = 0, earlierTrails: [[GeoCoordinate]] = []
    ) {
        self.route = route
        self.progress = progress
        self.trip = trip
        self.tripFields = tripFields
        self.units = units
        self.utcSeconds = utcSeconds
        self.zoneOffsetSeconds = zoneOffsetSeconds
        self.earlierTrails = earlierTrails
    }
}
