import CHarfbuzz
import Core
import FoundationEssentials

/// Text in any script: HarfBuzz shapes, FriBidi orders, FreeType rasterises, fontconfig finds the fallback fonts.
///
/// Shaped runs and glyph masks are cached in two LRU caches bounded by the bytes they hold. One lock guards
/// everything (FreeType and HarfBuzz buffers are not thread-safe); the frame thread is the only expected caller.
// Unchecked Sendable: every stored property is either immutable or touched only while `lock` is held.
public final class WorldTextShaper: TextShaper, @unchecked Sendable {
    /// The fallback order: a character the first font lacks comes from the next one that has it.
    public static let defaultFamilies = [
        "DejaVu Sans", "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari",
        "Noto Sans CJK SC", "Noto Sans CJK JP",
    ]

    /// How many bytes each cache may hold.
    public struct CacheBudget: Sendable {
        public var runBytes: Int
        public var glyphBytes: Int
        public init(runBytes: Int = 1 << 20, glyphBytes: Int = 2 << 20) {
            self.runBytes = runBytes
            self.glyphBytes = glyphBytes
        }
    }

    /// What the caches hold now and how they were used.
    public struct CacheStatistics: Sendable, Equatable {
        public var runs: Int
        public var runBytes: Int
        public var runHits: Int
        public var runMisses: Int
        public var glyphs: Int
        public var glyphBytes: Int
        public var glyphHits: Int
        public var glyphMisses: Int
        public var glyphEvictions: Int
    }

    private struct RunKey: Hashable {
        var text: String
        var style: TextStyle
    }

    private struct GlyphKey: Hashable {
        var weight: FontWeight
        var font: Int
        var glyph: UInt32
        var size26Dot6: Int
        var halo64: Int
    }

    private struct GlyphMasks {
        var bitmap: GlyphBitmap
        var halo: GlyphBitmap?
    }

    private let lock = ThreadLock()
    private let library: FreeTypeLibrary
    private let regular: FontFallbackList
    private let bold: FontFallbackList
    private var runs: ByteBoundedCache<RunKey, GlyphRun>
    private var glyphs: ByteBoundedCache<GlyphKey, GlyphMasks>

    /// Finds `families` of both weights through fontconfig (the system's fonts, or only those in
    /// `fontDirectories` when given); throws when none of them is installed.
    public init(
        families: [String] = WorldTextShaper.defaultFamilies, fontDirectories: [String]? = nil,
        cache: CacheBudget = CacheBudget()
    ) throws {
        let locator = try FontLocator(directories: fontDirectories)
        library = try FreeTypeLibrary()
        regular = try FontFallbackList(families: families, weight: .regular, library: library, locator: locator)
        bold = try FontFallbackList(families: families, weight: .bold, library: library, locator: locator)
        runs = ByteBoundedCache(capacityBytes: cache.runBytes)
        glyphs = ByteBoundedCache(capacityBytes: cache.glyphBytes)
    }

    public func shape(_ text: String, style: TextStyle) throws -> GlyphRun {
        guard style.sizePixels.isFinite, style.sizePixels > 0, style.sizePixels <= TextLimits.maximumSizePixels,
            let size = Int(checkedRounding: style.sizePixels * 64)
        else { throw TextError.badSize(pixels: style.sizePixels) }
        guard style.haloPixels.isFinite, style.haloPixels >= 0, style.haloPixels <= TextLimits.maximumHaloPixels,
            let halo = Int(checkedRounding: style.haloPixels * 64)
        else { throw TextError.badHalo(pixels: style.haloPixels) }
        lock.lock()
        defer { lock.unlock() }
        let key = RunKey(text: text, style: style)
        if let hit = runs.get(key) { return hit }
        let run = try shapeUncached(text, style: style, size26Dot6: size, halo64: halo)
        runs.set(key, run, bytes: Self.bytes(of: run))
        return run
    }

