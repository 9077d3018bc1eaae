/// Where the rider stands on the route, for the HUD and the route layer.
public struct RouteProgress: Hashable, Sendable {
    /// The nearest point of the line, the end of the part already ridden.
    public var match: RouteMatch
    /// Metres from there to the end of the line.
    public var distanceToGoMetres: Double
    /// Seconds to the end at the ride's recent moving speed; nil until the rider has moved.
    public var estimatedSecondsToGo: Double?
    /// True once the position has stayed farther than the threshold from the line for the hold time.
    public var isOffRoute: Bool
    /// While off route: the way back, as the bearing and distance to the nearest point of the line.
    public var wayBack: WayBack?
    /// The next sharp turn ahead within the look-ahead distance.
    public var nextTurn: UpcomingTurn?

    public struct WayBack: Hashable, Sendable {
        public var coordinate: GeoCoordinate
        public var distanceMetres: Double
        /// Direction from the position to the line; nil when they coincide.
        public var bearing: Angle?
    }

    public struct UpcomingTurn: Hashable, Sendable {
        public var turn: RouteTurn
        /// Metres along the line from the rider to the turn.
        public var distanceMetres: Double
    }
}

/// Follows the rider along a `RouteLine`, one fix at a time.
///
/// Matching prefers the stretch just around the last match (so a route that crosses itself, or goes out and
/// back along one road, is followed leg by leg) and looks at the whole line only when that stretch is farther
/// than the off-route threshold. Off-route needs the distance to stay above the threshold for a hold time (a GPS
/// jump of one fix is not a detour) and clears once the rider is back within a smaller distance.
public struct RouteFollower: Sendable {
    public struct Configuration: Hashable, Sendable {
        /// Farther than this from the line counts towards off-route, in metres.
        public var offRouteMetres = 50.0
        /// How long the distance must stay above the threshold, in seconds.
        public var offRouteHoldSeconds = 5.0
        /// Back on the route once this close, in metres (below the threshold, so the state does not flicker).
        public var backOnRouteMetres = 30.0
        /// How far ahead a turn is announced, in metres.
        public var turnLookAheadMetres = 1_000.0
        /// The stretch of line around the last match searched first: this far back and `aheadMetres` ahead.
        public var behindMetres = 100.0
        public var aheadMetres = 1_000.0
        /// Speeds below this, in m/s, do not count towards the estimated time (standing at lights).
        public var movingSpeedMetresPerSecond = 1.0
        /// The time constant of the moving-speed average, in seconds.
        public var speedAverageSeconds = 120.0
        public init() {}
    }

    public let route: RouteLine
    public var configuration: Configuration
    private var lastAlong: Double?
    private var farSince: Timestamp?
    private var offRoute = false
    private var lastTime: Timestamp?
    private var averageSpeed: Double?

    public init(route: RouteLine, configuration: Configuration = Configuration()) {
        self.route = route
        self.configuration = configuration
    }

    /// Takes one fix: its position, its speed over ground (nil when not reported) and its time.
    public mutating func update(position: GeoCoordinate, speedMetresPerSecond: Double?, time: Timestamp)
        -> RouteProgress?
    {
        guard position.isValid else { return nil }
        let c = configuration
        var match: RouteMatch?
        if let last = lastAlong {
            match = route.nearest(to: position, alongRange: (last - c.behindMetres)...(last + c.aheadMetres))
        }
        if match.map({ $0.distanceMetres > c.offRouteMetres }) ?? true,
            let global = route.nearest(to: position), global.distanceMetres < (match?.distanceMetres ?? .infinity)
        {
            match = global
        }
        guard let match else { return nil }
        lastAlong = match.alongMetres
        updateSpeed(speedMetresPerSecond, time: time)

        if match.distanceMetres > c.offRouteMetres {
            let since = farSince ?? time
            farSince = since
            if time.seconds(since: since) >= c.offRouteHoldSeconds { offRoute = true }
        } else {
            farSince = nil
            if match.distanceMetres <= c.backOnRouteMetres { offRoute = false }
        }

        let toGo = max(0, route.lengthMetres - match.alongMetres)
        var progress = RouteProgress(
            match: match, distanceToGoMetres: toGo,
            estimatedSecondsToGo: averageSpeed.map { toGo / $0 }, isOffRoute: offRoute)
        if offRoute {
            progress.wayBack = RouteProgress.WayBack(
                coordinate: match.coordinate, distanceMetres: match.distanceMetres,
                bearing: GreatCircle.initialBearing(from: position, to: match.coordinate))
        }
        if let turn = route.nextTurn(after: match.alongMetres, withinMetres: c.turnLookAheadMetres) {
            progress.nextTurn = RouteProgress.UpcomingTurn(
                turn: turn, distanceMetres: turn.alongMetres - match.alongMetres)
        }
        return progress
    }

    /// An exponential average of the moving speed, weighted by the time between fixes.
    private mutating func updateSpeed(_ speed: Double?, time: Timestamp) {
        defer { lastTime = time }
        guard let speed, speed.isFinite, speed >= configuration.movingSpeedMetresPerSecond else { return }
        guard let previous = averageSpeed, let lastTime else {
            averageSpeed = speed
            return
        }
        let dt = min(max(time.seconds(since: lastTime), 0), configuration.speedAverageSeconds)
        let weight = dt / configuration.speedAverageSeconds
        averageSpeed = previous + (speed - previous) * weight
    }
}
