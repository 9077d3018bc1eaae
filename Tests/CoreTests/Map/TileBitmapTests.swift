import Testing

@testable import Core

/// Tiles are kept as palette indices when they have few colours, and must give back exactly what was drawn.
struct TileBitmapTests {
    /// A 128×128 tile using `colors` distinct colours, in runs of two and scattered.
    private static func pixels(colors: Int) -> [UInt32] {
        (0..<(128 * 128)).map { i in UInt32((i / 2 * 7919) % colors) &* 0x0000_0f0b }
    }

    @Test(arguments: [(colors: 1, bytes: 1), (2, 1), (256, 1), (257, 2), (4096, 2), (4097, 4)])
    func aTileKeepsItsExactPixelsInTheSmallestForm(_ c: (colors: Int, bytes: Int)) {
        let source = Self.pixels(colors: c.colors)
        #expect(Set(source).count == c.colors)
        let bitmap = TileBitmap(size: 128, pixels: source)
        #expect(bitmap.bytesPerPixel == c.bytes)
        #expect(bitmap.pixels == source)
        #expect(bitmap.byteCount == 128 * 128 * c.bytes + (c.bytes == 4 ? 0 : 4 * c.colors))
        var row = [UInt32](repeating: 0, count: 128)
        row.withUnsafeMutableBufferPointer { bitmap.copyRow(17, to: $0.baseAddress!) }
        #expect(row == Array(source[(17 * 128)..<(18 * 128)]))
    }

    @Test func theScreenBudgetHoldsAFramesTilesAndGrowsWithTheScreen() {
        let small = MapMemoryBudget.forScreen(width: 800, height: 480)
        let large = MapMemoryBudget.forScreen(width: 1920, height: 1080)
        // 800×480 turned: a 933 px diagonal over tiles shown at 181 px is 6 tiles, 7 with the partial ones.
        #expect(MapMemoryBudget.tilesPerScreen(width: 800, height: 480) == 49)
        #expect(small.tilesPerFrame == 49)
        #expect(small.renderedTileCount(tileSize: 256) >= 49 + 4 * 7)
        #expect(large.renderedTileBytes > small.renderedTileBytes)
        #expect(large.renderedTileBytes <= MapMemoryBudget.board512MB.renderedTileBytes)
        #expect(MapMemoryBudget.forScreen(width: 0, height: -5).tilesPerFrame >= 1)
    }
}
