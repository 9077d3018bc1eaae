import Testing

@testable import Core

/// A tap acts where the rider sees the button, on every panel: the places come from the HUD of the frame drawn
/// (fixed fractions of the screen once missed the right two thirds of a portrait screen's heading panel).
@Suite("Touch controls follow the HUD")
struct TouchControlsTests {
    static let panels: [(width: Int, height: Int, inches: Double)] = [
        (480, 320, 3.5), (800, 480, 7), (1280, 800, 10), (480, 800, 5),
    ]

    @Test("each panel's tap does its action; elsewhere recentres", arguments: panels)
    func tapsLandOnThePanels(_ panel: (width: Int, height: Int, inches: Double)) throws {
        let physics = try #require(
            ScreenPhysics(width: panel.width, height: panel.height, diagonalInches: panel.inches))
        let scene = Scene(width: panel.width, height: panel.height, fonts: try FontSet.load(), physics: physics)
        let input = Self.input(width: panel.width, height: panel.height)
        #expect(scene.touchControls.isEmpty)
        _ = scene.render(input)
        let layout = HUDLayer(typography: scene.typography, unit: scene.unit).layout(
            HUDLines(input), camera: input.camera, width: panel.width, height: panel.height,
            keepOut: scene.markerRect(input))
        var ride = RideInput(
            screenWidth: Double(panel.width), screenHeight: Double(panel.height), controls: scene.touchControls)
        func tap(_ p: Point) -> [RideAction] {
            let t0 = Timestamp(seconds: 1)
            let contact = TouchFrame.Contact(id: 1, x: p.x / Double(panel.width), y: p.y / Double(panel.height))
            let down = TouchFrame(time: t0, contacts: [contact])
            let up = TouchFrame(time: t0.adding(seconds: 0.1), contacts: [])
            return ride.actions(for: .touch(down)) + ride.actions(for: .touch(up))
        }
        let h = layout.heading
        let s = layout.speed
        // Both ends of the heading and speed panels, the north pointer's centre, the marker.
        #expect(tap(Point(x: h.x + 4, y: h.y + h.height / 2)) == [.cycleOrientation])
        #expect(tap(Point(x: h.maxX - 4, y: h.y + h.height / 2)) == [.cycleOrientation])
        #expect(tap(layout.northCenter) == [.lockNorthUp])
        #expect(tap(Point(x: s.x + 4, y: s.y + s.height / 2)) == [.cycleLighting])
        #expect(tap(Point(x: s.maxX - 4, y: s.y + s.height / 2)) == [.cycleLighting])
        #expect(tap(input.camera.anchor) == [.recentre])
        // Every button is at least a fingertip across (9 mm) and inside the screen.
        let fingertip = 9 * physics.pixelsPerMillimetre
        for control in scene.touchControls {
            #expect(control.frame.width >= fingertip - 0.5 && control.frame.height >= fingertip - 0.5, "\(control)")
            #expect(control.frame.x >= 0 && control.frame.maxX <= Double(panel.width) + 1e-9)
            #expect(control.frame.y >= 0 && control.frame.maxY <= Double(panel.height) + 1e-9)
        }
    }

    @Test func withoutAHUDATapAnywhereRecentres() throws {
        let scene = Scene(width: 800, height: 480, fonts: try FontSet.load())
        scene.drawsHUD = false
        _ = scene.render(Self.input(width: 800, height: 480))
        #expect(scene.touchControls.map(\.action) == [.recentre])
    }

    static func input(width: Int, height: Int) -> SceneInput {
        let centre = GeoCoordinate(latitude: 60.16952, longitude: 24.94130)
        return SceneInput(
            camera: Camera(
                mode: .headingUp, center: centre, zoom: 16.5, mapBearing: Angle(37), width: width, height: height),
            mode: .headingUp,
            heading: Heading(direction: Angle(37), reference: .trueNorth, accuracyDegrees: 5, source: .compass),
            speedMetresPerSecond: 6, positionStatus: "GPS 3D", headingStatus: "True · GPS course")
    }
}
