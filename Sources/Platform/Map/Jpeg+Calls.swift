import CJpeg
import Core

// Every call into libjpeg lives in this file. libjpeg reports fatal errors through `error_exit`, which must not
// return, and Swift cannot longjmp; so the marker structure is checked in Swift first (`JPEGStructure`), which
// rules out the fatal cases libjpeg reaches before decoding (no SOI, truncated segments, missing SOF/SOS/tables,
// unsupported precision). Damaged entropy-coded data is only a warning in libjpeg (it fills with grey).

/// Decodes baseline or progressive JPEG bytes to RGB.
/// The corresponding C functions are `jpeg_std_error`, `jpeg_create_decompress`, `jpeg_mem_src`,
/// `jpeg_read_header`, `jpeg_start_decompress`, `jpeg_read_scanlines`, `jpeg_finish_decompress` and
/// `jpeg_destroy_decompress`.
func jpeg_decodeRGB(_ bytes: [UInt8]) throws -> (width: Int, height: Int, rgb: [UInt8]) {
    let info = try JPEGStructure.validate(bytes)
    guard info.width * info.height <= 16 << 20 else {
        throw MapError.badRasterTile("JPEG of unreasonable size \(info.width)x\(info.height)")
    }
    var err = jpeg_error_mgr()
    var cinfo = jpeg_decompress_struct()
    cinfo.err = jpeg_std_error(&err)
    // Warnings (corrupt data, premature end) go nowhere instead of stderr.
    err.output_message = { _ in }
    jpeg_CreateDecompress(&cinfo, JPEG_LIB_VERSION, MemoryLayout<jpeg_decompress_struct>.size)
    defer { jpeg_destroy_decompress(&cinfo) }
    return try bytes.withUnsafeBufferPointer { src -> (Int, Int, [UInt8]) in
        jpeg_mem_src(&cinfo, src.baseAddress, UInt(src.count))
        guard jpeg_read_header(&cinfo, 1) == JPEG_HEADER_OK else {
            throw MapError.badRasterTile("JPEG header could not be read")
        }
        cinfo.out_color_space = JCS_RGB
        guard jpeg_start_decompress(&cinfo) != 0 else { throw MapError.badRasterTile("JPEG decoding did not start") }
        let width = Int(cinfo.output_width), height = Int(cinfo.output_height)
        guard cinfo.output_components == 3 else {
            throw MapError.badRasterTile("JPEG gives \(cinfo.output_components) components, 3 expected")
        }
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        rgb.withUnsafeMutableBufferPointer { out in
            while cinfo.output_scanline < cinfo.output_height {
                var row: JSAMPROW? = out.baseAddress! + Int(cinfo.output_scanline) * width * 3
                if jpeg_read_scanlines(&cinfo, &row, 1) == 0 { break }
            }
        }
        _ = jpeg_finish_decompress(&cinfo)
        return (width, height, rgb)
    }
}

/// The marker structure of a JPEG file, checked before libjpeg sees it.
enum JPEGStructure {
    static func validate(_ b: [UInt8]) throws -> (width: Int, height: Int) {
        guard b.count >= 4, b[0] == 0xff, b[1] == 0xd8 else { throw MapError.badRasterTile("JPEG lacks its SOI marker") }
        var pos = 2
        var frame: (Int, Int)?
        var haveHuffman = false, haveQuant = false
        while pos + 4 <= b.count {
            guard b[pos] == 0xff else { throw MapError.badRasterTile("JPEG marker expected at byte \(pos)") }
            let marker = b[pos + 1]
            if marker == 0xff { pos += 1; continue }
            let length = Int(b[pos + 2]) << 8 | Int(b[pos + 3])
            guard length >= 2, pos + 2 + length <= b.count else {
                throw MapError.badRasterTile("JPEG segment \(String(marker, radix: 16)) runs past the end")
            }
            let seg = pos + 4
            switch marker {
            case 0xc0, 0xc1, 0xc2:
                guard length >= 8 else { throw MapError.badRasterTile("JPEG frame header too short") }
                guard b[seg] == 8 else { throw MapError.badRasterTile("JPEG precision \(b[seg]) unsupported") }
                let h = Int(b[seg + 1]) << 8 | Int(b[seg + 2]), w = Int(b[seg + 3]) << 8 | Int(b[seg + 4])
                let comps = Int(b[seg + 5])
                guard w > 0, h > 0, comps == 1 || comps == 3, length >= 8 + 3 * comps else {
                    throw MapError.badRasterTile("JPEG frame \(w)x\(h) with \(comps) components unsupported")
                }
                for c in 0..<comps {
                    let s = b[seg + 7 + 3 * c]
                    guard (1...4).contains(s >> 4), (1...4).contains(s & 15), b[seg + 8 + 3 * c] < 4 else {
                        throw MapError.badRasterTile("JPEG component \(c) has bad sampling or table")
                    }
                }
                frame = (w, h)
            case 0xc3, 0xc5...0xc7, 0xc9...0xcb, 0xcd...0xcf:
                throw MapError.badRasterTile("JPEG coding process \(String(marker, radix: 16)) unsupported")
            case 0xc4: haveHuffman = true
            case 0xdb: haveQuant = true
            case 0xda:
                guard let frame else { throw MapError.badRasterTile("JPEG scan before any frame header") }
                guard haveQuant else { throw MapError.badRasterTile("JPEG has no quantisation table") }
                // Baseline files may rely on libjpeg's default Huffman tables, as MJPEG does.
                _ = haveHuffman
                return frame
            default: break
            }
            pos += 2 + length
        }
        throw MapError.badRasterTile("JPEG ends before its first scan")
    }
}
