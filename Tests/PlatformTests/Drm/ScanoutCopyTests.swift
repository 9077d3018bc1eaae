import Core
import Testing

@testable import Platform

/// A frame whose every pixel is distinct: value = y * 1000 + x (fits in 24 bits for small frames).
private func numbered(_ w: Int, _ h: Int) -> FrameBuffer {
    var f = FrameBuffer(width: w, height: h)
    for y in 0..<h { for x in 0..<w { f[x, y] = UInt32(y * 1000 + x) } }
    return f
}

/// Copies `rect` of `frame` into a panel-sized XRGB8888 buffer with a padded pitch; returns the panel pixels.
private func scanout(
    _ frame: FrameBuffer, rect: PixelRect? = nil, rotation: PanelRotation, fill: UInt32 = 0xdead
) -> (width: Int, height: Int, pixels: [UInt32]) {
    let (pw, ph) = rotation.swapsAxes ? (frame.height, frame.width) : (frame.width, frame.height)
    let pitchPixels = pw + 3  // drivers pad rows; the copy must honour the pitch
    var memory = [UInt32](repeating: fill, count: pitchPixels * ph)
    memory.withUnsafeMutableBytes { raw in
        ScanoutCopy.copy(
            frame, rect: rect ?? PixelRect(x: 0, y: 0, width: frame.width, height: frame.height), rotation: rotation,
            format: .xrgb8888, to: raw.baseAddress!, pitch: pitchPixels * 4)
    }
    var panel: [UInt32] = []
    for y in 0..<ph { panel += memory[(y * pitchPixels)..<(y * pitchPixels + pw)] }
    return (pw, ph, panel)
}

@Suite struct ScanoutCopyTests {
    @Test(arguments: [
        // (rotation, logical pixel, where it lands on a 3x2 logical frame's panel)
        (PanelRotation.none, (x: 2, y: 0), (x: 2, y: 0)),
        (.clockwise90, (x: 0, y: 0), (x: 1, y: 0)),  // top-left goes to the top-right corner
        (.clockwise90, (x: 2, y: 1), (x: 0, y: 2)),
        (.upsideDown, (x: 0, y: 0), (x: 2, y: 1)),
        (.clockwise270, (x: 0, y: 0), (x: 0, y: 2)),  // top-left goes to the bottom-left corner
        (.clockwise270, (x: 2, y: 1), (x: 1, y: 0)),
    ])
    func rotationPutsEachLogicalPixelWhereTheTurnedPanelShowsIt(
        _ c: (PanelRotation, (x: Int, y: Int), (x: Int, y: Int))
    ) {
        let frame = numbered(3, 2)
        let panel = scanout(frame, rotation: c.0)
        #expect(panel.pixels[c.2.y * panel.width + c.2.x] == frame[c.1.x, c.1.y])
    }

    @Test(arguments: PanelRotation.allCases)
    func aFullCopyIsAPermutationOfTheFrame(_ rotation: PanelRotation) {
        let frame = numbered(7, 5)
        let panel = scanout(frame, rotation: rotation)
        #expect(panel.pixels.sorted() == frame.pixels.sorted())
    }

    @Test(arguments: PanelRotation.allCases)
    func aPartialCopyWritesExactlyThePanelRectOfTheDamage(_ rotation: PanelRotation) {
        let frame = numbered(9, 6)
        let rect = PixelRect(x: 2, y: 1, width: 4, height: 3)
        let panel = scanout(frame, rect: rect, rotation: rotation, fill: 0xdead)
        let full = scanout(frame, rotation: rotation)
        let target = rotation.panelRect(rect, logicalWidth: 9, logicalHeight: 6)
        for y in 0..<panel.height {
            for x in 0..<panel.width {
                let inside =
                    x >= target.x && x < target.x + target.width && y >= target.y && y < target.y + target.height
                let i = y * panel.width + x
                #expect(panel.pixels[i] == (inside ? full.pixels[i] : 0xdead), "at \(x),\(y)")
            }
        }
    }

    @Test(arguments: [
        (UInt32(0xff_ffff), UInt16(0xffff)),
        (0x00_0000, 0x0000),
        (0xff_0000, 0xf800),
        (0x00_ff00, 0x07e0),
        (0x00_00ff, 0x001f),
        (0x12_3456, 0x11aa),  // r 0x12>>3=2, g 0x34>>2=13, b 0x56>>3=10
    ])
    func rgb565KeepsTheTopBitsOfEachChannel(_ c: (UInt32, UInt16)) {
        #expect(RGB565.pack(c.0) == c.1)
    }

    @Test func rgb565CopyWritesTwoBytesPerPixelAtThePitch() {
        var frame = FrameBuffer(width: 2, height: 2, fill: 0xff_0000)
        frame[1, 1] = 0x00_00ff
        var memory = [UInt16](repeating: 0x5555, count: 3 * 2)  // pitch: 3 pixels
        memory.withUnsafeMutableBytes { raw in
            ScanoutCopy.copy(
                frame, rect: PixelRect(x: 0, y: 0, width: 2, height: 2), rotation: .none, format: .rgb565,
                to: raw.baseAddress!, pitch: 6)
        }
        #expect(memory == [0xf800, 0xf800, 0x5555, 0xf800, 0x001f, 0x5555])
    }
}

@Suite struct ScanoutCopyAgainstPixelByPixelTests {
    /// Where logical (x, y) of a w x h frame lands on the panel, straight from the definition of each rotation.
    static func panelPoint(_ x: Int, _ y: Int, _ w: Int, _ h: Int, _ r: PanelRotation) -> (Int, Int) {
        switch r {
        case .none: return (x, y)
        case .clockwise90: return (h - 1 - y, x)
        case .upsideDown: return (w - 1 - x, h - 1 - y)
        case .clockwise270: return (y, w - 1 - x)
        }
    }

    // Sizes and rectangles that cut across the copy's bands of rows and chunks of columns.
    @Test(arguments: PanelRotation.allCases, [PixelFormat.xrgb8888, .rgb565])
    func bandedCopiesMatchAPixelByPixelCopy(_ rotation: PanelRotation, _ format: PixelFormat) {
        let (w, h) = (53, 37)
        var frame = FrameBuffer(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                frame[x, y] = UInt32(truncatingIfNeeded: (x * 7919 + y * 104729) * 2_654_435_761) & 0xffffff
            }
        }
        let (pw, ph) = rotation.swapsAxes ? (h, w) : (w, h)
        let bytes = format == .xrgb8888 ? 4 : 2
        let pitch = pw * bytes + 12
        for rect in [PixelRect(x: 0, y: 0, width: w, height: h), PixelRect(x: 5, y: 3, width: 31, height: 19)] {
            var memory = [UInt8](repeating: 0xaa, count: pitch * ph)
            memory.withUnsafeMutableBytes { raw in
                ScanoutCopy.copy(
                    frame, rect: rect, rotation: rotation, format: format, to: raw.baseAddress!, pitch: pitch)
            }
            var expected = [UInt8](repeating: 0xaa, count: pitch * ph)
            for y in rect.y..<(rect.y + rect.height) {
                for x in rect.x..<(rect.x + rect.width) {
                    let (px, py) = Self.panelPoint(x, y, w, h, rotation)
                    let value = format == .xrgb8888 ? frame[x, y] : UInt32(RGB565.pack(frame[x, y]))
                    for b in 0..<bytes {
                        expected[py * pitch + px * bytes + b] = UInt8((value >> (8 * UInt32(b))) & 0xff)
                    }
                }
            }
            #expect(memory == expected, "rect \(rect)")
        }
    }
}
