import Testing

@testable import Core

/// The bilinear kernel against a plain scalar bilinear blend written out here, pixel by pixel and bit for bit, on
/// random sources, angles, scales, sizes and placements (so runs start, end and clip at every offset).
@Suite("Rotated blit kernel against a scalar bilinear reference")
struct RotatedBlitKernelTests {
    /// A small fixed-seed generator (SplitMix64), so a failure repeats.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
        mutating func int(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    }

    /// A source of random pixels (all four bytes), or of a few random colours in random blocks, so both the
    /// blend and the one-colour shortcut run, with every mix of flat and changing blocks in a group of four.
    func source(_ w: Int, _ h: Int, blocky: Bool, _ random: inout Random) -> FrameBuffer {
        var f = FrameBuffer(width: w, height: h)
        let palette = (0..<3).map { _ in UInt32(truncatingIfNeeded: random.next()) }
        let block = random.int(1...6)
        for y in 0..<h {
            for x in 0..<w {
                if blocky {
                    let cell = (x / block) &* 31 &+ (y / block) &* 17
                    f[x, y] = palette[cell % palette.count]
                } else {
                    f[x, y] = UInt32(truncatingIfNeeded: random.next())
                }
            }
        }
        return f
    }

    /// `p` and `q` blended byte by byte with weight `t`/256 on `q`: `(p·(256 − t) + q·t) >> 8`.
    func lerp(_ p: UInt32, _ q: UInt32, _ t: UInt32) -> UInt32 {
        var result: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let a = (p >> shift) & 0xff
            let b = (q >> shift) & 0xff
            result |= ((a * (256 - t) + b * t) >> 8) << shift
        }
        return result
    }

    /// Checks `frame` against the reference pixel by pixel, from the same 16.16 positions and row spans the blit
    /// uses; also checks each span: every pixel in it reads inside the source, every pixel outside it would not.
    func expectMatchesReference(
        _ frame: FrameBuffer, source: FrameBuffer, map: AffineMap, background: UInt32, _ note: String
    ) {
        let (w, h) = (frame.width, frame.height)
        guard let fixed = FixedAffineMap(map) else {
            Issue.record("\(note): the map is not finite")
            return
        }
        let rows = RowSpans(
            sourceWidth: source.width, sourceHeight: source.height, destinationWidth: w, rows: 0..<h, map: fixed,
            filter: .bilinear)
        var wrong = 0
        var badSpans = 0
        for y in 0..<h {
            for x in 0..<w {
                let u = rows.u0(y) + x * fixed.du
                let v = rows.v0(y) + x * fixed.dv
                let (sx, sy) = (u >> 16, v >> 16)
                let inside = u >= 0 && v >= 0 && sx + 1 < source.width && sy + 1 < source.height
                let inSpan = x >= rows.first(y) && x <= rows.last(y)
                if inside != inSpan { badSpans += 1 }
                guard inSpan && inside else {
                    if frame[x, y] != background { wrong += 1 }
                    continue
                }
                let (tx, ty) = (UInt32((u >> 8) & 0xff), UInt32((v >> 8) & 0xff))
                let top = lerp(source[sx, sy], source[sx + 1, sy], tx)
                let bottom = lerp(source[sx, sy + 1], source[sx + 1, sy + 1], tx)
                if frame[x, y] != lerp(top, bottom, ty) { wrong += 1 }
            }
        }
        #expect(wrong == 0, "\(wrong) pixels differ: \(note)")
        #expect(badSpans == 0, "\(badSpans) pixels on the wrong side of a span: \(note)")
    }

    @Test("Random sources, angles, scales, sizes and placements: every pixel equals the scalar blend")
    func randomCases() {
        var random = Random(state: 20)
        for n in 0..<300 {
            let source = source(random.int(2...70), random.int(2...70), blocky: n % 2 == 0, &random)
            let (w, h) = (random.int(1...90), random.int(1...60))
            let degrees = random.unit() * 720 - 360
            let scale = 0.25 + random.unit() * 3
            // Centres anywhere near either picture, so rows clip at the source's edges, or miss it entirely.
            let map = AffineMap.rotation(
                degrees: degrees, scale: scale,
                sourceCenter: Point(
                    x: random.unit() * Double(source.width + 20) - 10,
                    y: random.unit() * Double(source.height + 20) - 10),
                destinationCenter: Point(x: random.unit() * Double(w), y: random.unit() * Double(h)))
            var frame = FrameBuffer(width: w, height: h)
            RotatedBlit.draw(source, into: &frame, map: map, filter: .bilinear, background: 0x0012_3456)
            let note = "case \(n): \(source.width)x\(source.height) into \(w)x\(h), \(degrees)°, scale \(scale)"
            expectMatchesReference(frame, source: source, map: map, background: 0x0012_3456, note)
        }
    }

    @Test("The exact angles (0°, 90°, 180°, 270°) and scale 1 that put samples on pixel edges")
    func exactAngles() {
        var random = Random(state: 7)
        for degrees in [0.0, 90, 180, 270, -90, 45] {
            let source = source(37, 29, blocky: false, &random)
            let map = AffineMap.rotation(
                degrees: degrees, sourceCenter: Point(x: 18.5, y: 14.5), destinationCenter: Point(x: 20, y: 15))
            var frame = FrameBuffer(width: 41, height: 31)
            RotatedBlit.draw(source, into: &frame, map: map, filter: .bilinear, background: 7)
            expectMatchesReference(frame, source: source, map: map, background: 7, "\(degrees)°")
        }
    }

    @Test("A source 2^15 pixels wide (positions beyond 16-bit lanes) blends the same as the reference")
    func wideSource() {
        var random = Random(state: 3)
        let source = source(1 << 15, 3, blocky: false, &random)
        for degrees in [0.0, 2.5, -1.0, 180] {
            let map = AffineMap.rotation(
                degrees: degrees, sourceCenter: Point(x: 32_000.3, y: 1.5), destinationCenter: Point(x: 50, y: 2))
            var frame = FrameBuffer(width: 101, height: 4)
            RotatedBlit.draw(source, into: &frame, map: map, filter: .bilinear, background: 9)
            expectMatchesReference(frame, source: source, map: map, background: 9, "wide, \(degrees)°")
            #expect(frame.pixels.contains { $0 != 9 }, "wide, \(degrees)°: something is drawn")
        }
    }

    /// `source` packed to RGB565, and the same pixels widened back as a frame.
    func packed(_ source: FrameBuffer) -> (image: RGB565Image, widened: FrameBuffer) {
        var image = RGB565Image(width: source.width, height: source.height)
        var widened = source
        for i in source.pixels.indices {
            image.pixels[i] = RGB565.pack(source.pixels[i])
            widened.pixels[i] = RGB565.expand(image.pixels[i])
        }
        return (image, widened)
    }

    @Test("From RGB565 both filters give exactly what they give from the same pixels widened to XRGB8888")
    func rgb565Source() {
        var random = Random(state: 565)
        for n in 0..<300 {
            let (image, widened) = packed(source(random.int(2...70), random.int(2...70), blocky: n % 2 == 0, &random))
            let (w, h) = (random.int(1...90), random.int(1...60))
            let map = AffineMap.rotation(
                degrees: random.unit() * 720 - 360, scale: 0.25 + random.unit() * 3,
                sourceCenter: Point(
                    x: random.unit() * Double(image.width + 20) - 10,
                    y: random.unit() * Double(image.height + 20) - 10),
                destinationCenter: Point(x: random.unit() * Double(w), y: random.unit() * Double(h)))
            for filter in [RotatedBlit.Filter.bilinear, .nearest] {
                var fromImage = FrameBuffer(width: w, height: h)
                var fromWidened = FrameBuffer(width: w, height: h)
                RotatedBlit.draw(image, into: &fromImage, map: map, filter: filter, background: 0x0012_3456)
                RotatedBlit.draw(widened, into: &fromWidened, map: map, filter: filter, background: 0x0012_3456)
                let wrong = zip(fromImage.pixels, fromWidened.pixels).filter { $0 != $1 }.count
                #expect(wrong == 0, "case \(n), \(filter): \(wrong) pixels differ")
            }
            // And the bilinear one against the scalar blend, bit for bit.
            var frame = FrameBuffer(width: w, height: h)
            RotatedBlit.draw(image, into: &frame, map: map, filter: .bilinear, background: 5)
            expectMatchesReference(frame, source: widened, map: map, background: 5, "RGB565 case \(n)")
        }
    }
}
