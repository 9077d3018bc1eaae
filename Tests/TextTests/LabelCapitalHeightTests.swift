import Foundation
import Platform
import Testing

@testable import Core

/// Map labels and the credit line, as the map layer sets them in a whole frame of the bundled Helsinki map, with
/// their capital heights measured in millimetres on the rasterised glyphs on three panels (ISO 15008 at 70 cm:
/// at least 16′ for secondary information).
@Suite("Map label capital heights")
struct LabelCapitalHeightTests {
    static let panels: [(width: Int, height: Int, inches: Double)] = [(480, 320, 3.5), (800, 480, 7), (1280, 800, 10)]

    /// Rows of a rasterised "H" in `font` with more than half coverage: the capital height as drawn, in pixels.
    static func inkedRows(of font: LabelFont) throws -> Int {
        let layout = try #require(font.shaped, "labels should be set by the text stack")
        let run = layout.run("H")
        let glyph = try #require(run.glyphs.first)
        return glyph.bitmap.inkedRows(threshold: 128)
    }

    static func arcMinutes(_ millimetres: Double) -> Double { 2 * atan(millimetres / 2 / 700) * 180 / .pi * 60 }

    /// One heading-up frame of central Helsinki on `panel`, as `render` draws it; returns the layer that drew it.
    static func frame(_ panel: (width: Int, height: Int, inches: Double)) throws -> (
        layer: OfflineMapLayer, physics: ScreenPhysics
    ) {
        let fonts = try FontSet.load()
        let shaper = try shaper()
        let physics = try #require(
            ScreenPhysics(width: panel.width, height: panel.height, diagonalInches: panel.inches))
        let layer = try OfflineMap.layer(
            path: TextFixtures.map("helsinki.mbtiles"), style: .day, fonts: fonts, waitForTiles: true, shaper: shaper)
        let scene = Scene(
            width: panel.width, height: panel.height, fonts: fonts, map: layer, physics: physics, shaper: shaper)
        let centre = GeoCoordinate(latitude: 60.16952, longitude: 24.94130)
        let camera = Camera(
            mode: .headingUp, center: centre, zoom: 16.5, mapBearing: Angle(37), width: panel.width,
            height: panel.height)
        let heading = Heading(direction: Angle(37), reference: .trueNorth, accuracyDegrees: 5, source: .compass)
        let frame = scene.render(
            SceneInput(
                camera: camera, mode: .headingUp, heading: heading, speedMetresPerSecond: 6, positionStatus: "GPS 3D",
                headingStatus: "compass"))
        // Written to look at: where the credit and the names went.
        try PNGFile.write(frame, to: TextFixtures.scratch("labels-\(panel.width)x\(panel.height).png"))
        return (layer, physics)
    }

    @Test("street, place and POI names are at least 16′ high", arguments: panels)
    func labelCapitals(_ panel: (width: Int, height: Int, inches: Double)) throws {
        let (layer, physics) = try Self.frame(panel)
        // The fonts the frame was set in: the scene gave the layer its panel's physics.
        let t = layer.labelTypography(for: physics)
        #expect(!layer.lastLabels.isEmpty, "\(panel): no label drawn")
        for (name, font, minimum) in [
            ("road", t.fonts.road, LabelTypography.roadArcMinutes), ("place", t.fonts.place, 18.0),
            ("poi", t.fonts.poi, 16.0),
        ] {
            let mm = physics.millimetres(pixels: Double(try Self.inkedRows(of: font)))
            let angle = Self.arcMinutes(mm)
            #expect(angle >= minimum, "\(panel) \(name): \(mm) mm, \(angle)′")
            // Not much larger either: large names crowd the map out.
            #expect(angle < minimum * 1.35, "\(panel) \(name): \(angle)′")
        }
    }

    @Test(
        "the credit line is drawn at 16′ on every panel, along an edge on landscape ones",
        arguments: panels + [(480, 800, 5)])
    func creditCapitals(_ panel: (width: Int, height: Int, inches: Double)) throws {
        let (layer, physics) = try Self.frame(panel)
        let t = layer.labelTypography(for: physics)
        let drawn = try #require(layer.lastCreditCapHeight, "\(panel): no credit line on the map")
        let full = physics.millimetres(pixels: Double(try Self.inkedRows(of: t.attribution)))
        #expect(Self.arcMinutes(full) >= 16, "\(panel): the credit font is \(Self.arcMinutes(full))′")
        // At its full size: on a 3.5" 480×320 panel the HUD raises its scale bar to leave the bottom row free.
        #expect(drawn == t.attribution.capHeight, "\(panel): the credit fell back to a smaller size")
        let credit = try #require(layer.creditCache?.layout, "\(panel): no credit placed")
        let text = credit.lines.map(\.text).joined(separator: " ")
        // Landscape: along the top or the bottom edge, not down a side; the whole credit where it fits, the short
        // form OpenStreetMap's attribution advice accepts on the 3.5". A portrait panel's HUD spans its width top
        // and bottom, so there the credit goes down a side, as near the bottom panels as it fits (the short form
        // just above them, not the whole credit across the way ahead).
        guard panel.width > panel.height else {
            #expect(text == "© OpenStreetMap", "\(panel)")
            #expect(credit.box.maxY > 0.75 * Double(panel.height), "\(panel): credit at \(credit.box)")
            return
        }
        let edge = 12 * physics.unit
        #expect(
            credit.box.y < edge || credit.box.maxY > Double(panel.height) - edge, "\(panel): credit at \(credit.box)")
        #expect(text == (panel.width > 480 ? "© OpenStreetMap contributors" : "© OpenStreetMap"), "\(panel)")
    }
}
