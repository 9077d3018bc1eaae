import Foundation
import Testing

@testable import Core

/// The user's arrow against every colour of the map it is drawn on (WCAG 2 contrast ratio; 3:1 is the figure for
/// graphics). Label colours are left out: labels keep clear of the arrow.
@Suite("Arrow contrast")
struct ArrowContrastTests {
    /// WCAG 2 relative luminance of an sRGB colour.
    static func luminance(_ c: Color) -> Double {
        func linear(_ v: UInt8) -> Double {
            let s = Double(v) / 255
            return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055).pow(2.4)
        }
        return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b)
    }

    static func contrast(_ a: Color, _ b: Color) -> Double {
        let x = luminance(a) + 0.05
        let y = luminance(b) + 0.05
        return max(x, y) / min(x, y)
    }

    /// Every colour property of `style` (found by reflection, so a new feature class cannot be missed).
    static func featureColours(_ style: MapStyle) -> [(String, Color)] {
        Mirror(reflecting: style).children.compactMap { child in
            guard let name = child.label, let colour = child.value as? Color, !name.lowercased().contains("label")
            else { return nil }
            return (name, colour)
        }
    }

    @Test(
        "the arrow is at least 3:1 against every feature colour",
        arguments: [(SceneTheme.day, MapStyle.day), (SceneTheme.night, MapStyle.night)])
    func arrowAgainstFeatures(_ pair: (SceneTheme, MapStyle)) {
        let (theme, style) = pair
        let features = ArrowContrastTests.featureColours(style)
        #expect(features.count >= 25)
        var worst = (name: "", ratio: Double.infinity)
        for (name, colour) in features + [("background", theme.background), ("gridLine", theme.gridLine)] {
            let ratio = ArrowContrastTests.contrast(theme.arrowFill, colour)
            if ratio < worst.ratio { worst = (name, ratio) }
            #expect(ratio >= 3, "\(theme.name) arrow against \(name): \(ratio)")
        }
        // The outline sets the shape off from the fill, and the trail is not mistaken for the arrow.
        #expect(ArrowContrastTests.contrast(theme.arrowFill, theme.arrowOutline) >= 3)
        #expect(ArrowContrastTests.contrast(theme.arrowFill, theme.trail) >= 3)
        #expect(worst.ratio >= 3, "\(theme.name): worst \(worst)")
    }

    @Test func luminanceMatchesWCAG() {
        #expect(abs(ArrowContrastTests.contrast(Color(hex: 0xffffff), Color(hex: 0x000000)) - 21) < 1e-9)
        #expect(abs(ArrowContrastTests.luminance(Color(hex: 0x808080)) - 0.2159) < 0.001)
    }
}

extension Double {
    fileprivate func pow(_ e: Double) -> Double { Foundation.pow(self, e) }
}
