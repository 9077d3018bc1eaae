import CWebp
import Core

// Every call into libwebp lives in this file. libwebp reports failure by returning NULL or 0.

/// Decodes WebP bytes to RGBA. The corresponding C functions are `WebPGetInfo`, `WebPDecodeRGBAInto`.
func webp_decodeRGBA(_ bytes: [UInt8]) throws -> (width: Int, height: Int, rgba: [UInt8]) {
    var w: Int32 = 0
    var h: Int32 = 0
    guard WebPGetInfo(bytes, bytes.count, &w, &h) != 0 else {
        throw MapError.badRasterTile("not a decodable WebP image (\(bytes.count) bytes)")
    }
    let width = Int(w)
    let height = Int(h)
    guard width > 0, height > 0, width * height <= PlatformRasterDecoder.maxTilePixels else {
        throw MapError.badRasterTile("WebP of unreasonable size \(width)x\(height)")
    }
    var rgba = [UInt8](repeating: 0, count: width * height * 4)
    let ok = rgba.withUnsafeMutableBufferPointer { out in
        WebPDecodeRGBAInto(bytes, bytes.count, out.baseAddress, out.count, Int32(width * 4))
    }
    guard ok != nil else { throw MapError.badRasterTile("WebP data is corrupt") }
    return (width, height, rgba)
}
