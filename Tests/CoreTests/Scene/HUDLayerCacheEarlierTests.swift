import Testing

@testable import Core

/// A slot of `HUDLayerCache` keeps its last few looks: a look that comes back is taken back, not drawn again,
/// and composites exactly as drawing it would; only as many as asked are kept, and a slot no longer shown keeps
/// none.
@Suite("HUD layer cache, earlier looks")
struct HUDLayerCacheEarlierTests {
    static let rect = Rect(x: 10, y: 8, width: 40, height: 20)

    /// A panel whose look is `label`: a translucent rounded panel and a bar whose length and colour the label
    /// sets, so that two looks differ in their pixels.
    static func draw(_ label: String, on canvas: Canvas) {
        canvas.fillRoundedRect(rect, radius: 6, Color(r: 20, g: 30, b: 40, a: 200))
        let n = Double(label.unicodeScalars.first.map { Int($0.value) % 7 } ?? 0)
        canvas.fillRoundedRect(
            Rect(x: rect.x + 4, y: rect.y + 6, width: 6 + 4 * n, height: 8), radius: 2,
            Color(r: UInt8(40 * n), g: 200, b: 90, a: 255))
    }

    /// The cache prepared with `label` in slot `.notice(0)`, counting the draws, then composited over `under`.
    static func show(
        _ label: String, _ cache: inout HUDLayerCache, canvas: Canvas, draws: inout Int, under: FrameBuffer
    ) -> FrameBuffer {
        cache.prepare(.notice(0), key: .notice(.day, label, rect), rect: rect, on: canvas) { c in
            draws += 1
            draw(label, on: c)
        }
        cache.keep(only: [.notice(0)])
        var frame = under
        cache.composite(into: &frame)
        return frame
    }

    /// A frame of noise under the panel, so what shows through is checked too.
    static func noise() -> FrameBuffer {
        var frame = FrameBuffer(width: 64, height: 40)
        var state: UInt32 = 0x1234_5678
        for i in frame.pixels.indices {
            state = state &* 1_664_525 &+ 1_013_904_223
            frame.pixels[i] = state >> 8
        }
        return frame
    }

    @Test func aLookThatComesBackIsTakenBackAsItWasDrawn() {
        let canvas = Canvas(width: 64, height: 40)
        let under = Self.noise()
        var cache = HUDLayerCache(earlierPerSlot: 2)
        var draws = 0
        let first = Self.show("A", &cache, canvas: canvas, draws: &draws, under: under)
        let other = Self.show("D", &cache, canvas: canvas, draws: &draws, under: under)
        #expect(draws == 2, "two looks, each drawn once (over black and, in the twin, over white)")
        #expect(first != other, "the two looks differ")
        let again = Self.show("A", &cache, canvas: canvas, draws: &draws, under: under)
        #expect(draws == 2, "the first look was taken back, not drawn")
        #expect(again == first)
        #expect(cache.redrawn == 2 && cache.reused == 1)
        // And the look it replaced is kept in turn.
        #expect(Self.show("D", &cache, canvas: canvas, draws: &draws, under: under) == other)
        #expect(draws == 2)
    }

    @Test func onlyTheLastFewLooksAreKept() {
        let canvas = Canvas(width: 64, height: 40)
        let under = Self.noise()
        var cache = HUDLayerCache(earlierPerSlot: 2)
        var draws = 0
        for label in ["A", "B", "C", "D"] { _ = Self.show(label, &cache, canvas: canvas, draws: &draws, under: under) }
        #expect(cache.redrawn == 4)
        // D is shown; C and B are the two kept before it, A is gone.
        _ = Self.show("B", &cache, canvas: canvas, draws: &draws, under: under)
        #expect(cache.redrawn == 4)
        _ = Self.show("A", &cache, canvas: canvas, draws: &draws, under: under)
        #expect(cache.redrawn == 5)
        // Without earlier looks, any change draws again.
        var plain = HUDLayerCache()
        for label in ["A", "B", "A"] { _ = Self.show(label, &plain, canvas: canvas, draws: &draws, under: under) }
        #expect(plain.redrawn == 3)
    }

    @Test func aSlotNoLongerShownKeepsNoEarlierLooks() {
        let canvas = Canvas(width: 64, height: 40)
        let under = Self.noise()
        var cache = HUDLayerCache(earlierPerSlot: 4)
        var draws = 0
        for label in ["A", "B", "C"] { _ = Self.show(label, &cache, canvas: canvas, draws: &draws, under: under) }
        #expect(cache.bytes > 0)
        cache.keep(only: [])
        #expect(cache.bytes == 0)
        _ = Self.show("A", &cache, canvas: canvas, draws: &draws, under: under)
        #expect(cache.redrawn == 4, "A was forgotten with its slot")
    }
}
