import CJpeg
import Core

// Every call into libjpeg lives in this file, through the shim's `cjpeg_decode_rgb`: libjpeg's fatal errors must
// not return and Swift cannot longjmp, so the decode runs in C under setjmp and a damaged tile is an error here.

/// Decodes baseline or progressive JPEG bytes to RGB.
/// The corresponding C function is `cjpeg_decode_rgb` (the shim over libjpeg's decompress calls).
func jpeg_decodeRGB(_ bytes: [UInt8]) throws -> (width: Int, height: Int, rgb: [UInt8]) {
    var width: Int32 = 0
    var height: Int32 = 0
    var message = [CChar](repeating: 0, count: 200)
    func fail() -> MapError {
        MapError.badRasterTile("JPEG: " + String(nulTerminated: message))
    }
    return try bytes.withUnsafeBufferPointer { src in
        guard
            cjpeg_decode_rgb(src.baseAddress, UInt(src.count), nil, 0, &width, &height, &message, UInt(message.count))
                == 0
        else { throw fail() }
        let w = Int(width)
        let h = Int(height)
        guard w > 0, h > 0, w * h <= PlatformRasterDecoder.maxTilePixels else {
            throw MapError.badRasterTile("JPEG of unreasonable size \(w)x\(h)")
        }
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        let status = rgb.withUnsafeMutableBufferPointer { out in
            cjpeg_decode_rgb(
                src.baseAddress, UInt(src.count), out.baseAddress, UInt(out.count), &width, &height, &message,
                UInt(message.count))
        }
        guard status == 0 else { throw fail() }
        return (w, h, rgb)
    }
}
