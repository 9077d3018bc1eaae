import Core
import Platform
import Testing

@Suite struct TextMetricsTests {
    @Test(arguments: [12.5, 20.0, 34.0])
    func kerningMakesAVNarrowerThanItsTwoLetters(_ size: Double) throws {
        let shaper = try shaper()
        let style = TextStyle(sizePixels: size)
        let pair = try shaper.shape("AV", style: style).advance
        let apart = try shaper.shape("A", style: style).advance + shaper.shape("V", style: style).advance
        // DejaVu Sans kerns A–V by 0.06 em or so: more than a rounding error at any size.
        #expect(pair < apart - 0.03 * size)
    }

    @Test(arguments: [(12.5, FontWeight.regular), (16.0, .regular), (20.0, .bold), (34.0, .bold), (48.0, .regular)])
    func capitalHeightMatchesTheRasterisedH(_ c: (size: Double, weight: FontWeight)) throws {
        let run = try shaper().shape("H", style: TextStyle(sizePixels: c.size, weight: c.weight))
        let h = try #require(run.glyphs.first).bitmap
        // Light hinting puts the top of H on a pixel edge: the inked rows are the capital height, rounded.
        #expect(
            abs(Double(h.inkedRows()) - run.capHeight) <= 1, "size \(c.size): \(h.inkedRows()) rows vs \(run.capHeight)"
        )
        #expect(h.top == h.inkedRows() || h.top == h.height)
        #expect(run.capHeight > 0.6 * c.size && run.capHeight < 0.8 * c.size)
    }

    @Test func ascentAndDescentCoverTheFontsTheRunUses() throws {
        let shaper = try shaper()
        let latin = try shaper.shape("Mannerheimintie", style: TextStyle(sizePixels: 20))
        let mixed = try shaper.shape("Ginza 銀座", style: TextStyle(sizePixels: 20))
        #expect(latin.ascent > latin.capHeight)
        #expect(latin.descent > 0)
        // Noto Sans CJK has taller ascenders than DejaVu; the run reports the larger.
        #expect(mixed.ascent >= latin.ascent)
        #expect(mixed.capHeight == latin.capHeight)
    }

    @Test func aRunIsAsWideAsItsAdvances() throws {
        let run = try shaper().shape("Unioninkatu", style: TextStyle(sizePixels: 16))
        let sum = run.glyphs.reduce(0) { $0 + $1.advance }
        #expect(abs(run.advance - sum) < 1e-9)
        let last = try #require(run.glyphs.last)
        #expect(abs(last.x + last.advance - run.advance) < 1e-9)
    }
}
