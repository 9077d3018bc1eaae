import Foundation
import Testing

@testable import Core

/// The route line must stand out from everything it is drawn over and beside: every feature colour of the map,
/// the background, the arrow and the trail, in day and night. Measured as CIE 1976 ΔE in L*a*b* (a ΔE of about
/// 2 is just noticeable; over 50 reads as another colour altogether); the casing sets it off by luminance.
@Suite("Route colour")
struct RouteColourTests {
    static func lab(_ c: Color) -> (Double, Double, Double) {
        func linear(_ v: UInt8) -> Double {
            let s = Double(v) / 255
            return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        let (r, g, b) = (linear(c.r), linear(c.g), linear(c.b))
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }

    static func deltaE(_ a: Color, _ b: Color) -> Double {
        let (l1, a1, b1) = lab(a)
        let (l2, a2, b2) = lab(b)
        return ((l1 - l2) * (l1 - l2) + (a1 - a2) * (a1 - a2) + (b1 - b2) * (b1 - b2)).squareRoot()
    }

    @Test(
        "the line ahead is far from every colour it meets",
        arguments: [(SceneTheme.day, MapStyle.day), (SceneTheme.night, MapStyle.night)])
    func aheadStandsOut(_ pair: (SceneTheme, MapStyle)) {
        let (theme, style) = pair
        let others =
            ArrowContrastTests.featureColours(style) + [
                ("background", theme.background), ("arrow", theme.arrowFill), ("trail", theme.trail),
                ("gridLine", theme.gridLine),
            ]
        #expect(others.count >= 29)
        for (name, colour) in others {
            let d = Self.deltaE(theme.route.ahead, colour)
            #expect(d >= 60, "\(theme.name) route against \(name): ΔE \(d)")
        }
        // The casing against the line, by luminance (WCAG's 3:1 for graphics), so the edge reads on any road.
        #expect(ArrowContrastTests.contrast(theme.route.ahead, theme.route.casing) >= 2.5)
    }
}
