import Core
import Platform
import Testing

@Suite struct TextCacheTests {
    @Test func aSecondShapeOfTheSameLabelComesFromTheCache() throws {
        let shaper = try WorldTextShaper()
        let style = TextStyle(sizePixels: 12.5, haloPixels: 2)
        let first = try shaper.shape("Mannerheimintie", style: style)
        let afterFirst = shaper.cacheStatistics
        let second = try shaper.shape("Mannerheimintie", style: style)
        let afterSecond = shaper.cacheStatistics
        #expect(afterFirst.runMisses == 1 && afterFirst.runHits == 0)
        #expect(afterSecond.runHits == 1)
        #expect(afterSecond.glyphMisses == afterFirst.glyphMisses)
        #expect(second.glyphs.map(\.glyphID) == first.glyphs.map(\.glyphID))
        // Letters repeat ("n", "e", "i"): the glyph cache served them within the first run.
        #expect(afterFirst.glyphHits > 0)
    }

    @Test func bothCachesStayWithinTheirBudgets() throws {
        let budget = WorldTextShaper.CacheBudget(runBytes: 16 * 1024, glyphBytes: 32 * 1024)
        let shaper = try WorldTextShaper(cache: budget)
        for i in 0..<300 {
            _ = try shaper.shape("Katu \(i) 街道\(i)", style: TextStyle(sizePixels: 10 + Double(i % 7), haloPixels: 1.5))
            let s = shaper.cacheStatistics
            #expect(s.runBytes <= budget.runBytes)
            #expect(s.glyphBytes <= budget.glyphBytes)
        }
        let s = shaper.cacheStatistics
        #expect(s.glyphEvictions > 0)
        #expect(s.runs > 0 && s.glyphs > 0)
    }

    @Test func theCJKFontIsOpenedOnlyWhenANameNeedsIt() throws {
        let shaper = try WorldTextShaper()
        for name in ["Mannerheimintie", "شارع الملك فهد", "רחוב הרצל", "Невский проспект", "महात्मा गांधी मार्ग"] {
            _ = try shaper.shape(name, style: TextStyle(sizePixels: 14))
        }
        #expect(!shaper.openedFamilies().contains { $0.contains("CJK") })
        _ = try shaper.shape("南京东路", style: TextStyle(sizePixels: 14))
        #expect(shaper.openedFamilies().contains("Noto Sans CJK SC"))
        #expect(!shaper.openedFamilies().contains("Noto Sans CJK JP"))
        #expect(shaper.openedFamilies(weight: .bold).isEmpty)
    }
}
