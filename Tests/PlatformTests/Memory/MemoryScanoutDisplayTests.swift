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

    @Test func aFrameReachesTheScanoutBufferAndOnlyWhatItChangedIsCopiedAfterIt() throws {
        let display = try MemoryScanoutDisplay(panelWidth: 40, panelHeight: 30)
        let first = frame(width: 40, height: 30) { x, y in UInt32(x << 16 | y << 8) }
        // The first frame is copied whole, whatever the caller says it changed: the buffer holds none yet.
        try display.present(first, changed: .within(PixelRect(x: 0, y: 0, width: 2, height: 2)))
        #expect(display.scanoutPixel(x: 7, y: 3) == UInt32(7 << 16 | 3 << 8))
        #expect(display.copiedPixels == 40 * 30)
        var second = first
        second[10, 5] = 0x00ff_ffff
        second[12, 8] = 0x0012_3456
        try display.present(second, changed: .within(PixelRect(x: 10, y: 5, width: 3, height: 4)))
        #expect(display.scanoutPixel(x: 12, y: 8) == 0x0012_3456)
        #expect(display.scanoutPixel(x: 10, y: 5) == 0x00ff_ffff)
        #expect(display.copiedPixels == 40 * 30 + 3 * 4)
        try display.present(second, changed: .none)
        #expect(display.copiedFrames == 2)
        // A change past the frame's edge is cut to it.
        try display.present(second, changed: .within(PixelRect(x: 38, y: 28, width: 10, height: 10)))
        #expect(display.copiedPixels == 40 * 30 + 3 * 4 + 2 * 2)
        // Not told what changed: all of it is copied.
        try display.present(second)
        #expect(display.copiedPixels == 2 * 40 * 30 + 3 * 4 + 2 * 2)
        #expect(display.presentedFrames == 5)
    }

    /// The display keeps no frame (the caller says what changed), so the caller's next drawing into the same
    /// buffer is done in place, not on a copy of it (copy on write).
    @Test func theDisplayHoldsNoFrame() throws {
        let display = try MemoryScanoutDisplay(panelWidth: 16, panelHeight: 8)
        #expect(display.framesHeld == 0)
        var shown = FrameBuffer(width: 16, height: 8, fill: 0x0010_2030)
        try display.present(shown)
        let storage = shown.pixels.withUnsafeBufferPointer { $0.baseAddress }
        shown[3, 4] = 0x00ff_ffff
        #expect(shown.pixels.withUnsafeBufferPointer { $0.baseAddress } == storage, "the frame was copied")
        #expect(display.scanoutPixel(x: 3, y: 4) == 0x0010_2030)
    }

    @Test func aTurnedPanelGetsTheFrameTurnedAndRGB565Truncated() throws {
        let display = try MemoryScanoutDisplay(
            panelWidth: 30, panelHeight: 40, format: .rgb565, rotation: .clockwise90)
        #expect(display.width == 40 && display.height == 30)
        let f = frame(width: 40, height: 30) { x, y in x == 0 && y == 0 ? 0x00f0_0000 : 0x0000_0007 }
        try display.present(f)
        // Turned clockwise: the logical top-left lands at the panel's top-right. Truncated: red 0xf0 keeps its
        // top five bits (read back widened, 0xf7), blue 0x07 has none (the nearest would have been 0x08).
        #expect(display.scanoutPixel(x: 29, y: 0) == 0x00f7_0000)
        #expect(display.scanoutPixel(x: 0, y: 0) == 0x0000_0000)
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
