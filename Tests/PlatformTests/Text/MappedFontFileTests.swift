import Core
import Glibc
import Testing

@testable import Platform

/// Font files mapped read-only (`MappedFontFile`) set the same outlines as font files read into memory; a
/// damaged, empty or missing file is an error; a file that shrinks while mapped reads as zeros past its new end
/// (the glyphs there are empty) instead of ending the process with SIGBUS.
@Suite("Mapped font files")
struct MappedFontFileTests {
    static let regular = FontSet.defaultDirectory + "/DejaVuSans.ttf"

    /// A copy of the first `bytes` bytes of DejaVu Sans (all of it when nil) in a new scratch directory.
    static func copy(bytes: Int? = nil) throws -> String {
        var template = Array("/tmp/mappedfont-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { b -> String? in
            guard let base = b.baseAddress, let p = mkdtemp(base) else { return nil }
            return String(cString: p)
        }
        let path = try #require(made) + "/font.ttf"
        let font = try FontFileInMemory(contentsOf: regular)
        let kept = UnsafeRawBufferPointer(rebasing: font.bytes.prefix(bytes ?? font.bytes.count))
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(write(fd, kept.baseAddress, kept.count) == kept.count)
        return path
    }

    @Test func aMappedFontSetsTheOutlinesOfTheFontReadIntoMemory() throws {
        let mapped = TextLayout(font: try TrueTypeFont(file: MappedFontFile.open(Self.regular)), size: 24)
        let read = TextLayout(font: try TrueTypeFont(contentsOf: Self.regular), size: 24)
        for text in ["Helsinki 0123456789 km/h", "Töölö Åbo NNE", "Пушкинская ул."] {
            #expect(mapped.width(of: text) == read.width(of: text))
            let a = mapped.path(text, origin: Point(x: 3, y: 30))
            let b = read.path(text, origin: Point(x: 3, y: 30))
            #expect(a.contours == b.contours, "\(text)")
            #expect(!a.contours.isEmpty)
        }
    }

    @Test("A damaged, empty or missing font file is an error, not a crash", arguments: [0, 11, 5000, 100_000])
    func damagedFile(bytes: Int) throws {
        let path = try Self.copy(bytes: bytes)
        #expect(throws: FontError.self) { try TrueTypeFont(file: MappedFontFile.open(path)) }
        #expect(throws: FontError.self) { try MappedFontFile.open(path + ".missing") }
        #expect(throws: FontError.self) { try MappedFontFile.open("/tmp") }
    }

    @Test func aFileThatShrinksWhileMappedReadsAsZerosInsteadOfEndingTheProcess() throws {
        let path = try Self.copy()
        let file = try MappedFontFile.open(path)
        let mapped = try #require(file as? MappedFontFile)
        let font = try TrueTypeFont(file: file)
        let layout = TextLayout(font: font, size: 24)
        #expect(!layout.path("0", origin: Point(x: 0, y: 30)).contours.isEmpty)
        #expect(!mapped.shrankWhileMapped)
        // Past the character map: the glyph table, where the outlines not drawn yet are, is gone.
        // Without the handler the reads below end the process with SIGBUS: fail here instead.
        try #require(BusErrorGuard.isInstalled)
        try #require(truncate(path, 50_000) == 0)
        // Read after the cut: each faults, gets a page of zeros and an empty outline, and the test goes on.
        let after = layout.path("Helsinki 123", origin: Point(x: 0, y: 30))
        #expect(after.contours.isEmpty)
        #expect(mapped.shrankWhileMapped)
    }

    @Test func oneMappingServesEveryReaderOfAFileWhileAnyHoldsIt() throws {
        let path = try Self.copy()
        var first: MappedFontFile? = try #require(try MappedFontFile.open(path) as? MappedFontFile)
        #expect(try MappedFontFile.open(path) === first)
        // The table of open files holds them weakly: when the last reader lets go, the file is unmapped.
        weak let unmapped = first
        first = nil
        #expect(unmapped == nil)
        // And the next reader maps it again.
        let again = try TrueTypeFont(file: MappedFontFile.open(path))
        #expect(again.glyph(for: "A") != 0)
    }

    /// FreeType and HarfBuzz read the shaper's fonts through the same guarded mapping: they had mappings of
    /// their own, unguarded, and a font file cut short under them ended the process with SIGBUS.
    @Test func shapingAFontFileThatShrinksWhileOpenDoesNotEndTheProcess() throws {
        let path = try Self.copy()
        let directory = String(path.dropLast("/font.ttf".count))
        let shaper = try WorldTextShaper(families: ["DejaVu Sans"], fontDirectories: [directory])
        let before = try shaper.shape("Helsinki", style: TextStyle(sizePixels: 24))
        #expect(before.missingGlyphCount == 0)
        #expect(before.glyphs.contains { $0.bitmap.width > 0 })
        // The shaper holds the file open: Core's parser gets the very mapping FreeType and HarfBuzz read.
        let mapped = try #require(try MappedFontFile.open(path) as? MappedFontFile)
        #expect(!mapped.shrankWhileMapped)
        try #require(BusErrorGuard.isInstalled)
        try #require(truncate(path, 50_000) == 0)
        // Characters and a size not drawn yet: FreeType reads their outlines past the cut, and gets zeros.
        _ = try? shaper.shape("Ölands 987 ЖЩ", style: TextStyle(sizePixels: 31))
        #expect(mapped.shrankWhileMapped)
    }

    @Test func fontSetsLoadMappedFromADirectory() throws {
        let fonts = try FontSet.loadMapped()
        #expect(fonts.bold.glyph(for: "A") != 0)
        #expect(throws: FontError.self) { try FontSet.loadMapped(directory: "/nonexistent") }
    }
}
