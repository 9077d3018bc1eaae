import Testing

@testable import Core

/// A HUD layer kept as spans (`HUDLayerPixels`) composites to the frame its full form gives, bit for bit: every
/// pixel `HUDLayerCache.blend(d, k, c)`, and the pixels the layer does not touch left as they were.
@Suite("HUD layer pixels")
struct HUDLayerPixelsTests {
    /// A layer `width` wide whose rows are runs of random lengths, each one of the kinds a panel has: untouched,
    /// opaque, one translucent grey, grey edge pixels, edge pixels whose channels let different amounts
    /// through, and the pixels of text on an opaque panel (each its own colour, nothing through).
    static func layer(width: Int, height: Int, using generator: inout some RandomNumberGenerator) -> (
        colour: [UInt32], transmission: [UInt32]
    ) {
        var colour: [UInt32] = []
        var transmission: [UInt32] = []
        func pixel(kind: Int, grey: UInt32) -> (UInt32, UInt32) {
            var k: UInt32 = 0
            var c: UInt32 = 0
            for shift: UInt32 in [0, 8, 16] {
                let kc: UInt32 =
                    switch kind {
                    case 0: 255
                    case 1, 5: 0
                    case 2, 3: grey
                    default: UInt32.random(in: 0...255, using: &generator)
                    }
                k |= kc << shift
                c |= (kind == 0 ? 0 : UInt32.random(in: 0...(255 - kc), using: &generator)) << shift
            }
            return (k, c)
        }
        for _ in 0..<height {
            var x = 0
            while x < width {
                // Mostly short runs, and now and then one long enough to be a span of its own whatever its kind
                // (`shortestOpaqueUniformRun`).
                let long = Int.random(in: 0..<6, using: &generator) == 0
                let run = min(width - x, Int.random(in: long ? 60...90 : 1...20, using: &generator))
                let kind = Int.random(in: 0...5, using: &generator)
                let grey = UInt32.random(in: 0...255, using: &generator)
                // Kinds 0–2 are one pixel repeated (a run); 3–5 a new pixel each time (edges; 5: text on an
                // opaque panel).
                var (k, c) = pixel(kind: kind, grey: grey)
                for _ in 0..<run {
                    if kind >= 3 { (k, c) = pixel(kind: kind, grey: grey) }
                    transmission.append(k)
                    colour.append(c)
                }
                x += run
            }
        }
        return (colour, transmission)
    }

