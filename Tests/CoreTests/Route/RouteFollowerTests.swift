import Core
import Foundation
import Testing

@Suite("Route follower on a replayed ride")
struct RouteFollowerTests {
    /// The GPS fixes of the bundled Helsinki ride (recordings/helsinki-ride.navrec: a stop at lights, a left turn,
    /// a U-turn and a GPS dropout).
    static func rideFixes() throws -> [GPSFix] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "recordings/helsinki-ride.navrec")
        let data = try #require(FileManager.default.contents(atPath: url.path))
        let recording = try RecordingReader.read([UInt8](data), file: "helsinki-ride.navrec")
        return recording.events.compactMap { event in
            if case .gpsFix(let f) = event, f.coordinate != nil { return f }
            return nil
        }
    }

    /// The ride's own track as the route to follow.
    static func route(from fixes: [GPSFix]) throws -> RouteLine {
        let points = fixes.map { GPXPoint(coordinate: $0.coordinate!, utcSeconds: $0.utcSeconds) }
        return try RouteLine(document: GPXDocument(tracks: [GPXTrack(segments: [points])]))
    }

    @Test func ridingTheRouteCountsDownToTheEndAndNeverLeavesIt() throws {
        let fixes = try Self.rideFixes()
        try #require(fixes.count > 100)
        let route = try Self.route(from: fixes)
        var follower = RouteFollower(route: route)
        var previousAlong = -1.0
        var last: RouteProgress?
        for fix in fixes {
            let update = follower.update(
                position: fix.coordinate!, speedMetresPerSecond: fix.speedMetresPerSecond, time: fix.time)
            let p = try #require(update)
            #expect(!p.isOffRoute)
            #expect(p.match.distanceMetres < 1)
            // Along the line only forwards, through the U-turn too (the matcher keeps to the leg it is on).
            #expect(p.match.alongMetres >= previousAlong - 0.01)
            previousAlong = p.match.alongMetres
            #expect(abs(p.distanceToGoMetres - (route.lengthMetres - p.match.alongMetres)) < 1e-6)
            last = p
        }
        let end = try #require(last)
        #expect(end.distanceToGoMetres < 1)
        #expect(try #require(end.estimatedSecondsToGo) < 1)
    }

    @Test func theUTurnIsAnnouncedAheadWithItsDistance() throws {
        let fixes = try Self.rideFixes()
        let route = try Self.route(from: fixes)
        // The ride's left turn, its U-turn and the bend after it, and nothing from the wobble of its fixes.
        #expect(route.turns.count == 3)
        let uTurn = try #require(route.turns.first { abs($0.angleDegrees) > 150 })
        var follower = RouteFollower(route: route)
        var announced: [Double] = []
        for fix in fixes {
            let p = follower.update(
                position: fix.coordinate!, speedMetresPerSecond: fix.speedMetresPerSecond, time: fix.time)
            if let next = p?.nextTurn, next.turn == uTurn { announced.append(next.distanceMetres) }
        }
        try #require(announced.count > 3)
        // The distance to the cue shrinks fix by fix as the rider closes in.
        #expect(zip(announced, announced.dropFirst()).allSatisfy { $0.1 <= $0.0 + 0.01 })
        #expect(announced.last! < 30)
    }

    @Test func aRideOffsetFromTheRouteIsOffRouteAfterTheHoldTimeWithTheWayBack() throws {
        let fixes = try Self.rideFixes()
        let route = try Self.route(from: fixes)
        var follower = RouteFollower(route: route)
        // Ride the first 20 fixes on the route, then 120 m to the south of it.
        var firstOff: Timestamp?
        var leftAt: Timestamp?
        for (i, fix) in fixes.enumerated() {
            var position = fix.coordinate!
            if i >= 20 {
                leftAt = leftAt ?? fix.time
                position = GreatCircle.destination(from: position, bearing: Angle(180), distance: 120)
            }
            let update = follower.update(position: position, speedMetresPerSecond: 8, time: fix.time)
            let p = try #require(update)
            if p.isOffRoute, firstOff == nil {
                firstOff = fix.time
                let back = try #require(p.wayBack)
                #expect(back.distanceMetres > 50)
                // The line lies to the north of the rider.
                let bearing = try #require(back.bearing).degrees
                #expect(bearing < 60 || bearing > 300)
            }
            if i < 20 { #expect(!p.isOffRoute) }
        }
        let off = try #require(firstOff)
        let held = off.seconds(since: try #require(leftAt))
        #expect(held >= 5 && held < 7)
    }

    @Test func oneWildFixIsNotADetourAndComingBackClearsOffRoute() throws {
        let fixes = try Self.rideFixes()
        let route = try Self.route(from: fixes)
        var follower = RouteFollower(route: route)
        for (i, fix) in fixes.prefix(60).enumerated() {
            var position = fix.coordinate!
            // One fix 300 m off at 10; fixes 20–39 200 m off; back on from 40.
            if i == 10 { position = GreatCircle.destination(from: position, bearing: Angle(0), distance: 300) }
            if (20..<40).contains(i) {
                position = GreatCircle.destination(from: position, bearing: Angle(180), distance: 200)
            }
            let update = follower.update(position: position, speedMetresPerSecond: 8, time: fix.time)
            let p = try #require(update)
            if i < 25 || i >= 40 { #expect(!p.isOffRoute, "fix \(i)") }
            if (30..<40).contains(i) { #expect(p.isOffRoute, "fix \(i)") }
        }
    }
}
