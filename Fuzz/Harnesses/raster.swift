import Core
import Platform

/// Raster map tiles: PNG, JPEG and WebP through libpng, libjpeg and libwebp, then drawn as a tile.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let format = TileFormat.detect(bytes)
    for f in [format, .png, .jpeg, .webp] {
        guard let image = try? PlatformRasterDecoder().decode(bytes, format: f) else { continue }
        let id = TileID(z: 15, x: 18654, y: 9484)
        TileRenderer(style: .night, schema: .unknown).render(
            image, dataTile: id, target: TileID(z: 16, x: 37308, y: 18968), on: Canvas(width: 32, height: 32))
        TileRenderer(style: .day, schema: .unknown).render(
            composing: [(image, id)], target: TileID(z: 14, x: 9327, y: 4742), on: Canvas(width: 32, height: 32))
        break
    }
    return 0
}
