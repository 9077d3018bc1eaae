import Core
import Platform
import Testing

@Suite struct FontFallbackTests {
    @Test(arguments: [FontWeight.regular, .bold])
    func theFallbackOrderIsDejaVuThenNotoThenCJK(_ weight: FontWeight) throws {
        let files = try WorldTextShaper().fontFiles(weight: weight)
        #expect(files.map(\.family) == WorldTextShaper.defaultFamilies)
        let dejaVu = try #require(files.first)
        #expect(dejaVu.path.hasSuffix(weight == .bold ? "DejaVuSans-Bold.ttf" : "DejaVuSans.ttf"))
        // The two CJK entries are two faces of one collection file.
        let cjk = files.filter { $0.family.contains("CJK") }
        #expect(cjk.count == 2 && cjk[0].path == cjk[1].path && cjk[0].faceIndex != cjk[1].faceIndex)
    }

    @Test func aScriptNoListedFontHasComesFromAnyInstalledFontThatHasIt() throws {
        // Thai: neither DejaVu Sans nor the listed Noto families have it; fontconfig finds Noto Sans Thai.
        let shaper = try WorldTextShaper()
        let name = "ถนนสุขุมวิท"
        let run = try shaper.shape(name, style: TextStyle(sizePixels: 20))
        #expect(run.missingGlyphCount == 0)
        let files = shaper.fontFiles()
        let used = Set(run.glyphs.map(\.fontIndex))
        try #require(used.count == 1)
        let file = files[try #require(used.first)]
        #expect(file.family.contains("Thai"))
        #expect(files.count == WorldTextShaper.defaultFamilies.count + 1)
        let reference = try referenceShaping(name, path: file.path, faceIndex: file.faceIndex, scale: 20 * 64)
        #expect(run.glyphs.map(\.glyphID) == reference.map(\.g))
        #expect(run.glyphs.map(\.cluster) == reference.map(\.cl))
    }

    @Test func aMissingFamilyIsSkippedAndNoFamilyAtAllIsAClearError() throws {
        let shaper = try WorldTextShaper(families: ["No Such Family 1234", "DejaVu Sans"])
        #expect(shaper.fontFiles().map(\.family) == ["DejaVu Sans"])
        #expect(throws: TextError.noFonts(families: ["No Such Family 1234"])) {
            try WorldTextShaper(families: ["No Such Family 1234"])
        }
    }

    @Test func japaneseNamesTakeTheJapaneseFaceAndChineseTheChinese() throws {
        let shaper = try WorldTextShaper()
        let files = shaper.fontFiles()
        // 道 is in both; with kana beside it the name is Japanese.
        let japanese = try shaper.shape("表参道とおり", style: TextStyle(sizePixels: 20))
        let chinese = try shaper.shape("表参道", style: TextStyle(sizePixels: 20))
        #expect(Set(japanese.glyphs.map { files[$0.fontIndex].family }) == ["Noto Sans CJK JP"])
        #expect(Set(chinese.glyphs.map { files[$0.fontIndex].family }) == ["Noto Sans CJK SC"])
    }
}

@Suite struct FontDirectoryTests {
    @Test func onlyTheFontsInTheGivenDirectoryAreUsed() throws {
        let shaper = try WorldTextShaper(fontDirectories: ["/usr/share/fonts/truetype/dejavu"])
        #expect(shaper.fontFiles().map(\.family) == ["DejaVu Sans"])
        #expect(shaper.fontFiles(weight: .bold).first?.path.hasSuffix("DejaVuSans-Bold.ttf") == true)
        // DejaVu has no Chinese and nothing else is known: the boxes are counted, not hidden.
        let run = try shaper.shape("Ginza 南京", style: TextStyle(sizePixels: 14))
        #expect(run.missingGlyphCount == 2)
    }

    @Test func aDirectoryThatIsNotThereIsAClearError() {
        #expect(throws: TextError.noFontDirectory("/no/such/fonts")) {
            try WorldTextShaper(fontDirectories: ["/no/such/fonts"])
        }
    }
}
