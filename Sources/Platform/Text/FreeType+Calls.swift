import CFreetype
import Core

/// One FreeType library instance (FreeType objects are not thread-safe: the shaper's lock guards it).
// Unchecked Sendable: used only while `WorldTextShaper`'s lock is held.
final class FreeTypeLibrary: @unchecked Sendable {
    let handle: FT_Library

    /// The corresponding C function is `FT_Init_FreeType`.
    init() throws {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else {
            throw TextError.freeType(call: "FT_Init_FreeType", code: error, path: "-")
        }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }
}

/// A FreeType face: rasterises glyphs by index at a pixel size and reads the font's vertical metrics.
// Unchecked Sendable: used only while `WorldTextShaper`'s lock is held.
final class FreeTypeFace: @unchecked Sendable {
    private let face: FT_Face
    /// The bytes FreeType reads: released after the face (`deinit` runs before stored properties go).
    private let file: any FontFileBytes
    private let library: FreeTypeLibrary
    let path: String
    private var size26Dot6 = 0
    /// Font units per em.
    let unitsPerEm: Double
    /// Ascender and descender in font units (descender negative), from the horizontal header.
    let ascender: Double
    let descender: Double
    /// The capital height in font units: the OS/2 table's when it has one, else the top of "H".
    private(set) var capHeightUnits: Double = 0

    /// Opens face `index` of `file`, the bytes of the file at `path` (`path` names it in errors). FreeType reads
    /// them in place, so a mapped file's pages are read as glyphs need them, and holds them while the face lives.
    /// The corresponding C function is `FT_New_Memory_Face`.
    init(library: FreeTypeLibrary, file: any FontFileBytes, path: String, index: Int) throws {
        var f: FT_Face?
        let bytes = file.bytes
        let error = FT_New_Memory_Face(
            library.handle, bytes.baseAddress?.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count), index,
            &f)
        guard error == 0, let f else {
            throw TextError.freeType(call: "FT_New_Memory_Face", code: error, path: path)
        }
        face = f
        self.file = file
        self.library = library
        self.path = path
        _ = FT_Select_Charmap(f, cfreetype_encoding_unicode())
        unitsPerEm = Double(max(1, f.pointee.units_per_EM))
        ascender = Double(f.pointee.ascender)
        descender = Double(f.pointee.descender)
        capHeightUnits = readCapHeight()
    }

    deinit { FT_Done_Face(face) }

    /// The glyph index of `scalar` (0: the font lacks it). The corresponding C function is `FT_Get_Char_Index`.
    func glyphIndex(of scalar: UInt32) -> UInt32 { UInt32(FT_Get_Char_Index(face, FT_ULong(scalar))) }

    /// Renders glyph `glyph` at `size26Dot6` (pixels × 64) with light hinting into an 8-bit coverage mask.
    /// The corresponding C functions are `FT_Load_Glyph` and `FT_Render_Glyph`.
    func render(glyph: UInt32, size26Dot6 size: Int) throws -> GlyphBitmap {
        try setSize(size)
        var error = FT_Load_Glyph(face, glyph, cfreetype_load_light())
        guard error == 0 else { throw TextError.freeType(call: "FT_Load_Glyph", code: error, path: path) }
        guard let slot = face.pointee.glyph else { return .empty }
        error = FT_Render_Glyph(slot, cfreetype_render_light())
        guard error == 0 else { throw TextError.freeType(call: "FT_Render_Glyph", code: error, path: path) }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width)
        let rows = Int(bitmap.rows)
        guard width > 0, rows > 0, let buffer = bitmap.buffer else { return .empty }
        let pitch = Int(bitmap.pitch)
        var coverage = [UInt8](repeating: 0, count: width * rows)
        for y in 0..<rows {
            // A negative pitch means the rows run bottom-up in memory.
            let source = pitch >= 0 ? buffer + y * pitch : buffer + (rows - 1 - y) * (-pitch)
            for x in 0..<width { coverage[y * width + x] = source[x] }
        }
        return GlyphBitmap(
            width: width, height: rows, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
            coverage: coverage)
    }

    private func setSize(_ size: Int) throws {
        guard size != size26Dot6 else { return }
        let error = FT_Set_Char_Size(face, 0, FT_F26Dot6(size), 72, 72)
        guard error == 0 else { throw TextError.freeType(call: "FT_Set_Char_Size", code: error, path: path) }
        size26Dot6 = size
    }

    private func readCapHeight() -> Double {
        if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = raw.assumingMemoryBound(to: TT_OS2.self).pointee
            if os2.version >= 2 && os2.sCapHeight > 0 { return Double(os2.sCapHeight) }
        }
        // Older OS/2 tables (DejaVu's) have no capital height: measure "H" unhinted, in font units.
        let h = FT_Get_Char_Index(face, 0x48)
        guard h != 0, FT_Set_Char_Size(face, 0, FT_F26Dot6(face.pointee.units_per_EM) * 64, 72, 72) == 0,
            FT_Load_Glyph(face, h, cfreetype_load_unhinted()) == 0, let slot = face.pointee.glyph
        else { return 0.72 * unitsPerEm }
        var box = FT_BBox()
        FT_Outline_Get_CBox(&slot.pointee.outline, &box)
        size26Dot6 = 0
        return Double(box.yMax) / 64
    }
}
