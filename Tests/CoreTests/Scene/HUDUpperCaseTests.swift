import Simulation
import Testing

@testable import Core

/// The HUD's status lines upper-cased without Unicode's full walk where they need none, and exactly as
/// `uppercased()` gives them everywhere.
@Suite("HUD status lines in upper case")
struct HUDUpperCaseTests {
    @Test(
        "As uppercased() gives it",
        arguments: [
            "", "GPS 3D · 9 sats", "GPS stale · 12 s", "No fix · last 4 s ago", "±40° compass", "already UPPER",
            "Straße", "Ελλάδα", "çà et là", "ﬁx", "tab\tand\nnewline", "日本語のテキスト", "mixed Ä and a",
        ])
    func matchesUppercased(_ text: String) {
        #expect(HUDLines.upperCased(text) == text.uppercased())
    }

    @Test func mixedScriptsAsUppercasedGivesThem() {
        let pool = Array("aZz09 ·°±–—…µßﬁΣσςéÉ日本é\u{301}🙂ǅ\t")
        var random = SeededRandom(seed: 5)
        for _ in 0..<2000 {
            let text = String(
                (0..<Int.random(in: 0...12, using: &random)).map { _ in pool.randomElement(using: &random)! })
            #expect(Array(HUDLines.upperCased(text).utf8) == Array(text.uppercased().utf8), "\(text)")
        }
    }

    @Test func everySignKeptAsItIsHasNoUpperCase() {
        let scalars = (0x80..<0x2100).compactMap(Unicode.Scalar.init).filter(HUDLines.isSignWithoutCase)
        #expect(scalars.count == 64 - 1 + 112)
        for s in scalars {
            #expect(!s.properties.changesWhenUppercased, "U+\(String(s.value, radix: 16))")
            #expect(HUDLines.upperCased("a\(s)b") == "a\(s)b".uppercased())
        }
    }
}
