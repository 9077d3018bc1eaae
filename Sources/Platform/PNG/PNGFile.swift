import Core

/// Reads and writes frames as PNG files (through libpng).
public enum PNGFile {
    /// Writes `frame` to `path` as an 8-bit RGB PNG, atomically (a reader never sees half a frame). A symbolic
    /// link at `path` is refused, never followed, so `--out` cannot be turned into a write elsewhere.
    public static func write(_ frame: FrameBuffer, to path: String) throws {
        var rgb = [UInt8](repeating: 0, count: frame.width * frame.height * 3)
        frame.pixels.withUnsafeBufferPointer { px in
            rgb.withUnsafeMutableBufferPointer { out in
                for i in 0..<px.count {
                    let p = px[i]
                    out[3 * i] = UInt8((p >> 16) & 0xff)
                    out[3 * i + 1] = UInt8((p >> 8) & 0xff)
                    out[3 * i + 2] = UInt8(p & 0xff)
                }
            }
        }
        let png = try png_encodeRGB(width: frame.width, height: frame.height, rgb: rgb)
        do {
            try AtomicFile.write(bytes: png, to: path, permissions: 0o644, refusingSymlink: true, durable: false)
        } catch let error as AtomicFileError {
            throw PNGError.writeFailed(path: path, reason: error.what)
        }
    }

    /// Reads a PNG file into an XRGB8888 frame.
    public static func read(_ path: String) throws -> FrameBuffer {
        let (w, h, rgb) = try png_readRGB(path: path)
        var frame = FrameBuffer(width: w, height: h)
        for i in 0..<(w * h) {
            frame.pixels[i] = UInt32(rgb[3 * i]) << 16 | UInt32(rgb[3 * i + 1]) << 8 | UInt32(rgb[3 * i + 2])
        }
        return frame
    }

    /// Decodes PNG bytes (a raster map tile) to RGBA bytes.
    public static func decodeRGBA(_ bytes: [UInt8]) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        try png_decodeRGBA(bytes)
    }
}
