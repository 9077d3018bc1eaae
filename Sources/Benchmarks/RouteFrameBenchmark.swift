import Core
import Glibc
import Platform

/// What a route costs a frame: the same 800×480 heading-up frame of the bundled Helsinki map drawn without a
/// route and with a 100,000-point route through it (the meander below: a point every 5 m, 500 km), in the same
/// run, with the rider on the route and the HUD's route panel. Only the chunks of the line that meet the screen
/// are projected, so the ratio should stay near 1 whatever the route's length; zoomed out, more of it is drawn.
func routeFrameBenchmark() {
    print("\n== Route layer: one 800×480 frame with and without a 100,000-point route ==")
    guard let fonts = try? FontSet.load(),
        let map = try? OfflineMap.layer(
            path: repositoryPath("maps/helsinki.mbtiles"), style: .day, fonts: fonts, waitForTiles: true)
    else {
        print("  skipped: no fonts or no bundled map")
        return
    }
    let scene = Scene(width: 800, height: 480, fonts: fonts, theme: .day, map: map)
    var points: [GeoCoordinate] = []
    var here = GeoCoordinate(latitude: 60.1655, longitude: 24.9300)
    for i in 0..<100_000 {
        let bearing = 70 + 40 * sin(Double(i) / 300) + ((i / 400) % 2 == 0 ? 0 : 90)
        here = GreatCircle.destination(from: here, bearing: Angle(bearing), distance: 5)
        points.append(here)
    }
    guard let route = try? RouteLine(points: points) else { return }
    var follower = RouteFollower(route: route)
    let rider = points[300]
    let progress = follower.update(position: rider, speedMetresPerSecond: 6, time: Timestamp(seconds: 0))

    for zoom in [16.0, 13.0] {
        let camera = Camera(
            mode: .headingUp, center: rider, zoom: zoom, mapBearing: Angle(degrees: 30)!, width: 800, height: 480)
        var plain = SceneInput(
            camera: camera, mode: .headingUp,
            heading: Heading(
                direction: Angle(degrees: 30)!, reference: .trueNorth, accuracyDegrees: 5, source: .compass),
            speedMetresPerSecond: 6, positionStatus: "GPS 3D · 9 sats", headingStatus: "True · compass")
        plain.ride = RideOverlay(tripFields: TripField.standard, utcSeconds: 1_780_000_000)
        var routed = plain
        routed.ride?.route = route
        routed.ride?.progress = progress
        let visible = route.visibleRuns(in: GeoBox(camera: camera)).reduce(0) { $0 + $1.count }
        // Both measured in turns, so a busy neighbour slows both alike.
        _ = scene.render(plain)
        _ = scene.render(routed)
        // The route panel alone: the same route, its line off the screen (the rider 50 km along it).
        var panelOnly = routed
        panelOnly.ride?.route = try? RouteLine(
            points: points.map {
                GeoCoordinate(latitude: $0.latitude + 0.5, longitude: $0.longitude)
            })
        // The same frame with only the route's first 2,000 points (10 km): what the other 98,000 cost.
        var short = routed
        short.ride?.route = try? RouteLine(points: Array(points.prefix(2_000)))
        var shortFollower = short.ride?.route.map { RouteFollower(route: $0) }
        short.ride?.progress = shortFollower?.update(
            position: rider, speedMetresPerSecond: 6, time: Timestamp(seconds: 0))
        var without = 0.0
        var with = 0.0
        var panel = 0.0
        var shortOnly = 0.0
        for _ in 0..<3 {
            without += medianSeconds(5) { _ = scene.render(plain) }
            with += medianSeconds(5) { _ = scene.render(routed) }
            panel += medianSeconds(5) { _ = scene.render(panelOnly) }
            shortOnly += medianSeconds(5) { _ = scene.render(short) }
        }
        print(
            "  zoom \(formatFixed(zoom, digits: 0)): without a route \(formatFixed(without / 3 * 1e3, digits: 2)) ms, "
                + "with it \(formatFixed(with / 3 * 1e3, digits: 2)) ms (ratio \(formatFixed(with / without, digits: 3)); "
                + "\(visible) of \(points.count) points in the chunks on screen); the route panel alone "
                + "\(formatFixed(panel / 3 * 1e3, digits: 2)) ms (ratio \(formatFixed(panel / without, digits: 3))); "
                + "its first 2,000 points only \(formatFixed(shortOnly / 3 * 1e3, digits: 2)) ms "
                + "(100,000 / 2,000: \(formatFixed(with / shortOnly, digits: 3)))")
    }
}
