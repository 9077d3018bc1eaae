import Core
import Platform

/// The ride beside the map, shared by `run`, `demo` and `replay`: the route to follow, the trip fields on the
/// HUD and their units, and (for `run` and `replay`) where the ride is kept across restarts.
struct RouteOptions: OptionGroup {
    /// The GPX file to follow; nil for none.
    var routePath: String?
    /// True when `routePath` came from the config file rather than the command line: a bad file is then a HUD
    /// notice and the map still comes up, instead of a usage error.
    var routeFromConfig = false
    var tripFields = TripField.standard
    var units = UnitSystem.metric
    /// Where the trail, the trip and the day's tracks are kept; nil keeps nothing.
    var stateDirectory: String?

    /// The group with `stateDirectory` defaulting to `directory` (`run`: /var/lib/navdisplay).
    init(stateDirectory directory: String? = nil) { stateDirectory = directory }

    /// Every flag but `--state-dir`, for `demo` (which keeps nothing).
    static let viewFlags: Set<String> = ["--route", "--trip-fields", "--units"]

    static let options: [OptionSpec<RouteOptions>] = [
        .text(
            "--route", "FILE.gpx|none", what: "a GPX file, or none", completion: .file, example: "none",
            help: "a GPX track or route to follow: drawn under the arrow, with the distance to go, the\n"
                + "arrival, the next sharp turn and off-route on the HUD (at most 2,000,000 points)"
        ) { o, v in
            o.routePath = v == "none" ? nil : v
            o.routeFromConfig = false
        },
        .value(
            "--trip-fields", "LIST", what: "names from clock, distance, time, average, max, altitude, or none",
            example: "clock,distance,max",
            help: "trip data on the HUD, in order: clock, distance, time, average, max, altitude,\n"
                + "comma-separated, or none (default clock,distance)", convert: TripField.list
        ) { o, fields in o.tripFields = fields },
        .choice("--units", UnitSystem.self, example: "imperial", help: "units on the HUD (default metric)") {
            o, units in o.units = units
        },
        .text(
            "--state-dir", "DIR|none", what: "a folder, or none", completion: .directory, example: "none",
            help: "where the trail, the trip and each day's GPX track (tracks/ride-DATE.gpx) are kept\n"
                + "across restarts (run: default /var/lib/navdisplay; replay: none)"
        ) { o, v in o.stateDirectory = v == "none" ? nil : v },
    ]

    /// The route, read now. A bad file from the command line is a usage error (exit 64); from the config file
    /// it is a HUD notice and a log line, and the ride goes on without a route.
    func loadRoute(command: String) throws -> (route: RouteLine?, notice: String?) {
        guard let path = routePath else { return (nil, nil) }
        do {
            let route = try RouteFile.load(path)
            say(
                "navdisplay \(command): route \(route.name.map { "\"\($0)\" " } ?? "")from \(path): "
                    + "\(route.points.count) points, \(formatFixed(route.lengthMetres / 1000, digits: 1)) km, "
                    + "\(route.turns.count) sharp turns")
            return (route, nil)
        } catch {
            guard routeFromConfig else { throw UsageError("navdisplay \(command): --route \(error)") }
            say("navdisplay \(command): route not loaded, riding without one: \(error)", priority: .warning)
            return (nil, "ROUTE FILE UNREADABLE")
        }
    }

    /// The tracker for `route` with these fields and units.
    func tracker(route: RouteLine?) -> RideTracker {
        RideTracker(route: route, configuration: RideTracker.Configuration(units: units, tripFields: tripFields))
    }

    /// The ride sink: the tracker fed, and with a state folder the ride kept (restored now).
    func sink(tracker: RideTracker, command: String) -> RideSink {
        let sink = RideSink(tracker: tracker, files: stateDirectory.map(RideFiles.init(directory:))) { line in
            say("navdisplay \(command): " + line)
        }
        sink.restore()
        return sink
    }
}
