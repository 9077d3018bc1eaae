import Core
import Platform
import Testing

/// Upright text replayed from its recorded blends against the same text drawn afresh: every pixel the same.
@Suite("Glyph stamps")
struct GlyphStampTests {
    static let style = TextStyle(sizePixels: 17, weight: .regular, haloPixels: 2)

    /// A background with structure in every channel, so a replay that ignored or misordered a blend would show.
    static func background(_ width: Int, _ height: Int, seed: UInt32) -> FrameBuffer {
        var f = FrameBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let v = UInt32(x &* 37 &+ y &* 91) &+ seed
                f[x, y] = (v & 0xff) << 16 | ((v >> 3) & 0xff) << 8 | ((v >> 5 ^ v) & 0xff)
            }
        }
        return f
    }

    @Test(arguments: [
        // (origin x, origin y, colour alpha, halo alpha): sub-pixel origins, translucent and opaque colours, and
        // origins that put glyphs over every edge of the frame.
        (x: 10.3, y: 30.7, ink: 204, ring: 204),
        (x: 11.5, y: 29.5, ink: 255, ring: 255),
        (x: -25.2, y: 8.0, ink: 204, ring: 255),
        (x: 140.9, y: 58.4, ink: 128, ring: 40),
        (x: 60.0, y: 200.0, ink: 255, ring: 204),
    ])
    func replayMatchesDrawingEveryPixel(_ c: (x: Double, y: Double, ink: Int, ring: Int)) throws {
        let layout = try ShapedTextLayout(shaper(), style: Self.style)
        let ink = Color(r: 0x20, g: 0x30, b: 0x40, a: UInt8(c.ink))
        let halo = Color(r: 0xf8, g: 0xf4, b: 0xee, a: UInt8(c.ring))
        let lines = ["© OpenStreetMap contributors", "© OpenMapTiles"]
        let origins = [Point(x: c.x, y: c.y), Point(x: c.x + 4.25, y: c.y + 21.6)]
        let stamp = GlyphStamp(
            width: 200, height: 64,
            texts: zip(lines, origins).map { GlyphStamp.Text(layout.run($0), at: $1, ink, halo: halo) })
        // Two backgrounds: the blends are kept, not their result, so a new picture under the text still matches.
        for seed: UInt32 in [0, 0x5a5a] {
            var drawn = Self.background(200, 64, seed: seed)
            for (line, o) in zip(lines, origins) { drawn.draw(layout.run(line), at: o, ink, halo: halo) }
            var replayed = Self.background(200, 64, seed: seed)
            stamp.draw(into: &replayed)
            #expect(replayed == drawn)
        }
    }

    @Test func aStampDrawsNothingOnAFrameOfAnotherSize() throws {
        let layout = try ShapedTextLayout(shaper(), style: Self.style)
        let stamp = GlyphStamp(
            width: 200, height: 64, texts: [GlyphStamp.Text(layout.run("Credit"), at: Point(x: 5, y: 30), .black)])
        #expect(!stamp.isEmpty)
        var other = Self.background(201, 64, seed: 1)
        stamp.draw(into: &other)
        #expect(other == Self.background(201, 64, seed: 1))
    }

    @Test func textWhollyOffTheFrameRecordsNothing() throws {
        let layout = try ShapedTextLayout(shaper(), style: Self.style)
        let stamp = GlyphStamp(
            width: 50, height: 20,
            texts: [
                GlyphStamp.Text(layout.run("Far"), at: Point(x: 900, y: 10), .black, halo: .white),
                GlyphStamp.Text(layout.run("Nan"), at: Point(x: .nan, y: 10), .black, halo: .white),
            ])
        #expect(stamp.isEmpty)
    }
}
