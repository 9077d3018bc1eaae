import Testing

@testable import Core

/// Turned labels blended from stamps kept between frames: the same pixels a draw of the image at the stamp's
/// place gives, found again when a label only moved by whole pixels, and clipped at the frame's edges.
@Suite("Turned label stamps")
struct TurnedLabelCacheTests {
    /// A label-like image: halo and text coverage in blobs, and the empty one-pixel border images have.
    static func image() -> LabelImage {
        let (w, h) = (61, 19)
        var coverage = [UInt8](repeating: 0, count: w * h * 2)
        var state: UInt64 = 0x1234_5678_9abc_def1
        for y in 1..<(h - 1) {
            for x in 1..<(w - 1) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let v = UInt8(truncatingIfNeeded: state >> 56)
                coverage[(y * w + x) * 2] = (x / 7 + y / 5) % 3 == 0 ? 0 : v | 0x40
                coverage[(y * w + x) * 2 + 1] = (x / 5) % 2 == 0 ? v : 0
            }
        }
        return LabelImage(width: w, height: h, left: -30, top: 12, coverage: coverage)
    }

    static func background(_ w: Int, _ h: Int) -> FrameBuffer {
        var f = FrameBuffer(width: w, height: h)
        for y in 0..<h { for x in 0..<w { f[x, y] = UInt32(0x90 + x % 40) << 16 | UInt32(0x80 + y % 50) << 8 | 0xa0 } }
        return f
    }

    static let ink = Color(hex: 0x202020)
    static let halo = Color(hex: 0xf8f4ee)

    @Test(
        "A stamp blends what drawing the image at its 256th of a pixel and hundredth of a degree gives",
        arguments: [(12.5, 60.3, 40.7), (-37.0, 59.996, 41.02), (90.0, 61.5, 39.25), (181.37, 60.0, 40.0)])
    func stampMatchesDraw(_ c: (degrees: Double, x: Double, y: Double)) throws {
        let image = Self.image()
        let cache = TurnedLabelCache()
        var stamped = Self.background(120, 80)
        let (stamp, pixel) = try #require(
            cache.stamp(image, named: "a", at: Point(x: c.x, y: c.y), rotationDegrees: c.degrees))
        stamped.draw(stamp, at: pixel, Self.ink, halo: Self.halo)
        var drawn = Self.background(120, 80)
        let place = Point(x: (c.x * 256).rounded() / 256, y: (c.y * 256).rounded() / 256)
        drawn.draw(image, at: place, Self.ink, halo: Self.halo, rotationDegrees: (c.degrees * 100).rounded() / 100)
        #expect(stamped == drawn)
        #expect(stamped != Self.background(120, 80), "the label drew nothing")
    }

    @Test("A label moved by whole pixels, give or take a billionth, blends the stamp it had")
    func wholePixelMovesHit() throws {
        let image = Self.image()
        let cache = TurnedLabelCache()
        let first = try #require(cache.stamp(image, named: "a", at: Point(x: 50.3, y: 30.6), rotationDegrees: 20))
        let moved = try #require(
            cache.stamp(image, named: "a", at: Point(x: 53.3 + 1e-9, y: 28.6 - 1e-9), rotationDegrees: 20 + 1e-10))
        #expect(cache.made == 1 && cache.hits == 1)
        #expect(moved.1.x == first.1.x + 3 && moved.1.y == first.1.y - 2)
        // Another angle or another name is another stamp.
        _ = cache.stamp(image, named: "a", at: Point(x: 50.3, y: 30.6), rotationDegrees: 21)
        _ = cache.stamp(image, named: "b", at: Point(x: 50.3, y: 30.6), rotationDegrees: 20)
        #expect(cache.made == 3)
    }

    @Test("A label across the frame's edge blends the pixels a larger frame shows there", arguments: [-25.0, 100.0])
    func clippedAtTheEdges(_ x: Double) throws {
        let image = Self.image()
        let cache = TurnedLabelCache()
        let (stamp, pixel) = try #require(
            cache.stamp(image, named: "a", at: Point(x: x, y: 8.4), rotationDegrees: 33))
        var small = Self.background(120, 80)
        small.draw(stamp, at: pixel, Self.ink, halo: Self.halo)
        // The same frame with 100 more pixels on every side, the label 100 pixels further in.
        var large = Self.embed(Self.background(120, 80), in: 320, 280)
        large.draw(stamp, at: (pixel.x + 100, pixel.y + 100), Self.ink, halo: Self.halo)
        var differ = 0
        for y in 0..<80 { for x in 0..<120 where large[x + 100, y + 100] != small[x, y] { differ += 1 } }
        #expect(differ == 0)
    }

    /// `f` placed 100 pixels in from the top-left of a `w`×`h` frame.
    static func embed(_ f: FrameBuffer, in w: Int, _ h: Int) -> FrameBuffer {
        var out = FrameBuffer(width: w, height: h)
        for y in 0..<f.height { for x in 0..<f.width { out[x + 100, y + 100] = f[x, y] } }
        return out
    }

    @Test("A place or angle that is not finite or is far out of range draws nothing and does not trap")
    func wildValues() {
        let image = Self.image()
        let cache = TurnedLabelCache()
        for (p, r) in [
            (Point(x: .nan, y: 1), 10.0), (Point(x: 1, y: .infinity), 10), (Point(x: 1e300, y: 1), 10),
            (Point(x: 5, y: 5), 1e300), (Point(x: 5, y: 5), .nan),
        ] {
            #expect(cache.stamp(image, named: "a", at: p, rotationDegrees: r) == nil)
        }
    }

    /// Three glyph-like masks, with halos, set along a gentle curve.
    static func curvedRun() -> (GlyphRun, [LabelGlyph]) {
        func mask(_ w: Int, _ h: Int, _ seed: UInt64) -> GlyphBitmap {
            var state = seed
            let coverage = (0..<(w * h)).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56)
            }
            return GlyphBitmap(width: w, height: h, left: 0, top: h - 2, coverage: coverage)
        }
        let glyphs = (0..<3).map { k in
            PositionedGlyph(
                glyphID: UInt32(k + 1), fontIndex: 0, cluster: k, x: Double(k) * 9, y: 0, advance: 9,
                bitmap: mask(7, 10, UInt64(k + 1)), halo: mask(11, 14, UInt64(k + 7)))
        }
        let run = GlyphRun(
            text: "abc", style: TextStyle(sizePixels: 12), glyphs: glyphs, advance: 27, ascent: 10, descent: 3,
            capHeight: 8, isRightToLeft: false, missingGlyphCount: 0)
        let placed = [
            LabelGlyph(index: 0, pen: Point(x: 30.27, y: 40.61), rotationDegrees: 8.3),
            LabelGlyph(index: 1, pen: Point(x: 39.18, y: 41.93), rotationDegrees: 12.9),
            LabelGlyph(index: 2, pen: Point(x: 47.9, y: 44.05), rotationDegrees: 17.42),
        ]
        return (run, placed)
    }

    @Test("A curved name's stamp looks as its glyphs blended in turn, and a whole-pixel move finds it again")
    func curvedStampMatchesGlyphBlends() throws {
        let (run, placed) = Self.curvedRun()
        let cache = TurnedLabelCache()
        var stamped = Self.background(100, 80)
        let (stamp, pixel) = try #require(cache.curvedStamp(run, named: "abc", glyphs: placed))
        stamped.draw(stamp, at: pixel, Self.ink, halo: Self.halo)
        // Every halo, then every glyph, at the 256ths and hundredths the stamp is made at.
        var drawn = Self.background(100, 80)
        func q(_ p: Point) -> Point { Point(x: (p.x * 256).rounded() / 256, y: (p.y * 256).rounded() / 256) }
        for g in placed {
            drawn.draw(
                run.glyphs[g.index].halo!, pen: q(g.pen), Self.halo,
                rotationDegrees: (g.rotationDegrees * 100).rounded() / 100)
        }
        for g in placed {
            drawn.draw(
                run.glyphs[g.index].bitmap, pen: q(g.pen), Self.ink,
                rotationDegrees: (g.rotationDegrees * 100).rounded() / 100)
        }
        // Joined coverages round once where blends in turn round at each: a unit or two where halos overlap.
        var worst: UInt32 = 0
        for (a, b) in zip(stamped.pixels, drawn.pixels) {
            for s: UInt32 in [0, 8, 16] {
                let (x, y) = ((a >> s) & 0xff, (b >> s) & 0xff)
                worst = max(worst, x > y ? x - y : y - x)
            }
        }
        #expect(worst <= 3, "a channel differs by \(worst)")
        #expect(stamped != Self.background(100, 80), "the name drew nothing")
        let moved = placed.map {
            LabelGlyph(index: $0.index, pen: $0.pen + Point(x: -4 + 1e-9, y: 7), rotationDegrees: $0.rotationDegrees)
        }
        let again = try #require(cache.curvedStamp(run, named: "abc", glyphs: moved))
        #expect(cache.made == 1 && cache.hits == 1)
        #expect(again.1.x == pixel.x - 4 && again.1.y == pixel.y + 7)
        // Bent otherwise, it is another stamp; a pen that is not a number gives none.
        var bent = placed
        bent[2].rotationDegrees += 1
        _ = cache.curvedStamp(run, named: "abc", glyphs: bent)
        #expect(cache.made == 2)
        bent[1].pen.x = .nan
        #expect(cache.curvedStamp(run, named: "abc", glyphs: bent) == nil)
    }
}
