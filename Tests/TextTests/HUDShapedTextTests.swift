import Core
import Foundation
import Platform
import Testing

/// The HUD set by the world text stack: its capital heights measured in millimetres on the rasterised glyphs, on
/// three panels and a portrait one (ISO 15008 at 70 cm: primary ≥ 20′, secondary ≥ 16′).
@Suite("HUD shaped text")
struct HUDShapedTextTests {
    static let panels: [(width: Int, height: Int, inches: Double)] = [
        (480, 320, 3.5), (800, 480, 7), (1280, 800, 10), (480, 800, 5),
    ]

    static func inkedRows(of font: HUDFont) -> Int {
        let size = Int(font.sizePixels * 2) + 8
        let canvas = Canvas(width: size, height: size, background: Color(hex: 0x000000))
        font.draw("H", at: Point(x: 4, y: Double(size) * 0.75), on: canvas, Color(hex: 0xffffff))
        var rows = 0
        for y in 0..<size where canvas.frame.pixels[(y * size)..<((y + 1) * size)].contains(where: { $0 & 0xff > 128 })
        {
            rows += 1
        }
        return rows
    }

    @Test("shaped HUD capitals meet ISO 15008", arguments: panels)
    func capitalHeights(_ panel: (width: Int, height: Int, inches: Double)) throws {
        let shaper = try WorldTextShaper()
        let physics = try #require(
            ScreenPhysics(width: panel.width, height: panel.height, diagonalInches: panel.inches))
        let scene = Scene(
            width: panel.width, height: panel.height, fonts: try FontSet.load(), physics: physics, shaper: shaper)
        let t = scene.typography
        for (name, font, minimum) in [
            ("digits", t.digits, 20.0), ("primary", t.primary, 20.0), ("secondary", t.secondary, 16.0),
        ] {
            #expect(font.isShaped, "\(name) should come from the shaper")
            let mm = physics.millimetres(pixels: Double(HUDShapedTextTests.inkedRows(of: font)))
            let angle = 2 * atan(mm / 2 / 700) * 180 / .pi * 60
            #expect(angle >= minimum, "\(panel) \(name): \(mm) mm, \(angle)′")
        }
    }

    @Test func aShaperThatCannotStartFallsBackToOutlines() throws {
        let fonts = try FontSet.load()
        let physics = try #require(ScreenPhysics(width: 800, height: 480, diagonalInches: 7))
        let t = HUDTypography(physics: physics, fonts: fonts, shaper: FailingShaper())
        #expect(!t.primary.isShaped)
        #expect(HUDShapedTextTests.inkedRows(of: t.primary) > 20)
    }
}

/// A shaper whose fonts became unreadable: every call throws.
private final class FailingShaper: TextShaper {
    struct Broken: Error {}
    func shape(_ text: String, style: TextStyle) throws -> GlyphRun { throw Broken() }
}
