import Testing

@testable import Core

/// The current-street bar never covers another HUD panel, whichever status lines make the panels tall: on a 3.5"
/// 480×320 frame with a "GPS 3D" speed row the bar once sat over the heading panel's "COMPASS" line.
@Suite("Current-street bar layout")
struct StreetBarLayoutTests {
    static let cases: [((width: Int, height: Int, inches: Double), String, String)] = [
        (480, 320, 3.5), (800, 480, 5), (800, 480, 7), (1280, 800, 10), (480, 800, 5),
    ].flatMap { panel in
        [("GPS 3D", "compass"), ("GPS 3D · 9 sats", "True · GPS course"), ("No fix", "Compass disturbed")].map {
            (panel, $0.0, $0.1)
        }
    }

    @Test("no panel overlaps another or the marker", arguments: cases)
    func nothingOverlaps(_ c: ((width: Int, height: Int, inches: Double), String, String)) throws {
        try check(c, creditRoom: false)
    }

    /// The same with the map's credit asking for room along an edge at 16′ ("© OpenStreetMap", about 11.5 capital
    /// heights wide in DejaVu Sans): where the usual layout leaves none, the scale bar goes up and the bottom
    /// row is the credit's (a 3.5" 480×320 panel), and still nothing overlaps.
    @Test("the credit gets its row and still nothing overlaps", arguments: cases)
    func creditRoom(_ c: ((width: Int, height: Int, inches: Double), String, String)) throws {
        try check(c, creditRoom: true)
    }

    func check(_ c: ((width: Int, height: Int, inches: Double), String, String), creditRoom: Bool) throws {
        let (panel, position, heading) = c
        let physics = try #require(
            ScreenPhysics(width: panel.width, height: panel.height, diagonalInches: panel.inches))
        let scene = Scene(width: panel.width, height: panel.height, fonts: try FontSet.load(), physics: physics)
        let centre = GeoCoordinate(latitude: 60.16952, longitude: 24.94130)
        var input = SceneInput(
            camera: Camera(
                mode: .headingUp, center: centre, zoom: 16.5, mapBearing: Angle(37), width: panel.width,
                height: panel.height),
            mode: .headingUp,
            heading: Heading(direction: Angle(37), reference: .trueNorth, accuracyDegrees: 5, source: .compass),
            speedMetresPerSecond: 6, positionStatus: position, headingStatus: heading)
        input.currentStreet = "City-käytävä"
        let hud = HUDLayer(typography: scene.typography, unit: scene.unit)
        let marker = scene.markerRect(input)
        let cap = physics.pixels(arcMinutes: 16)
        let credit = (width: 11.5 * cap + 8, height: 1.3 * cap + 8)
        let fits = { (rects: [Rect]) in
            OfflineMapLayer.creditSpots(
                width: credit.width, height: credit.height, screenWidth: Double(panel.width),
                screenHeight: Double(panel.height), margin: 4 * physics.unit, sides: false
            ).contains { spot in !(rects + [marker]).contains(where: spot.intersects) }
        }
        let lines = HUDLines(input)
        let layout = hud.layout(
            lines, camera: input.camera, width: panel.width, height: panel.height, keepOut: marker,
            creditFits: creditRoom ? fits : nil)
        if creditRoom {
            let usual = hud.layout(
                lines, camera: input.camera, width: panel.width, height: panel.height, keepOut: marker)
            // Landscape panels all end with room for the credit; where the usual layout had it, nothing moved.
            if panel.width > panel.height {
                #expect(fits(layout.rects), "\(panel) \(position): no room for the credit")
            }
            if fits(usual.rects) { #expect(layout.rects == usual.rects) }
            if panel.width == 480 && panel.height == 320 {
                #expect(!fits(usual.rects) && layout.scale.y < usual.scale.y, "the 3.5\" scale bar should rise")
            }
        }
        let rects = layout.rects
        for (i, a) in rects.enumerated() {
            #expect(!a.intersects(marker), "\(panel): \(a) covers the marker")
            for b in rects[(i + 1)...] { #expect(!a.intersects(b), "\(panel) \(position): \(a) overlaps \(b)") }
        }
        // The name is shown: in its bar, or in the heading panel when no bar fits.
        #expect(layout.street != nil || layout.headingRows.contains { $0.isStreet })
    }
}
