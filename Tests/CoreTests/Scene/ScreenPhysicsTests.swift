import Foundation
import Testing

@testable import Core

/// The HUD's capital heights, measured in millimetres on rasterised text, on three panels (ISO 15008: primary
/// information at least 20 arc-minutes at the viewing distance, everything else at least 16).
@Suite("Sizes from physics")
struct ScreenPhysicsTests {
    static let panels: [(width: Int, height: Int, inches: Double)] = [
        (480, 320, 3.5), (800, 480, 7), (1280, 800, 10), (480, 800, 5),
    ]

    /// Rows of a rasterised "H" with more than half coverage: the capital height as drawn, in pixels.
    static func inkedRows(of font: HUDFont) -> Int {
        let size = Int(font.sizePixels * 2) + 8
        let canvas = Canvas(width: size, height: size, background: Color(hex: 0x000000))
        font.draw("H", at: Point(x: 4, y: Double(size) * 0.75), on: canvas, Color(hex: 0xffffff))
        var rows = 0
        for y in 0..<size {
            let row = canvas.frame.pixels[(y * size)..<((y + 1) * size)]
            if row.contains(where: { ($0 >> 8) & 0xff > 128 }) { rows += 1 }
        }
        return rows
    }

    /// The visual angle in arc-minutes of `millimetres` seen from `distance` millimetres.
    static func arcMinutes(_ millimetres: Double, at distance: Double) -> Double {
        2 * atan(millimetres / 2 / distance) * 180 / .pi * 60
    }

    @Test("capital heights in mm meet ISO 15008 at 70 cm", arguments: panels)
    func capitalHeights(_ panel: (width: Int, height: Int, inches: Double)) throws {
        let fonts = try FontSet.load()
        let physics = try #require(
            ScreenPhysics(width: panel.width, height: panel.height, diagonalInches: panel.inches))
        let scene = Scene(width: panel.width, height: panel.height, fonts: fonts, physics: physics)
        let t = scene.typography
        for (name, font, minimum) in [
            ("digits", t.digits, 20.0), ("primary", t.primary, 20.0), ("secondary", t.secondary, 16.0),
        ] {
            let mm = physics.millimetres(pixels: Double(ScreenPhysicsTests.inkedRows(of: font)))
            let angle = ScreenPhysicsTests.arcMinutes(mm, at: 700)
            #expect(angle >= minimum, "\(panel) \(name): \(mm) mm, \(angle)′")
            // Not wildly larger either: the HUD must leave room for the map.
            #expect(angle < minimum * 1.6 + (name == "digits" ? 20 : 0), "\(panel) \(name): \(angle)′")
        }
    }

    @Test func millimetresAtSeventyCentimetres() throws {
        let p = try #require(ScreenPhysics(pixelsPerMillimetre: 5))
        // 2 · 700 · tan(10′) = 4.07 mm; 16′ = 3.26 mm.
        #expect(abs(p.millimetres(arcMinutes: 20) - 4.072) < 0.01)
        #expect(abs(p.millimetres(arcMinutes: 16) - 3.258) < 0.01)
        #expect(abs(p.pixels(arcMinutes: 20) - 20.36) < 0.05)
    }

    @Test func densityFromDiagonalAndFromMillimetres() throws {
        let d = try #require(ScreenPhysics(width: 800, height: 480, diagonalInches: 7))
        #expect(abs(d.pixelsPerMillimetre - 5.247) < 0.01)
        #expect(abs(d.unit - 1) < 1e-9)
        // A 7" 800×480 panel reports about 154 × 86 mm; turned (480×800) it is the same density.
        let m = try #require(ScreenPhysics(width: 800, height: 480, widthMillimetres: 154, heightMillimetres: 86))
        let turned = try #require(
            ScreenPhysics(width: 480, height: 800, widthMillimetres: 154, heightMillimetres: 86))
        #expect(abs(m.pixelsPerMillimetre - 5.28) < 0.05)
        #expect(m.pixelsPerMillimetre == turned.pixelsPerMillimetre)
    }

    @Test func badFiguresAreRefused() {
        #expect(ScreenPhysics(width: 800, height: 480, widthMillimetres: 0, heightMillimetres: 0) == nil)
        #expect(ScreenPhysics(width: 800, height: 480, widthMillimetres: -5, heightMillimetres: 90) == nil)
        #expect(ScreenPhysics(width: 800, height: 480, diagonalInches: .nan) == nil)
        #expect(ScreenPhysics(width: 800, height: 480, diagonalInches: 0) == nil)
        #expect(ScreenPhysics(width: 0, height: 480, diagonalInches: 7) == nil)
        #expect(ScreenPhysics(pixelsPerMillimetre: .infinity) == nil)
        #expect(ScreenPhysics(pixelsPerMillimetre: 5, viewingDistanceMillimetres: -700) == nil)
        #expect(ScreenPhysics(width: 800, height: 480, diagonalInches: 1e300) == nil)
        #expect(ScreenPhysics.assumed(width: 0, height: 0).pixelsPerMillimetre > 0)
    }
}
