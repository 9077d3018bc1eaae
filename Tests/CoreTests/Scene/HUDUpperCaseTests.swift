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
}