    /// The families opened so far for `weight`: large fonts appear here only once a string needed them.
    public func openedFamilies(weight: FontWeight = .regular) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return fonts(weight).openedFamilies
    }

    /// The font files of the fallback list for `weight`, in order, with fontconfig's last-resort additions.
    public func fontFiles(weight: FontWeight = .regular) -> [(family: String, path: String, faceIndex: Int)] {
        lock.lock()
        defer { lock.unlock() }
        return fonts(weight).files.map { ($0.family, $0.path, $0.faceIndex) }
    }

    public var cacheStatistics: CacheStatistics {
        lock.lock()
        defer { lock.unlock() }
        return CacheStatistics(
            runs: runs.count, runBytes: runs.bytes, runHits: runs.hits, runMisses: runs.misses,
            glyphs: glyphs.count, glyphBytes: glyphs.bytes, glyphHits: glyphs.hits, glyphMisses: glyphs.misses,
            glyphEvictions: glyphs.evictions)
    }

    /// Empties both caches (fonts stay open): for the benchmark's cold runs.
    public func removeCachedRunsAndGlyphs() {
        lock.lock()
        defer { lock.unlock() }
        runs.removeAll()
        glyphs.removeAll()
    }

    private func fonts(_ weight: FontWeight) -> FontFallbackList { weight == .bold ? bold : regular }

    private func shapeUncached(_ text: String, style: TextStyle, size26Dot6: Int, halo64: Int) throws -> GlyphRun {
        let list = fonts(style.weight)
        let scalars = text.unicodeScalars.prefix(TextLimits.maximumScalars).map(\.value)
        let bidi = BidiLevels.resolve(scalars, direction: style.direction)
        let items = TextItemizer.visualOrder(TextItemizer.items(scalars, levels: bidi.levels, fonts: list))
        let scale = Double(size26Dot6) / 64
        var placed: [PositionedGlyph] = []
        var pen = 0.0
        var usedFonts: Set<Int> = [0]
        var missing = 0
        for item in items {
            let font = try list.font(item.font)
            usedFonts.insert(item.font)
            let shaped = font.shaper.shape(
                scalars, range: item.range, rightToLeft: item.rightToLeft, script: item.script,
                size26Dot6: size26Dot6)
            for g in shaped {
                let key = GlyphKey(
                    weight: style.weight, font: item.font, glyph: g.glyph, size26Dot6: size26Dot6, halo64: halo64)
                // A glyph FreeType cannot load (a damaged font) draws nothing and counts as missing, like .notdef.
                let loaded = try? masks(key, font: font)
                let masks = loaded ?? GlyphMasks(bitmap: .empty, halo: nil)
                if g.glyph == 0 || loaded == nil { missing += 1 }
                placed.append(
                    PositionedGlyph(
                        glyphID: g.glyph, fontIndex: item.font, cluster: g.cluster, x: pen + Double(g.xOffset) / 64,
                        y: -Double(g.yOffset) / 64, advance: Double(g.xAdvance) / 64, bitmap: masks.bitmap,
                        halo: masks.halo))
                pen += Double(g.xAdvance) / 64
            }
        }
        var ascent = 0.0
        var descent = 0.0
        for i in usedFonts {
            let f = try list.font(i).rasterizer
            ascent = max(ascent, f.ascender * scale / f.unitsPerEm)
            descent = max(descent, -f.descender * scale / f.unitsPerEm)
        }
        let primary = try list.font(0).rasterizer
        return GlyphRun(
            text: text, style: style, glyphs: placed, advance: pen, ascent: ascent, descent: descent,
            capHeight: primary.capHeightUnits * scale / primary.unitsPerEm, isRightToLeft: bidi.rightToLeft,
            missingGlyphCount: missing)
    }

    private func masks(_ key: GlyphKey, font: OpenFont) throws -> GlyphMasks {
        if let hit = glyphs.get(key) { return hit }
        let bitmap = try font.rasterizer.render(glyph: key.glyph, size26Dot6: key.size26Dot6)
        let halo = key.halo64 > 0 ? bitmap.dilated(by: Double(key.halo64) / 64) : nil
        let masks = GlyphMasks(bitmap: bitmap, halo: halo)
        glyphs.set(key, masks, bytes: bitmap.byteCount + (halo?.byteCount ?? 0) + MemoryLayout<GlyphKey>.stride)
        return masks
    }

    /// An upper bound on what a cached run keeps alive: its glyph records, its masks (shared with the glyph
    /// cache while both hold them) and its text.
    private static func bytes(of run: GlyphRun) -> Int {
        run.glyphs.reduce(MemoryLayout<GlyphRun>.stride + run.text.utf8.count) { sum, g in
            sum + MemoryLayout<PositionedGlyph>.stride + g.bitmap.coverage.count + (g.halo?.coverage.count ?? 0)
        }
    }
}
