import CHarfbuzz
import Core

/// One glyph as HarfBuzz placed it, in pixels × 64 (HarfBuzz's scale is set to the size in 26.6).
struct ShapedGlyph {
    var glyph: UInt32
    var cluster: Int
    var xAdvance: Int32
    var xOffset: Int32
    var yOffset: Int32
}

/// A HarfBuzz font over one face of a file, with HarfBuzz's own OpenType font functions: the ones `hb-shape`
/// uses by default, so a shaped run can be compared with `hb-shape` glyph for glyph.
// Unchecked Sendable: used only while `WorldTextShaper`'s lock is held.
final class HarfBuzzFont: @unchecked Sendable {
    private let font: OpaquePointer
    private let buffer: OpaquePointer
    /// The bytes HarfBuzz reads: released after the font, and with it the face and blob (`deinit` runs before
    /// stored properties go).
    private let file: any FontFileBytes

    /// Reads face `index` of `file`, the bytes of the file at `path` (`path` names it in errors), in place. The
    /// corresponding C functions are `hb_blob_create`, `hb_face_create` and `hb_font_create`.
    init(file: any FontFileBytes, path: String, index: Int) throws {
        let bytes = file.bytes
        // Read-only: a table HarfBuzz must mend to sanitize it is copied first, never written in place.
        guard let count = UInt32(exactly: bytes.count), count > 0,
            let blob = hb_blob_create(
                bytes.baseAddress?.assumingMemoryBound(to: CChar.self), count, HB_MEMORY_MODE_READONLY, nil, nil)
        else {
            throw TextError.harfBuzz(call: "hb_blob_create", path: path)
        }
        self.file = file
        defer { hb_blob_destroy(blob) }
        guard let face = hb_face_create(blob, UInt32(clamping: index)) else {
            throw TextError.harfBuzz(call: "hb_face_create", path: path)
        }
        defer { hb_face_destroy(face) }
        guard hb_face_get_glyph_count(face) > 0, let font = hb_font_create(face) else {
            throw TextError.harfBuzz(call: "hb_font_create (no glyphs)", path: path)
        }
        self.font = font
        guard let buffer = hb_buffer_create(), hb_buffer_allocation_successful(buffer) != 0 else {
            hb_font_destroy(font)
            throw TextError.harfBuzz(call: "hb_buffer_create", path: path)
        }
        self.buffer = buffer
    }

    deinit {
        hb_buffer_destroy(buffer)
        hb_font_destroy(font)
    }

    /// Shapes `scalars[range]` (the whole paragraph is passed as context, so Arabic joins across a font or
    /// script change) in `direction` and `script`; glyphs come back in visual order for that direction and
    /// clusters are indices into `scalars`. The corresponding C function is `hb_shape`.
    func shape(
        _ scalars: [UInt32], range: Range<Int>, rightToLeft: Bool, script: hb_script_t, size26Dot6: Int
    ) -> [ShapedGlyph] {
        let scale = Int32(clamping: size26Dot6)
        hb_font_set_scale(font, scale, scale)
        hb_buffer_clear_contents(buffer)
        scalars.withUnsafeBufferPointer { p in
            hb_buffer_add_utf32(
                buffer, p.baseAddress, Int32(clamping: p.count), UInt32(clamping: range.lowerBound),
                Int32(clamping: range.count))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? charfbuzz_rtl() : charfbuzz_ltr())
        hb_buffer_set_script(buffer, script)
        hb_buffer_set_language(buffer, hb_language_get_default())
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return [] }
        return (0..<Int(count)).map { i in
            ShapedGlyph(
                glyph: infos[i].codepoint, cluster: Int(infos[i].cluster), xAdvance: positions[i].x_advance,
                xOffset: positions[i].x_offset, yOffset: positions[i].y_offset)
        }
    }

    /// The script HarfBuzz's Unicode data gives `scalar`. The corresponding C function is `hb_unicode_script`.
    static func script(of scalar: UInt32) -> hb_script_t {
        hb_unicode_script(hb_unicode_funcs_get_default(), scalar)
    }
}
