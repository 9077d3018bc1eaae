import CPng
import Core

// Every call into libpng lives in this file. libpng's simplified API reports failure by returning 0 and
// leaving a message in `image.message`.

/// Encodes RGB bytes (3 per pixel, rows packed) as PNG in memory (written to a file by the caller, atomically
/// and without following links: libpng's own file writer `fopen`s the path, following a planted symlink).
/// The corresponding C function is `png_image_write_to_memory`.
func png_encodeRGB(width: Int, height: Int, rgb: [UInt8]) throws -> [UInt8] {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = UInt32(width)
    image.height = UInt32(height)
    image.format = UInt32(PNG_FORMAT_RGB)
    var size = 0
    let sized = rgb.withUnsafeBytes { buf in
        png_image_write_to_memory(&image, nil, &size, 0, buf.baseAddress, Int32(width * 3), nil)
    }
    guard sized != 0, size > 0 else { throw PNGError.encodeFailed(reason: pngMessage(&image)) }
    var out = [UInt8](repeating: 0, count: size)
    let ok = rgb.withUnsafeBytes { buf in
        out.withUnsafeMutableBytes { dst in
            png_image_write_to_memory(&image, dst.baseAddress, &size, 0, buf.baseAddress, Int32(width * 3), nil)
        }
    }
    guard ok != 0 else { throw PNGError.encodeFailed(reason: pngMessage(&image)) }
    return Array(out.prefix(size))
}

/// Reads a PNG file of any colour type as RGB bytes (3 per pixel, rows packed).
/// The corresponding C functions are `png_image_begin_read_from_file` and `png_image_finish_read`.
func png_readRGB(path: String) throws -> (width: Int, height: Int, rgb: [UInt8]) {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    guard png_image_begin_read_from_file(&image, path) != 0 else {
        throw PNGError.readFailed(path: path, reason: pngMessage(&image))
    }
    image.format = UInt32(PNG_FORMAT_RGB)
    let width = Int(image.width)
    let height = Int(image.height)
    guard width > 0, height > 0, width * height <= 64 << 20 else {
        png_image_free(&image)
        throw PNGError.readFailed(path: path, reason: "unreasonable size \(width)x\(height)")
    }
    var rgb = [UInt8](repeating: 0, count: width * height * 3)
    let ok = rgb.withUnsafeMutableBytes { buf in
        png_image_finish_read(&image, nil, buf.baseAddress, Int32(width * 3), nil)
    }
    if ok == 0 { throw PNGError.readFailed(path: path, reason: pngMessage(&image)) }
    return (width, height, rgb)
}

/// Decodes PNG bytes in memory to RGBA (4 bytes per pixel), for raster map tiles.
/// The corresponding C functions are `png_image_begin_read_from_memory` and `png_image_finish_read`.
func png_decodeRGBA(_ bytes: [UInt8]) throws -> (width: Int, height: Int, rgba: [UInt8]) {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    return try bytes.withUnsafeBytes { src in
        guard png_image_begin_read_from_memory(&image, src.baseAddress, src.count) != 0 else {
            throw PNGError.decodeFailed(reason: pngMessage(&image))
        }
        // PNG_FORMAT_RGBA is a macro expression Swift cannot import: colour | alpha.
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        let width = Int(image.width)
        let height = Int(image.height)
        guard width > 0, height > 0, width * height <= PlatformRasterDecoder.maxTilePixels else {
            png_image_free(&image)
            throw PNGError.decodeFailed(reason: "unreasonable size \(width)x\(height)")
        }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let ok = rgba.withUnsafeMutableBytes {
            png_image_finish_read(&image, nil, $0.baseAddress, Int32(width * 4), nil)
        }
        if ok == 0 { throw PNGError.decodeFailed(reason: pngMessage(&image)) }
        return (width, height, rgba)
    }
}

private func pngMessage(_ image: inout png_image) -> String {
    withUnsafeBytes(of: &image.message) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
}

/// Why a PNG could not be written or read.
public enum PNGError: Error, CustomStringConvertible {
    case writeFailed(path: String, reason: String)
    case readFailed(path: String, reason: String)
    case decodeFailed(reason: String)
    case encodeFailed(reason: String)
    public var description: String {
        switch self {
        case .writeFailed(let path, let reason): return "cannot write PNG \(path): \(reason)"
        case .readFailed(let path, let reason): return "cannot read PNG \(path): \(reason)"
        case .decodeFailed(let reason): return "cannot decode PNG tile: \(reason)"
        case .encodeFailed(let reason): return "cannot encode PNG: \(reason)"
        }
    }
}
