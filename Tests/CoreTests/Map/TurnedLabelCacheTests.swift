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
}
