import Core

/// Decodes raster map tiles with the system libraries: libpng, libjpeg-turbo and libwebp.
///
/// A tile is at most `maxTilePixels` (1024 × 1024): real tiles are 256 or 512 px, and a damaged header claiming
/// 4096 × 4096 would otherwise cost 128 MB of buffers per tile and worker, most of the board's map budget.
public struct PlatformRasterDecoder: RasterDecoder {
    /// The most pixels a raster tile may have; larger ones are refused before anything is allocated.
    public static let maxTilePixels = 1 << 20

    public init() {}

    public func decode(_ bytes: [UInt8], format: TileFormat) throws -> RasterImage {
        let kind = format == .unknown ? TileFormat.detect(bytes) : format
        switch kind {
        case .png:
            let (w, h, rgba) = try PNGFile.decodeRGBA(bytes)
            return Self.image(w, h, rgba, stride: 4)
        case .jpeg:
            let (w, h, rgb) = try jpeg_decodeRGB(bytes)
            return Self.image(w, h, rgb, stride: 3)
        case .webp:
            let (w, h, rgba) = try webp_decodeRGBA(bytes)
            return Self.image(w, h, rgba, stride: 4)
        case .mvt, .unknown:
            throw MapError.badRasterTile("tile is not PNG, JPEG or WebP")
        }
    }

    /// Packs RGB(A) bytes into XRGB8888; transparent pixels become the map's neutral background.
    private static func image(_ w: Int, _ h: Int, _ bytes: [UInt8], stride: Int) -> RasterImage {
        var pixels = [UInt32](repeating: 0, count: w * h)
        bytes.withUnsafeBufferPointer { b in
            for i in 0..<(w * h) {
                var r = UInt32(b[i * stride])
                var g = UInt32(b[i * stride + 1])
                var bl = UInt32(b[i * stride + 2])
                if stride == 4 {
                    let a = UInt32(b[i * stride + 3])
                    if a < 255 {
                        // Over a light grey, the usual map background.
                        r = (r * a + 0xf2 * (255 - a)) / 255
                        g = (g * a + 0xef * (255 - a)) / 255
                        bl = (bl * a + 0xe9 * (255 - a)) / 255
                    }
                }
                pixels[i] = r << 16 | g << 8 | bl
            }
        }
        return RasterImage(width: w, height: h, pixels: pixels)
    }
}