    @Test(
        "Spans composite to what blending every pixel gives",
        arguments: [(1, 1), (3, 2), (7, 5), (64, 9), (257, 31)])
    func spansCompositeAsEveryPixelBlended(_ size: (width: Int, height: Int)) {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<40 {
            let (colour, transmission) = Self.layer(width: size.width, height: size.height, using: &generator)
            let pixels = HUDLayerPixels(colour: colour, transmission: transmission, width: size.width)
            var frame = FrameBuffer(width: size.width + 5, height: size.height + 3)
            for i in frame.pixels.indices { frame.pixels[i] = UInt32.random(in: 0...0xff_ffff, using: &generator) }
            var expected = frame
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let i = y * size.width + x
                    let (k, c) = (transmission[i], colour[i])
                    guard k != HUDLayerPixels.clear || c != 0 else { continue }
                    expected[x + 2, y + 1] = HUDLayerCache.blend(expected[x + 2, y + 1], k, c)
                }
            }
            pixels.composite(into: &frame, x: 2, y: 1)
            #expect(frame == expected)
        }
    }

    /// A layer moved with the map (`SettledTrail`) may hang over any edge of the frame: the pixels inside are
    /// composited as ever and nothing outside is written.
    @Test("A layer partly outside the frame composites its inside part", arguments: [-40, -7, 0, 9, 30])
    func aLayerOverTheEdge(_ offset: Int) {
        var generator = SystemRandomNumberGenerator()
        let (width, height) = (37, 11)
        for origin in [(offset, 2), (3, offset), (offset, offset), (offset + 20, -offset)] {
            let (colour, transmission) = Self.layer(width: width, height: height, using: &generator)
            let pixels = HUDLayerPixels(colour: colour, transmission: transmission, width: width)
            var frame = FrameBuffer(width: 40, height: 14)
            for i in frame.pixels.indices { frame.pixels[i] = UInt32.random(in: 0...0xff_ffff, using: &generator) }
            var expected = frame
            for y in 0..<height {
                for x in 0..<width {
                    let (fx, fy) = (x + origin.0, y + origin.1)
                    guard (0..<frame.width).contains(fx), (0..<frame.height).contains(fy) else { continue }
                    let i = y * width + x
                    let (k, c) = (transmission[i], colour[i])
                    guard k != HUDLayerPixels.clear || c != 0 else { continue }
                    expected[fx, fy] = HUDLayerCache.blend(expected[fx, fy], k, c)
                }
            }
            pixels.composite(into: &frame, x: origin.0, y: origin.1)
            #expect(frame == expected, "origin \(origin)")
        }
    }

    @Test func aTranslucentPanelWithRoundedCornersHoldsFarLessThanEightBytesAPixel() {
        // 200×60: one grey fill, its corners untouched with an antialiased pixel at each corner's edge.
        let (width, height) = (200, 60)
        var colour = [UInt32](repeating: 0x10_1010, count: width * height)
        var transmission = [UInt32](repeating: 0x40_4040, count: width * height)
        for y in 0..<6 {
            for x in 0..<(6 - y) {
                for (cx, cy) in [(x, y), (width - 1 - x, y), (x, height - 1 - y), (width - 1 - x, height - 1 - y)] {
                    let edge = x == 5 - y
                    transmission[cy * width + cx] = edge ? 0x80_8080 : HUDLayerPixels.clear
                    colour[cy * width + cx] = edge ? 0x08_0808 : 0
                }
            }
        }
        let pixels = HUDLayerPixels(colour: colour, transmission: transmission, width: width)
        // A span a row, and the edge pixel either side of it in the corners' twelve rows.
        #expect(pixels.spans.count == height + 12 * 2)
        #expect(pixels.bytes < 8 * width * height / 20, "\(pixels.bytes) bytes")
    }

    /// A row of text on an opaque panel: the fill between the glyphs is copied with them in one span, not cut
    /// into a span per gap; a long stretch of fill alone is filled; the antialiased edge pixels, blended, are
    /// spans of their own.
    @Test func aRowOfTextOnAnOpaquePanelIsOneSpanOfCopiedPixels() {
        let fill: UInt32 = 0x1b_2230
        var colour: [UInt32] = [0x0d_1118]
        var transmission: [UInt32] = [0x80_8080]
        func add(_ count: Int, _ c: (Int) -> UInt32) {
            for i in 0..<count {
                colour.append(c(i))
                transmission.append(0)
            }
        }
        add(20) { _ in fill }
        add(5) { 0xff_ffff - UInt32($0) }
        add(30) { _ in fill }
        add(3) { 0xc0_c0c0 + UInt32($0) }
        add(100) { _ in fill }
        colour.append(0x0d_1118)
        transmission.append(0x80_8080)
        let pixels = HUDLayerPixels(colour: colour, transmission: transmission, width: colour.count)
        #expect(pixels.spans.map(\.kind) == [.greys, .opaque, .uniform, .greys])
        #expect(pixels.spans.map(\.count) == [1, 58, 100, 1])
        var frame = FrameBuffer(width: colour.count, height: 1)
        for i in frame.pixels.indices { frame.pixels[i] = UInt32(i) &* 0x01_0305 }
        var expected = frame
        for x in 0..<colour.count { expected[x, 0] = HUDLayerCache.blend(expected[x, 0], transmission[x], colour[x]) }
        pixels.composite(into: &frame, x: 0, y: 0)
        #expect(frame == expected)
    }

    @Test func aLayerTouchingNothingHoldsNoSpans() {
        let clear = [UInt32](repeating: HUDLayerPixels.clear, count: 300)
        let pixels = HUDLayerPixels(colour: [UInt32](repeating: 0, count: 300), transmission: clear, width: 30)
        #expect(pixels.spans.isEmpty)
        #expect(pixels.bytes == 0)
    }

    /// Spans of every length up to a few groups of four, of each kind, ending at the last pixel of the frame: the
    /// groups of four never reach past a span (nor past the frame), and the overlapping last group blends once.
    @Test("Spans of every short length composite as the scalar blend", arguments: 1...13)
    func everyShortLength(_ width: Int) {
        var generator = SystemRandomNumberGenerator()
        for kind in 0..<4 {
            var colour: [UInt32] = []
            var transmission: [UInt32] = []
            let grey = UInt32.random(in: 1...255, using: &generator)
            for _ in 0..<width {
                // Uniform: one translucent grey; greys: a grey each; mixed: channels apart; a panel's opaque fill
                // (filled four pixels a store from eight on).
                let k: UInt32 =
                    switch kind {
                    case 0: grey &* 0x01_0101
                    case 1: UInt32.random(in: 0...254, using: &generator) &* 0x01_0101
                    case 2: UInt32.random(in: 0...0xfe_fefe, using: &generator)
                    default: 0
                    }
                transmission.append(k)
                colour.append(kind == 0 || kind == 3 ? 0x01_0203 : 0x01_0101)
            }
            let pixels = HUDLayerPixels(colour: colour, transmission: transmission, width: width)
            var frame = FrameBuffer(width: width, height: 2)
            for i in frame.pixels.indices { frame.pixels[i] = UInt32.random(in: 0...0xffff_ffff, using: &generator) }
            var expected = frame
            for x in 0..<width { expected[x, 1] = HUDLayerCache.blend(expected[x, 1], transmission[x], colour[x]) }
            pixels.composite(into: &frame, x: 0, y: 1)
            #expect(frame == expected, "kind \(kind)")
        }
    }

    @Test func fourPixelsAtATimeBlendEveryChannelValueAsTheScalarBlend() {
        // Every pixel value of a channel against every transmission, in each channel and in all three at once.
        for k in UInt32(0)...255 {
            var d = SIMD4<UInt32>()
            for value in stride(from: UInt32(0), through: 255, by: 4) {
                for lane in 0..<4 {
                    let v = value + UInt32(lane)
                    d[lane] = v | (255 - v) << 8 | v << 16 | 0xff00_0000
                }
                for kPixel in [k, k << 8, k << 16, k &* 0x01_0101, k | (255 - k) << 16] {
                    let c = SIMD4<UInt32>(0x00_0000, 0x01_0000, 0x00_0001, 0x00_0100)
                    let k4 = SIMD4<UInt32>(repeating: kPixel)
                    let got = HUDLayerPixels.blend4(d, k4, c)
                    for lane in 0..<4 where got[lane] != HUDLayerCache.blend(d[lane], kPixel, c[lane]) {
                        Issue.record("d \(d[lane]) k \(kPixel): \(got[lane])")
                    }
                }
            }
        }
    }

    @Test(
        "The transmission is what a panel gave over white less what it gave over black", arguments: [0, 1, 3, 4, 7, 64])
    func transmissionPerChannel(_ count: Int) {
        var generator = SystemRandomNumberGenerator()
        let black = (0..<count).map { _ in UInt32.random(in: 0...0xffff_ffff, using: &generator) }
        let white = (0..<count).map { _ in UInt32.random(in: 0...0xffff_ffff, using: &generator) }
        let expected = zip(black, white).map { b, w in
            var k: UInt32 = 0
            for shift: UInt32 in [0, 8, 16] {
                let (bc, wc) = ((b >> shift) & 0xff, (w >> shift) & 0xff)
                k |= (wc > bc ? wc - bc : 0) << shift
            }
            return k
        }
        #expect(HUDLayerCache.transmission(black: black, white: white) == expected)
    }
}
