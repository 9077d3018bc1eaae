import Core
import Foundation
import Platform
import Testing

/// The bundled Helsinki ride and the routes made from it (Tests/NavDisplayTests/Fixtures/routes): its own track
/// as written by `navdisplay replay --state-dir` (the route ridden exactly), and the same moved 150 m east and 150 m south, at least 88 m from every fix (a
/// route the rider is never on).
enum RouteFixtures {
    static let routes = NavDisplayBinary.repositoryRoot.appendingPathComponent("Tests/NavDisplayTests/Fixtures/routes")
    static let alongPath = routes.appendingPathComponent("helsinki-ride.gpx").path
    static let southPath = routes.appendingPathComponent("helsinki-ride-moved-southeast.gpx").path
    /// Helsinki in summer (EEST), where and when the bundled ride is: the zone a rider there would see.
    static let helsinkiSummerOffsetSeconds = 3 * 3_600

    static func ride() throws -> Recording {
        try loadRecording(
            NavDisplayBinary.repositoryRoot.appendingPathComponent("recordings/helsinki-ride.navrec").path)
    }

    static func along() throws -> RouteLine { try RouteFile.load(alongPath) }
    static func south() throws -> RouteLine { try RouteFile.load(southPath) }

    /// The ride's fixes with a position.
    static func fixes(_ recording: Recording) -> [GPSFix] {
        recording.events.compactMap { event in
            if case .gpsFix(let f) = event, f.coordinate != nil { return f }
            return nil
        }
    }

    /// A pipeline at `seconds` into the ride: every event up to then applied to it and to its tracker.
    static func pipeline(
        at seconds: Double, recording: Recording, scene: Scene, tracker: RideTracker,
        orientation: OrientationMode = .headingUp, zoom: Double = 16.5
    ) -> (NavigationPipeline, Timestamp) {
        var heading = HeadingConfiguration(calibration: recording.header.calibration)
        heading.fallbackDecimalYear = recording.header.startUTCSeconds.map(DecimalYear.from(utcSeconds:))
        heading.fallbackCoordinate = recording.header.place
        let pipeline = NavigationPipeline(
            scene: scene, orientation: orientation, zoom: zoom,
            fallbackCenter: StartPosition.of(place: recording.header.place, events: recording.events),
            heading: heading)
        pipeline.ride = tracker
        tracker.zoneOffsetSeconds = helsinkiSummerOffsetSeconds
        let start = recording.events[0].time
        let end = start.adding(seconds: seconds)
        for event in recording.events where event.time <= end {
            pipeline.apply(event)
            tracker.apply(event)
        }
        return (pipeline, end)
    }
}
