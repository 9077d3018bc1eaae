import Testing

@testable import Core

/// The speed panel keeps its size while the speed and the satellite count change their number of digits, so
/// neither it nor the street bar beside it moves (`HUDLayer+SteadyWidth.swift`).
@Suite("HUD steady widths")
struct HUDSteadyWidthTests {
    @Test(arguments: [
        ("GPS 3D · 9 SATS", "GPS 3D · 00 SATS"), ("GPS 3D · 12 SATS", "GPS 3D · 00 SATS"),
        ("GPS STALE · 125 S", "GPS STALE · 000 S"), ("NO GPS FIX", "NO GPS FIX"), ("7", "00"), ("", ""),
        ("MP3 4K · 5", "MP3 4K · 00"),
    ])
    func numbersAreMeasuredAtTwoDigitsAtLeast(_ text: String, _ padded: String) {
        #expect(HUDLayer.paddedNumbers(text) == padded)
    }

    @Test func theSpeedPanelAndTheStreetBarStayPutAsTheNumbersChange() throws {
        let scene = Scene(width: 800, height: 480, fonts: try FontSet.load())
        let hud = HUDLayer(typography: scene.typography, unit: scene.unit)
        let centre = GeoCoordinate(latitude: 60.16952, longitude: 24.94130)
        var camera = Camera(
            mode: .headingUp, center: centre, zoom: 16.5, mapBearing: Angle(40), width: 800, height: 480)
        camera.anchor = Point(x: 400, y: 336)
        var speeds: Set<Double> = []
        var streets: Set<Double> = []
        // 2.5 m/s is 9 km/h, 2.9 is 10; 9 and 12 satellites.
        for (metresPerSecond, sats) in [(2.5, 9), (2.9, 9), (2.9, 12), (5, 12), (0, 9)] {
            var input = SceneInput(
                camera: camera, mode: .headingUp,
                heading: Heading(direction: Angle(40), reference: .trueNorth, accuracyDegrees: 5, source: .compass),
                speedMetresPerSecond: metresPerSecond, positionStatus: "GPS 3D · \(sats) sats",
                headingStatus: "compass")
            input.currentStreet = "Mannerheimintie"
            let layout = hud.layout(HUDLines(input), camera: camera, width: 800, height: 480)
            speeds.insert(layout.speed.width)
            streets.insert(try #require(layout.street).x)
        }
        #expect(speeds.count == 1)
        #expect(streets.count == 1)
    }
}
