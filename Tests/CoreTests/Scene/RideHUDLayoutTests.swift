import Foundation
import Testing

@testable import Core

/// The route and trip panels on four panels and in each route state: the turn cue and off-route are always on
/// screen, nothing overlaps another panel or the user's marker, and its line is ISO 15008's 20′ from 7" up (on the
/// smallest panels it may drop to the 16′ minimum rather than go).
@Suite("Ride HUD layout")
struct RideHUDLayoutTests {
    static let panels: [(width: Int, height: Int, inches: Double)] = [
        (480, 320, 3.5), (800, 480, 7), (1280, 800, 10), (480, 800, 5),
    ]

    /// A straight 1 km line north with a U-turn at its end, and the rider on it or 200 m off to the west.
    static func overlay(offRoute: Bool, fields: [TripField]) throws -> (RideOverlay, GeoCoordinate) {
        let start = GeoCoordinate(latitude: 60.16, longitude: 24.94)
        var points = (0...100).map {
            GeoCoordinate(latitude: start.latitude + Double($0) * 9e-5, longitude: start.longitude)
        }
        points += (0...20).map {
            GeoCoordinate(latitude: points.last!.latitude - Double($0) * 9e-5, longitude: start.longitude + 2e-4)
        }
        let route = try RouteLine(points: points)
        var follower = RouteFollower(route: route)
        var progress: RouteProgress?
        var position = start
        for i in 0...80 {
            position = GeoCoordinate(
                latitude: start.latitude + Double(i) * 9e-5,
                longitude: start.longitude - (offRoute && i > 50 ? 4e-3 : 0))
            progress = follower.update(position: position, speedMetresPerSecond: 5, time: Timestamp(seconds: Double(i)))
        }
        var trip = TripStatistics()
        trip.add(GPSFix(time: Timestamp(seconds: 0), mode: .threeD, coordinate: start, altitudeMetres: 12))
        return (
            RideOverlay(
                route: route, progress: progress, trip: trip, tripFields: fields, units: .metric,
                utcSeconds: 1_780_000_000, zoneOffsetSeconds: 10_800),
            position
        )
    }

    @Test(
        "the route panel is always shown and nothing overlaps",
        arguments: panels.flatMap { p in
            [false, true].flatMap { off in [OrientationMode.headingUp, .northUp].map { (p, off, $0) } }
        })
    func nothingOverlaps(_ c: ((width: Int, height: Int, inches: Double), Bool, OrientationMode)) throws {
        let (panel, offRoute, mode) = c
        let fonts = try FontSet.load()
        let physics = try #require(
            ScreenPhysics(width: panel.width, height: panel.height, diagonalInches: panel.inches))
        let scene = Scene(width: panel.width, height: panel.height, fonts: fonts, physics: physics)
        let (ride, position) = try Self.overlay(offRoute: offRoute, fields: TripField.allCases)
        var input = SceneInput(
            camera: Camera(
                mode: mode, center: position, zoom: 16.5, mapBearing: Angle(degrees: mode == .headingUp ? 10 : 0)!,
                width: panel.width, height: panel.height),
            mode: mode,
            heading: Heading(
                direction: Angle(degrees: 10)!, reference: .trueNorth, accuracyDegrees: 5, source: .compass),
            speedMetresPerSecond: 5, positionStatus: "GPS 3D · 9 sats", headingStatus: "True · compass")
        input.currentStreet = "Mannerheimintie"
        input.ride = ride
        let lines = HUDLines(input)
        let route = try #require(lines.route)
        #expect(route.offRoute == offRoute)
        if !offRoute { #expect(route.turnDegrees.map { abs($0) >= 150 } == true) }
        let hud = HUDLayer(typography: scene.typography, unit: scene.unit)
        let marker = scene.markerRect(input)
        let layout = hud.layout(lines, camera: input.camera, width: panel.width, height: panel.height, keepOut: marker)
        let routePanel = try #require(layout.ride.route, "\(panel) has no route panel")
        // The cue or off-route row is always there, at the primary size.
        let first = try #require(layout.ride.routeRows.first)
        #expect(first.glyph != nil)
        if panel.inches >= 7 { #expect(first.primary) }
        #expect(first.text == (offRoute ? route.wayBack : route.turnDistance))
        if offRoute { #expect(layout.ride.routeRows.dropFirst().first?.text == "Off route") }
        let rects = layout.rects
        let screen = Rect(x: 0, y: 0, width: Double(panel.width), height: Double(panel.height))
        for (i, a) in rects.enumerated() {
            #expect(!a.intersects(marker), "\(panel): \(a) covers the marker")
            #expect(a.x >= 0 && a.y >= 0 && a.maxX <= screen.maxX && a.maxY <= screen.maxY, "\(panel): \(a) off screen")
            for b in rects[(i + 1)...] { #expect(!a.intersects(b), "\(panel): \(a) overlaps \(b)") }
        }
        #expect(rects.contains(routePanel))
    }

    @Test(
        "the scale bar speaks the ride's units",
        arguments: [
            (UnitSystem.metric, 1.0, "100 m"), (.metric, 30.0, "2.0 km"), (.imperial, 1.0, "200 ft"),
            (.imperial, 30.0, "2 mi"), (.imperial, 100.0, "5 mi"), (.nautical, 1.0, "0.05 NM"),
            (.nautical, 30.0, "1 NM"),
        ])
    func scaleBarUnits(_ c: (UnitSystem, Double, String)) {
        // The smallest round length of at least 59 px (an 800×480 screen's): 59 m at 1 m/px is 100 m, 194 ft
        // is 200 ft, 0.03 NM is 0.05 NM.
        let (pixels, label) = HUDLayer.scaleBar(metresPerPixel: c.1, aboutPixels: 59, units: c.0)
        #expect(label == c.2)
        #expect(pixels >= 59 && pixels <= 59 * 2.5)
    }
}
