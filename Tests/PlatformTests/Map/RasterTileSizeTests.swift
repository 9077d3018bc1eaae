import Core
import Foundation
import Platform
import Testing

/// A raster tile claiming a huge size is refused before its buffers are allocated (it would cost 128 MB at
/// 4096 × 4096, per tile and per worker).
@Suite("Raster tile size")
struct RasterTileSizeTests {
    static func png(width: Int, height: Int) throws -> [UInt8] {
        let path = MapFixtures.scratch("size-\(width)x\(height).png")
        try PNGFile.write(FrameBuffer(width: width, height: height), to: path)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func aTileLargerThanTheLimitIsRefused() throws {
        let bytes = try Self.png(width: 2048, height: 1024)
        #expect(throws: PNGError.self) { try PlatformRasterDecoder().decode(bytes, format: .png) }
    }

    @Test func aRetinaTileStillDecodes() throws {
        let image = try PlatformRasterDecoder().decode(try Self.png(width: 512, height: 512), format: .png)
        #expect(image.width == 512 && image.pixels.count == 512 * 512)
    }
}
