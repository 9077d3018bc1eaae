import Core
import Platform
import Testing

/// Street and place names in the scripts a map of the world needs, with the font family that should draw them.
let worldNames: [(script: String, text: String, family: String)] = [
    ("Arabic", "شارع الملك فهد", "DejaVu Sans"),
    ("Hebrew", "רחוב הרצל", "DejaVu Sans"),
    ("Cyrillic", "Невский проспект", "DejaVu Sans"),
    ("Greek", "Οδός Ερμού", "DejaVu Sans"),
    ("Devanagari", "महात्मा गांधी मार्ग", "Noto Sans Devanagari"),
    ("Chinese", "南京东路", "Noto Sans CJK SC"),
    ("Japanese", "表参道とおり", "Noto Sans CJK JP"),
]

@Suite struct ScriptShapingTests {
    @Test(arguments: worldNames.map(\.script))
    func namesShapeGlyphForGlyphAsHbShapeDoes(_ script: String) throws {
        let name = try #require(worldNames.first { $0.script == script })
        let shaper = try shaper()
        let run = try shaper.shape(name.text, style: TextStyle(sizePixels: 20))
        let files = shaper.fontFiles()
        let fonts = Set(run.glyphs.map(\.fontIndex))
        try #require(fonts.count == 1, "\(script): one font expected, got \(fonts.map { files[$0].family })")
        let file = files[try #require(fonts.first)]
        #expect(file.family == name.family)
        let reference = try referenceShaping(name.text, path: file.path, faceIndex: file.faceIndex, scale: 20 * 64)
        // Glyph order and joining: the same glyph indices in the same visual order, from the same clusters.
        #expect(run.glyphs.map(\.glyphID) == reference.map(\.g), "\(script) glyphs")
        #expect(run.glyphs.map(\.cluster) == reference.map(\.cl), "\(script) clusters")
        // Positions in 1/64 px, exactly as HarfBuzz placed them.
        #expect(run.glyphs.map { Int(($0.advance * 64).rounded()) } == reference.map(\.ax), "\(script) advances")
        var pen = 0
        for (g, r) in zip(run.glyphs, reference) {
            #expect(Int((g.x * 64).rounded()) == pen + r.dx)
            #expect(Int((-g.y * 64).rounded()) == r.dy)
            pen += r.ax
        }
    }

    @Test(arguments: worldNames.map(\.script))
    func noEmptyBoxesWhereANotoFontHasTheGlyph(_ script: String) throws {
        let name = try #require(worldNames.first { $0.script == script })
        let run = try shaper().shape(name.text, style: TextStyle(sizePixels: 16))
        #expect(run.missingGlyphCount == 0)
        #expect(!run.glyphs.contains { $0.glyphID == 0 })
        // Every visible letter has ink (an empty bitmap where a letter should be is a box's cousin).
        let inked = run.glyphs.filter { !$0.bitmap.isEmpty }.count
        let spaces = name.text.unicodeScalars.filter { $0 == " " }.count
        #expect(inked >= run.glyphs.count - spaces - run.glyphs.filter { $0.advance == 0 }.count)
    }

    @Test func arabicLettersJoinInsideAWord() throws {
        let shaper = try shaper()
        let word = "شارع"
        let joined = try shaper.shape(word, style: TextStyle(sizePixels: 20)).glyphs.map(\.glyphID)
        let isolated = try word.unicodeScalars.map { s in
            try #require(shaper.shape(String(s), style: TextStyle(sizePixels: 20)).glyphs.first?.glyphID)
        }
        // Visual order is right to left, so the logical first letter (initial form) is the last glyph.
        #expect(joined.count == isolated.count)
        #expect(joined.last != isolated.first, "the initial shin should not be the isolated form")
        #expect(Array(joined.reversed()) != isolated)
    }

    @Test func rightToLeftNamesAreReorderedVisuallyWithNumbersLeftToRight() throws {
        // Logical: shin alef reh ain, space, 2 3. On screen, left to right: "23", space, then the word reversed.
        let run = try shaper().shape("شارع 23", style: TextStyle(sizePixels: 20))
        #expect(run.isRightToLeft)
        #expect(run.glyphs.map(\.cluster) == [5, 6, 4, 3, 2, 1, 0])
    }

    @Test func latinThenHebrewKeepsTheLatinFirstOnALeftToRightLine() throws {
        let run = try shaper().shape("Herzl הרצל", style: TextStyle(sizePixels: 20))
        #expect(!run.isRightToLeft)
        // "Herzl" and the space in logical order, then the Hebrew word with its last letter leftmost.
        #expect(run.glyphs.map(\.cluster) == [0, 1, 2, 3, 4, 5, 9, 8, 7, 6])
    }

    @Test func aForcedDirectionOverridesTheFirstStrongLetter() throws {
        let run = try shaper().shape("Herzl", style: TextStyle(sizePixels: 20, direction: .rightToLeft))
        #expect(run.isRightToLeft)
        #expect(run.glyphs.map(\.cluster) == [0, 1, 2, 3, 4])
    }

    @Test func aLetterThePrimaryFontLacksComesFromTheFallbackThatHasIt() throws {
        let shaper = try shaper()
        let run = try shaper.shape("Marg मार्ग", style: TextStyle(sizePixels: 20))
        let families = shaper.fontFiles().map(\.family)
        let latin = run.glyphs.filter { $0.cluster < 5 }.map { families[$0.fontIndex] }
        let devanagari = run.glyphs.filter { $0.cluster >= 5 }.map { families[$0.fontIndex] }
        #expect(Set(latin) == ["DejaVu Sans"])
        #expect(Set(devanagari) == ["Noto Sans Devanagari"])
        #expect(run.missingGlyphCount == 0)
    }

    @Test func boldNamesComeFromBoldFaces() throws {
        let shaper = try shaper()
        let run = try shaper.shape("Mannerheimintie", style: TextStyle(sizePixels: 20, weight: .bold))
        let file = shaper.fontFiles(weight: .bold)[try #require(run.glyphs.first).fontIndex]
        #expect(file.path.hasSuffix("DejaVuSans-Bold.ttf"))
    }
}
