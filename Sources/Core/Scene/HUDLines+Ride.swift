/// The route panel's lines: the next sharp turn or, off the route, the way back; then the distance to go and the
/// arrival. Rounded to what the HUD shows, so a frame is redrawn only when one of them visibly changes.
public struct RouteLines: Hashable, Sendable {
    /// The next sharp turn's bend in 15° steps (positive to the right); nil when none lies within the look-ahead.
    public var turnDegrees: Int?
    /// "120 m" to that turn.
    public var turnDistance: String?
    /// True while the rider is off the route: the panel says so instead of the turn.
    public var offRoute: Bool
    /// The way back's direction on screen (0 up, clockwise) in 5° steps, while off the route.
    public var wayBackScreenDegrees: Int?
    /// "120 m" back to the route while off it.
    public var wayBack: String?
    /// "4.2 km left", "Arrived" at the end, or the route's length before the first fix.
    public var toGo: String
    /// "ETA 14:35" with the clock known, "25 min left" without; nil until the rider has moved.
    public var arrival: String?

    /// Within this many metres of the end the route is done.
    public static let arrivedMetres = 25.0
    /// Turn angles are shown in steps of this many degrees.
    public static let turnStepDegrees = 15.0

    init(_ ride: RideOverlay, route: RouteLine, camera: Camera) {
        let units = ride.units
        guard let p = ride.progress else {
            self.init(toGo: units.formatDistance(route.lengthMetres) + " route")
            return
        }
        self.init(
            toGo: p.distanceToGoMetres < Self.arrivedMetres
                ? "Arrived" : units.formatDistance(p.distanceToGoMetres) + " left")
        offRoute = p.isOffRoute
        if p.isOffRoute, let back = p.wayBack {
            wayBack = units.formatDistance(back.distanceMetres)
            wayBackScreenDegrees = back.bearing.map { b in
                let a = camera.arrowAngle(heading: b).degrees
                return ((Int(checkedRounding: a / 5) ?? 0) * 5 % 360 + 360) % 360
            }
        } else if let turn = p.nextTurn {
            turnDegrees =
                (Int(checkedRounding: turn.turn.angleDegrees / Self.turnStepDegrees) ?? 0)
                * Int(Self.turnStepDegrees)
            turnDistance = units.formatDistance(turn.distanceMetres)
        }
        if p.distanceToGoMetres >= Self.arrivedMetres, let seconds = p.estimatedSecondsToGo, seconds.isFinite {
            if let utc = ride.utcSeconds {
                arrival = "ETA " + formatClock(utcSeconds: utc + seconds, offsetSeconds: ride.zoneOffsetSeconds)
            } else {
                arrival = units.formatDuration(seconds) + " left"
            }
        }
    }

    init(toGo: String) {
        self.toGo = toGo
        offRoute = false
    }
}

/// One trip field on the HUD: a short label ("AVG"; none for the clock) and its value ("18 km/h").
public struct TripLine: Hashable, Sendable {
    public var label: String?
    public var value: String

    /// The line for `field` from `ride`'s trip, clock and units.
    init(_ field: TripField, _ ride: RideOverlay) {
        let units = ride.units
        let trip = ride.trip
        switch field {
        case .clock:
            label = nil
            value =
                ride.utcSeconds.map { formatClock(utcSeconds: $0, offsetSeconds: ride.zoneOffsetSeconds) } ?? "--:--"
        case .distance: (label, value) = ("TRIP", units.formatDistance(trip.distanceMetres))
        case .time:
            (label, value) = ("TIME", trip.movingSeconds > 0 ? units.formatDuration(trip.movingSeconds) : "0 min")
        case .average: (label, value) = ("AVG", units.formatSpeed(trip.averageMovingSpeedMetresPerSecond))
        case .max:
            (label, value) = (
                "MAX", units.formatSpeed(trip.maxSpeedMetresPerSecond > 0 ? trip.maxSpeedMetresPerSecond : nil)
            )
        case .altitude: (label, value) = ("ALT", units.formatAltitude(trip.altitudeMetres))
        }
    }
}
