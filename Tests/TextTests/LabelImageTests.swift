import Core
import Foundation
import Platform
import Testing

/// Straight labels drawn from a cached image of their halo and text, against the glyph-by-glyph drawing it
/// replaces, with the world text stack's real glyphs.
@Suite("Label images")
struct LabelImageTests {
    static let style = TextStyle(sizePixels: 22, weight: .bold, haloPixels: 2.5)
    static let ink = Color(hex: 0x202020)
    static let halo = Color(hex: 0xf8f4ee)

    /// `run` with every pen at whole pixels, as the image sets them: the two drawings then differ only by how
    /// they sample, which is what this compares.
    static func wholePixelPens(_ run: GlyphRun) -> GlyphRun {
        let glyphs = run.glyphs.map { g in
            PositionedGlyph(
                glyphID: g.glyphID, fontIndex: g.fontIndex, cluster: g.cluster, x: g.x.rounded(), y: g.y.rounded(),
                advance: g.advance, bitmap: g.bitmap, halo: g.halo)
        }
        return GlyphRun(
            text: run.text, style: run.style, glyphs: glyphs, advance: run.advance, ascent: run.ascent,
            descent: run.descent, capHeight: run.capHeight, isRightToLeft: run.isRightToLeft,
            missingGlyphCount: run.missingGlyphCount)
    }

    /// A map-like background with structure, so a blend that ignored the destination would show.
    static func background() -> FrameBuffer {
        var f = FrameBuffer(width: 320, height: 320)
        for y in 0..<f.height {
            for x in 0..<f.width { f[x, y] = UInt32(0x90 + (x % 40)) << 16 | UInt32(0x80 + (y % 50)) << 8 | 0xa0 }
        }
        return f
    }

    /// Pixels of the two drawings of `run` turned by `degrees`: how many the glyphs change, how many the two
    /// differ in by more than 24 levels (what the golden frames count as visible), and the largest difference.
    static func compare(_ run: GlyphRun, _ degrees: Double) -> (changed: Int, off: Int, worst: UInt32) {
        let origin = Point(x: 160.3, y: 160.7) - Point(x: run.advance / 2, y: 0)
        var glyphs = Self.background()
        glyphs.draw(run, at: origin, Self.ink, halo: Self.halo, rotationDegrees: degrees)
        var image = Self.background()
        image.draw(LabelImage(run), at: origin, Self.ink, halo: Self.halo, rotationDegrees: degrees)
        var worst: UInt32 = 0
        var off = 0
        var changedByGlyphs = 0
        let plain = Self.background()
        for i in glyphs.pixels.indices {
            let (p, q) = (glyphs.pixels[i], image.pixels[i])
            var m: UInt32 = 0
            for shift: UInt32 in [0, 8, 16] {
                let a = (p >> shift) & 0xff
                let b = (q >> shift) & 0xff
                m = max(m, a > b ? a - b : b - a)
            }
            worst = max(worst, m)
            if m > 24 { off += 1 }
            if p != plain.pixels[i] { changedByGlyphs += 1 }
        }
        return (changedByGlyphs, off, worst)
    }

    @Test(
        "a turned label image draws what the turned glyphs and halos draw",
        arguments: [11.0, 37.0, 90.0, 143.0, -61.0, 179.5])
    func imageMatchesGlyphs(_ degrees: Double) throws {
        let shaper = try WorldTextShaper()
        let run = Self.wholePixelPens(try shaper.shape("Mannerheimintie", style: Self.style))
        try #require(run.glyphs.count > 10)
        let (changedByGlyphs, off, worst) = Self.compare(run, degrees)
        // The label covers thousands of pixels; the two differ only by rounding where halos of neighbouring
        // glyphs overlap and by the image's 8-bit sampling weights: no pixel is off by what the golden frames
        // count as a visible difference.
        #expect(changedByGlyphs > 800)
        #expect(off == 0, "\(off) pixels off by more than 24, worst \(worst)")
        #expect(worst <= 24)
    }

    @Test(
        "a label image keeps the shaper's sub-pixel pens within a faint edge of the glyph drawing",
        arguments: [11.0, 37.0, 143.0, -61.0])
    func imageKeepsSubPixelPens(_ degrees: Double) throws {
        let shaper = try WorldTextShaper()
        let run = try shaper.shape("Aleksanterinkatu", style: Self.style)
        try #require(run.glyphs.contains { $0.x != $0.x.rounded() }, "the test needs fractional pens")
        let (changed, off, worst) = Self.compare(run, degrees)
        // Sampling twice (shifted once, turned once) softens edges a little (measured: 1.4–2.9 % of the label's
        // pixels past 24 levels, none past 64); no glyph moves.
        #expect(changed > 800)
        #expect(Double(off) < 0.05 * Double(changed), "\(off) of \(changed) pixels off by more than 24")
        #expect(worst < 64, "worst \(worst)")
    }

    @Test("an upright label image holds the glyphs' masks at their pens")
    func imageHoldsTheMasks() throws {
        let shaper = try WorldTextShaper()
        let run = Self.wholePixelPens(try shaper.shape("Kaivokatu", style: Self.style))
        let image = LabelImage(run)
        #expect(!image.isEmpty)
        // The one-pixel border is empty on every side.
        for x in 0..<image.width {
            #expect(image.coverage[x * 2] == 0 && image.coverage[x * 2 + 1] == 0)
            let last = (image.height - 1) * image.width + x
            #expect(image.coverage[last * 2] == 0 && image.coverage[last * 2 + 1] == 0)
        }
        // Where only one glyph inks, the text plane is that glyph's mask.
        let g = try #require(run.glyphs.first)
        let mx = g.bitmap.width / 2
        let my = g.bitmap.height / 2
        let ix = Int(g.x) + g.bitmap.left + mx - image.left
        let iy = Int(g.y) - g.bitmap.top + my + image.top
        #expect(image.coverage[(iy * image.width + ix) * 2 + 1] == g.bitmap.coverage[my * g.bitmap.width + mx])
    }

    @Test("the label image cache keeps at most its capacity and its byte budget")
    func cacheIsBounded() throws {
        let shaper = try WorldTextShaper()
        let font = LabelFont(try ShapedTextLayout(shaper, style: Self.style))
        let names = (0..<12).map { "Katu \($0)" }
        let byCount = LabelImageCache(capacity: 4, maxBytes: 1 << 30)
        for n in names { _ = byCount.image(n, font: font) }
        #expect(byCount.count == 4)
        #expect(byCount.made == names.count)

        let one = try #require(byCount.image("Katu 11", font: font)).byteCount
        let byBytes = LabelImageCache(capacity: 100, maxBytes: 3 * one)
        for n in names { _ = byBytes.image(n, font: font) }
        #expect(byBytes.byteCount <= 3 * one)
        #expect(byBytes.count <= 4)
    }

    @Test("a cached label image is the image made afresh, and a hit makes none")
    func cacheHitsAreTheSameImage() throws {
        let shaper = try WorldTextShaper()
        let layout = try ShapedTextLayout(shaper, style: Self.style)
        let font = LabelFont(layout)
        let cache = LabelImageCache()
        let first = try #require(cache.image("Pohjoisesplanadi", font: font))
        let again = try #require(cache.image("Pohjoisesplanadi", font: font))
        #expect(cache.made == 1)
        #expect(first == again)
        #expect(first == LabelImage(layout.run("Pohjoisesplanadi")))
        // The outline font has no masks: no image, and the caller draws its outlines.
        let outline = LabelFont(TextLayout(font: try FontSet.load().bold, size: 22))
        #expect(cache.image("Pohjoisesplanadi", font: outline) == nil)
    }
}
