import Core
import Platform
import Testing

/// `--display memory`: the fbdev display's present path (damage scan, scanout copy) into ordinary memory.
struct MemoryScanoutDisplayTests {
    private func frame(width: Int, height: Int, _ color: (Int, Int) -> UInt32) -> FrameBuffer {
        var f = FrameBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { f[x, y] = color(x, y) }
        }
        return f
    }

    @Test func aFrameReachesTheScanoutBufferAndOnlyTheChangedRectangleIsCopiedAfterIt() throws {
        let display = try MemoryScanoutDisplay(panelWidth: 40, panelHeight: 30)
        let first = frame(width: 40, height: 30) { x, y in UInt32(x << 16 | y << 8) }
        try display.present(first)
        #expect(display.scanoutPixel(x: 7, y: 3) == UInt32(7 << 16 | 3 << 8))
        #expect(display.copiedPixels == 40 * 30)
        var second = first
        second[10, 5] = 0x00ff_ffff
        second[12, 8] = 0x0012_3456
        try display.present(second)
        #expect(display.scanoutPixel(x: 12, y: 8) == 0x0012_3456)
        #expect(display.copiedPixels == 40 * 30 + 3 * 4)
        try display.present(second)
        #expect(display.copiedFrames == 2)
        #expect(display.presentedFrames == 3)
    }

    /// A frame that changed nothing is still the one the display holds: were the older one held, the scene's
    /// next drawing into that buffer would copy all its pixels first (copy on write).
    @Test func theDisplayHoldsTheNewestFrameEvenWhenItChangedNothing() throws {
        let display = try MemoryScanoutDisplay(panelWidth: 16, panelHeight: 8)
        var older = FrameBuffer(width: 16, height: 8, fill: 0x0010_2030)
        let newer = FrameBuffer(width: 16, height: 8, fill: 0x0010_2030)
        try display.present(older)
        try display.present(newer)
        #expect(display.copiedFrames == 1)
        let storage = older.pixels.withUnsafeBufferPointer { $0.baseAddress }
        older[3, 4] = 0x00ff_ffff
        #expect(older.pixels.withUnsafeBufferPointer { $0.baseAddress } == storage, "the older frame was copied")
    }

    @Test func aTurnedPanelGetsTheFrameTurnedAndRGB565Truncated() throws {
        let display = try MemoryScanoutDisplay(
            panelWidth: 30, panelHeight: 40, format: .rgb565, rotation: .clockwise90)
        #expect(display.width == 40 && display.height == 30)
        let f = frame(width: 40, height: 30) { x, y in x == 0 && y == 0 ? 0x00ff_0000 : 0x0000_00ff }
        try display.present(f)
        // Turned clockwise: the logical top-left lands at the panel's top-right.
        #expect(display.scanoutPixel(x: 29, y: 0) == 0x00f8_0000)
        #expect(display.scanoutPixel(x: 0, y: 0) == 0x0000_00f8)
        #expect(display.scanoutPixel(x: 30, y: 0) == nil)
    }

    @Test(arguments: [(0, 480), (800, 0), (9000, 480), (-1, 10)])
    func aSizeOutsideTheLimitsIsAClearError(_ size: (Int, Int)) {
        #expect(throws: MemoryDisplayError.badSize(width: size.0, height: size.1)) {
            try MemoryScanoutDisplay(panelWidth: size.0, panelHeight: size.1)
        }
    }

    @Test func aWrongSizedFrameOrAClosedDisplayIsRefused() throws {
        let display = try MemoryScanoutDisplay(panelWidth: 8, panelHeight: 8)
        #expect(throws: DisplayError.self) { try display.present(FrameBuffer(width: 4, height: 8)) }
        display.close()
        display.close()
        #expect(throws: MemoryDisplayError.closed) { try display.present(FrameBuffer(width: 8, height: 8)) }
    }
}
