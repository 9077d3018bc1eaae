import Testing

@testable import Core

/// Tiles are kept as runs of palette indices, as indices, or as drawn, whichever is smallest, and must give back
/// exactly what was drawn.
struct TileBitmapTests {
    /// A 256×256 tile using `colors` distinct colours, in runs of two and scattered.
    private static func pixels(colors: Int) -> [UInt32] {
        (0..<(256 * 256)).map { i in UInt32((i / 2 * 7919) % colors) &* 0x0000_0f0b }
    }

    // Runs of two cost as much as one-byte indices with the row table on top, but less than two-byte ones.
    @Test(arguments: [
        (colors: 1, encoding: TileBitmap.Encoding.runs(indexBytes: 1)), (2, .indices(indexBytes: 1)),
        (256, .indices(indexBytes: 1)), (257, .runs(indexBytes: 2)), (4097, .runs(indexBytes: 2)),
        (16384, .runs(indexBytes: 2)), (16385, .direct),
    ])
    func aTileKeepsItsExactPixelsInTheSmallestForm(_ c: (colors: Int, encoding: TileBitmap.Encoding)) {
        let source = Self.pixels(colors: c.colors)
        #expect(Set(source).count == c.colors)
        let bitmap = TileBitmap(size: 256, pixels: source)
        #expect(bitmap.encoding == c.encoding)
        #expect(bitmap.pixels == source)
        let paletteBytes = c.colors > TileBitmap.maximumPaletteColors ? 0 : 4 * c.colors
        #expect(bitmap.byteCount <= 256 * 256 * bitmap.bytesPerPixel + paletteBytes)
        var row = [UInt32](repeating: 0, count: 256)
        row.withUnsafeMutableBufferPointer { bitmap.copyRow(17, to: $0.baseAddress!) }
        #expect(row == Array(source[(17 * 256)..<(18 * 256)]))
    }

    @Test func runsLongerThanOneEntryHoldsAndRowEdgesAreKept() {
        // 600 px rows: runs of 600 take three entries; a colour that continues into the next row starts a new run.
        let size = 600
        var source = [UInt32](repeating: 0x0011_2233, count: size * size)
        for x in 0..<size { source[5 * size + x] = x < 300 ? 0x00ff_0000 : 0x0000_ff00 }
        source[size * size - 1] = 0x0000_00ff
        let bitmap = TileBitmap(size: size, pixels: source)
        #expect(bitmap.encoding == .runs(indexBytes: 1))
        #expect(bitmap.pixels == source)
        // About three runs of two bytes a row, a row table of 4 bytes a row, and 4 colours.
        #expect(bitmap.byteCount < size * 12)
    }

    @Test func anAntialiasedDrawingIsKeptExactlyInAFractionOfItsPixels() {
        // Flat fills with antialiased edges, as a vector map tile is drawn.
        let canvas = Canvas(width: 256, height: 256, background: Color(r: 240, g: 236, b: 228))
        canvas.fillCircle(center: Point(x: 90, y: 100), radius: 70, Color(r: 170, g: 211, b: 223))
        canvas.stroke(
            [Point(x: 0, y: 30), Point(x: 130, y: 150), Point(x: 256, y: 200)], width: 9, Color(r: 255, g: 255, b: 255))
        canvas.stroke([Point(x: 20, y: 256), Point(x: 200, y: 0)], width: 3.5, Color(r: 247, g: 250, b: 191))
        let source = canvas.frame.pixels
        let bitmap = TileBitmap(size: 256, pixels: source)
        #expect(bitmap.pixels == source)
        guard case .runs = bitmap.encoding else {
            Issue.record("expected runs, got \(bitmap.encoding)")
            return
        }
        #expect(bitmap.byteCount < 256 * 256 / 4)
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
