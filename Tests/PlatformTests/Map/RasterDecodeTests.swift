import Core
import Foundation
import Platform
import Testing

@Suite("Raster tile decoding")
struct RasterDecodeTests {
    static func tile(_ file: String) throws -> [UInt8] {
        try #require(try MBTilesFile(path: MapFixtures.path(file)).tileBytes(TileID(z: 15, x: 18654, y: 9484)))
    }

    @Test(arguments: ["helsinki-raster.mbtiles", "helsinki-raster-jpeg.mbtiles", "helsinki-raster-webp.mbtiles"])
    func aTruncatedRasterTileIsAnErrorOrAPartialImageNeverACrash(_ file: String) throws {
        let bytes = try Self.tile(file)
        for cut in [8, 40, bytes.count / 3] {
            do {
                // libjpeg fills a truncated scan with grey and carries on; PNG and WebP refuse.
                let image = try PlatformRasterDecoder().decode(Array(bytes.prefix(cut)), format: .unknown)
                #expect(image.width == 256)
            } catch let error as MapError {
                #expect("\(error)".contains("raster") || "\(error)".contains("PNG") || "\(error)".contains("JPEG"))
            } catch {
                #expect("\(error)".contains("PNG"), "unexpected error \(error)")
            }
        }
    }

    @Test func aJPEGWithoutItsTablesIsRefusedWithLibjpegsReason() throws {
        let bytes = try Self.tile("helsinki-raster-jpeg.mbtiles")
        // Blank out every DQT marker: a scan without quantisation tables is fatal inside libjpeg.
        var damaged = bytes
        for i in 0..<(damaged.count - 1) where damaged[i] == 0xff && damaged[i + 1] == 0xdb { damaged[i + 1] = 0xe5 }
        #expect {
            try PlatformRasterDecoder().decode(damaged, format: .jpeg)
        } throws: { error in
            "\(error)".contains("JPEG") && "\(error)".contains("Quantization table")
        }
    }

    /// libjpeg's fatal errors would call exit(): every damaged tile must come back as an error or an image instead.
    @Test func hundredsOfDamagedJPEGsNeverStopTheProcess() throws {
        let bytes = try Self.tile("helsinki-raster-jpeg.mbtiles")
        var seed: UInt64 = 7
        var errors = 0
        var images = 0
        for _ in 0..<400 {
            var damaged = bytes
            for _ in 0..<4 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let at = Int(seed >> 33) % min(damaged.count, 700)  // the headers and tables live in the first bytes
                damaged[at] = UInt8(truncatingIfNeeded: seed >> 13)
            }
            do {
                _ = try PlatformRasterDecoder().decode(damaged, format: .jpeg)
                images += 1
            } catch {
                errors += 1
            }
        }
        #expect(errors + images == 400)
        #expect(errors > 0)
    }

    @Test func bytesThatAreNoImageAreRefused() {
        #expect(throws: MapError.self) {
            try PlatformRasterDecoder().decode(Array("RIFF1234WEBPVP8 garbage".utf8), format: .unknown)
        }
        #expect(throws: (any Error).self) {
            try PlatformRasterDecoder().decode([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 1], format: .unknown)
        }
    }
}
