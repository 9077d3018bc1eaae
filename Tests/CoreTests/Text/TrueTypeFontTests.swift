import Testing

@testable import Core

@Suite("TrueType text")
struct TrueTypeFontTests {
    @Test("DejaVu Sans Bold loads, maps characters and sets Finnish names with composite glyphs")
    func loadsDejaVu() throws {
        let fonts = try FontSet.load()
        let font = fonts.bold
        #expect(font.unitsPerEm == 2048)
        #expect(font.glyph(for: "A") != 0)
        #expect(font.glyph(for: "ä") != 0)  // a composite glyph: "a" plus a diaeresis
        let layout = TextLayout(font: font, size: 20)
        #expect(layout.width(of: "Töölö") > layout.width(of: "Tool"))
        let path = layout.path("ä", origin: Point(x: 0, y: 20))
        #expect(path.contours.count >= 3)  // the bowl, its counter, and two dots
    }

    @Test(
        "A damaged font file is an error, not a crash",
        arguments: [
            [UInt8](), [UInt8](repeating: 0, count: 11), [0, 1, 0, 0, 0, 9] + [UInt8](repeating: 0xff, count: 200),
        ])
    func damagedFont(_ bytes: [UInt8]) {
        #expect(throws: FontError.self) { try TrueTypeFont(bytes: bytes) }
    }

    @Test("A missing font file names the package to install")
    func missingFont() {
        #expect(throws: FontError.self) { try FontSet.load(directory: "/nonexistent") }
        let message = "\(FontError.unreadable("/x.ttf"))"
        #expect(message.contains("fonts-dejavu-core"))
    }
}
