import Core
import Foundation
import Platform
import Testing

/// Whole frames of the bundled Helsinki map as the display draws them: a trail or a route crossing a named street
/// where its name stood, and no label box under the line afterwards (issue 18: labels never under the trail).
@Suite("Labels keep off the trail and the route in a frame")
struct LabelKeepOutSceneTests {
    static let centre = GeoCoordinate(latitude: 60.16952, longitude: 24.94130)

    struct Fixture {
        let layer: OfflineMapLayer
        let scene: Scene
        let input: SceneInput
    }

    static func fixture(zoom: Double = 16, heading: Double = 37) throws -> Fixture {
        let fonts = try FontSet.load()
        let shaper = try WorldTextShaper()
        let layer = try OfflineMap.layer(
            path: MapFixtures.path("helsinki.mbtiles"), style: .day, fonts: fonts, waitForTiles: true, shaper: shaper)
        let scene = Scene(width: 800, height: 480, fonts: fonts, theme: .day, map: layer, shaper: shaper)
        let camera = Camera(
            mode: .headingUp, center: centre, zoom: zoom, mapBearing: Angle(heading), width: 800, height: 480)
        let h = Heading(direction: Angle(heading), reference: .trueNorth, accuracyDegrees: 5, source: .compass)
        let input = SceneInput(
            camera: camera, mode: .headingUp, heading: h, speedMetresPerSecond: 6, positionStatus: "GPS 3D",
            headingStatus: "compass")
        return Fixture(layer: layer, scene: scene, input: input)
    }

    /// A line of 40 screen points across the street label `label`, square to it through its middle, 320 px long.
    static func crossing(_ label: PlacedLabel) -> [Point] {
        let box = label.boxes[label.boxes.count / 2]
        let mid = Point(x: box.x + box.width / 2, y: box.y + box.height / 2)
        let r = label.rotationDegrees * .pi / 180
        let across = Point(x: -sin(r), y: cos(r))
        return (0..<40).map { mid + across * (-160 + 320 * Double($0) / 39) }
    }

    /// Every box of every label in `labels` that touches `line` drawn `width` pixels wide.
    static func covered(_ labels: [PlacedLabel], by line: [Point], width: Double) -> [String] {
        let keepOut = LabelKeepOutLine(points: line, halfWidthPixels: width / 2)
        return labels.filter { $0.boxes.contains { keepOut.touches($0) } }.map(\.text)
    }

    @Test("no label box is under a trail that crosses a named street", arguments: [15.0, 16.0, 17.0])
    func trailCrossingAStreet(zoom: Double) throws {
        let f = try Self.fixture(zoom: zoom)
        _ = f.scene.render(f.input)
        // The street name nearest the middle of the screen, where the trail then runs.
        let middle = Point(x: 400, y: 240)
        let street = try #require(
            f.layer.lastLabels.filter { $0.kind == .road }.min {
                ($0.origin - middle).length < ($1.origin - middle).length
            }, "no street name at zoom \(zoom)")
        let screen = Self.crossing(street)
        var input = f.input
        input.trail = screen.map { f.input.camera.coordinate(atScreen: $0) }
        let frame = f.scene.render(input)
        try PNGFile.write(frame, to: MapFixtures.scratch("keepout-trail-z\(zoom).png"))
        // The trail is drawn 8 reference pixels wide (its casing).
        let under = Self.covered(f.layer.lastLabels, by: screen, width: 8 * f.scene.unit)
        #expect(under.isEmpty, "under the trail across \(street.text): \(under)")
        #expect(f.layer.lastLabels.contains { $0.kind == .road }, "the frame still names streets")
    }

    @Test("no label box is under a route that crosses a named street")
    func routeCrossingAStreet() throws {
        let f = try Self.fixture()
        _ = f.scene.render(f.input)
        let middle = Point(x: 400, y: 240)
        let street = try #require(
            f.layer.lastLabels.filter { $0.kind == .road }.min {
                ($0.origin - middle).length < ($1.origin - middle).length
            })
        let screen = Self.crossing(street)
        var input = f.input
        input.ride = RideOverlay(route: try RouteLine(points: screen.map { f.input.camera.coordinate(atScreen: $0) }))
        let frame = f.scene.render(input)
        try PNGFile.write(frame, to: MapFixtures.scratch("keepout-route.png"))
        // The route ahead is drawn 10 reference pixels wide (its casing).
        let under = Self.covered(f.layer.lastLabels, by: screen, width: 10 * f.scene.unit)
        #expect(under.isEmpty, "under the route across \(street.text): \(under)")
    }
}
