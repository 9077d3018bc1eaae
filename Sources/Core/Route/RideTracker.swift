/// The ride beside the navigation: the route being followed, the trip so far, the ride's own GPX track, the
/// trail from before a restart and the clock. Fed the session's events (`apply`), it adds what a frame needs to
/// the scene input (`decorate`); Platform saves and restores it (`RideState`) and writes its track.
///
/// Pure: the time of day comes from the fixes (their UTC time, carried forward on the events' clock), and the
/// local zone's offset is set by the caller, which can look it up.
public final class RideTracker {
    public struct Configuration: Hashable, Sendable {
        public var units: UnitSystem = .metric
        public var tripFields: [TripField] = TripField.standard
        public var follower = RouteFollower.Configuration()
        public init(units: UnitSystem = .metric, tripFields: [TripField] = TripField.standard) {
            self.units = units
            self.tripFields = tripFields
        }
    }

    public let configuration: Configuration
    /// The line to follow, nil without one.
    public let route: RouteLine?
    public private(set) var follower: RouteFollower?
    /// Where the rider is on the route after the latest fix.
    public private(set) var progress: RouteProgress?
    public private(set) var trip = TripStatistics()
    /// The ride's own track, for the GPX file.
    public private(set) var track = GPXTrackRecorder(name: "NavDisplay ride")
    /// Points the rider marked, written as the track file's waypoints.
    public private(set) var marks: [GPXPoint] = []
    /// Trails from before a restart, oldest first.
    public private(set) var earlierTrails: [[GeoCoordinate]] = []
    /// The trail the latest frame drew (the navigation state's), kept for saving.
    public private(set) var trail: [GeoCoordinate] = []
    /// Where the latest fix with a position put the rider (a marked point goes there).
    public private(set) var position: GeoCoordinate?
    /// The local day the trip and the track belong to; nil before the first fix with a time.
    public private(set) var day: LocalDay?
    /// The local time zone's offset from UTC, in seconds (set by the caller, which can look it up).
    public var zoneOffsetSeconds = 0
    /// The latest fix with a UTC time, on the events' clock.
    private var clock: (time: Timestamp, utcSeconds: Double)?
    /// A day that ended (its track and marks), until the caller takes it to write its file.
    private var finishedDay: (day: LocalDay, document: GPXDocument)?
    /// Counts changes worth saving (a fix added to the trip or trail), so a parked display writes nothing.
    public private(set) var revision = 0

    public init(route: RouteLine?, configuration: Configuration = Configuration()) {
        self.route = route
        self.configuration = configuration
        follower = route.map { RouteFollower(route: $0, configuration: configuration.follower) }
    }

    /// Takes one event; only fixes count (and the rider's marks, through `mark`).
    public func apply(_ event: SensorEvent) {
        if case .gpsFix(let fix) = event { add(fix) }
    }

    /// Takes one fix: the route progress, the trip, the track, the clock and the day move on.
    public func add(_ fix: GPSFix) {
        if let utc = fix.utcSeconds, utc.isFinite {
            clock = (fix.time, utc)
            if let today = LocalDay(utcSeconds: utc, offsetSeconds: zoneOffsetSeconds) {
                if let day, today != day { endDay() }
                day = today
            }
        }
        guard fix.mode >= .twoD, let c = fix.coordinate, c.isValid else { return }
        position = c
        if var f = follower {
            progress = f.update(position: c, speedMetresPerSecond: fix.speedMetresPerSecond, time: fix.time)
            follower = f
        }
        trip.add(fix)
        track.add(fix)
        revision &+= 1
    }

    /// Remembers `point` as a waypoint of the day's track.
    public func mark(_ point: GPXPoint) {
        marks.append(point)
        revision &+= 1
    }

    /// The UTC time at `time` on the events' clock: the latest timed fix carried forward; nil before one or
    /// when `time` is before it (a replay that started again).
    public func utcSeconds(at time: Timestamp) -> Double? {
        guard let clock else { return nil }
        let elapsed = time.seconds(since: clock.time)
        guard elapsed >= 0 else { return nil }
        return clock.utcSeconds + elapsed
    }

    /// Adds the ride to a frame's input: the route and progress, trip, clock, units and earlier trails.
    public func decorate(_ input: inout SceneInput, at time: Timestamp) {
        trail = input.trail
        input.ride = RideOverlay(
            route: route, progress: progress, trip: trip, tripFields: configuration.tripFields,
            units: configuration.units, utcSeconds: utcSeconds(at: time), zoneOffsetSeconds: zoneOffsetSeconds,
            earlierTrails: earlierTrails)
    }

    /// The track so far as a GPX document, with the marks as waypoints.
    public var trackDocument: GPXDocument { track.document(waypoints: marks) }

    /// The day that ended at midnight (local), its track and marks, once: the caller writes its file. The trip,
    /// track and marks have started afresh for the new day.
    public func takeFinishedDay() -> (day: LocalDay, document: GPXDocument)? {
        defer { finishedDay = nil }
        return finishedDay
    }

    private func endDay() {
        if let day, track.pointCount > 0 || !marks.isEmpty { finishedDay = (day, trackDocument) }
        trip.reset()
        track = GPXTrackRecorder(name: track.name, gapSeconds: track.gapSeconds, maximumPoints: track.maximumPoints)
        marks = []
        earlierTrails = []
        revision &+= 1
    }

    /// Continues from a saved state and the day's track file after a restart: the trip goes on, the earlier
    /// trails are drawn, and the track and its marks grow from where the file left them (a new segment, since
    /// the receiver was off in between).
    public func restore(_ state: RideState, track document: GPXDocument? = nil) {
        day = state.day
        trip = state.trip
        earlierTrails = state.trails
        if let document {
            track = GPXTrackRecorder(
                restoring: document, name: track.name, gapSeconds: track.gapSeconds,
                maximumPoints: track.maximumPoints)
            marks = document.waypoints
        }
    }

    /// Starts again from nothing but the route (a replay's `--loop` pass).
    public func restart() {
        follower = route.map { RouteFollower(route: $0, configuration: configuration.follower) }
        progress = nil
        trip.reset()
        track = GPXTrackRecorder(name: track.name, gapSeconds: track.gapSeconds, maximumPoints: track.maximumPoints)
        marks = []
        earlierTrails = []
        trail = []
        day = nil
        clock = nil
        finishedDay = nil
        revision &+= 1
    }
}

/// A calendar day in the local time zone: what a day's track file is named after.
public struct LocalDay: Hashable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The local day at `utcSeconds` in a zone `offsetSeconds` east of UTC; nil for a time out of range.
    public init?(utcSeconds: Double, offsetSeconds: Int) {
        guard let t = UTCDateTime(secondsSince1970: utcSeconds + Double(offsetSeconds)) else { return nil }
        self.init(year: t.year, month: t.month, day: t.day)
    }

    /// "2026-05-28" (ISO 8601); nil unless `text` is one with a valid month and day.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), (1...12).contains(m),
            (1...31).contains(d)
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public var description: String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(year)-\(two(month))-\(two(day))"
    }
}
