import Testing

@testable import Core

/// A layer drawn once, over black in the canvas and over white in its twin (`HUDLayerCache.layerPixels`), is the
/// layer drawing it twice gives, bit for bit: fills, whole-pixel fills and glyph masks, upright and turned, with
/// halos, cut by the layer's bounds and by the canvas's edges.
@Suite("HUD layer drawn once for both backgrounds")
struct HUDLayerDrawnOnceTests {
    /// The layer's arrays, compared whole.
    static func parts(_ p: HUDLayerPixels) -> [[UInt32]] {
        [
            p.spans.flatMap { [$0.y, $0.x, $0.count, UInt32($0.kind.rawValue), $0.k, $0.c] }, p.colours,
            p.greys.map(UInt32.init), p.transmissions,
        ]
    }

    /// The layer as drawing it twice gives it: over black, then over white, in the canvas with no twin.
    static func drawnTwice(in bounds: PixelRect, on canvas: Canvas, draw: (Canvas) -> Void) -> HUDLayerPixels {
        func drawn(over background: UInt32) -> [UInt32] {
            for y in bounds.y..<(bounds.y + bounds.height) {
                for x in bounds.x..<(bounds.x + bounds.width) { canvas.frame[x, y] = background }
            }
            draw(canvas)
            var out: [UInt32] = []
            for y in bounds.y..<(bounds.y + bounds.height) {
                for x in bounds.x..<(bounds.x + bounds.width) { out.append(canvas.frame[x, y]) }
            }
            return out
        }
        let black = drawn(over: 0x000000)
        let white = drawn(over: 0xffffff)
        return HUDLayerPixels(
            colour: black, transmission: HUDLayerCache.transmission(black: black, white: white), width: bounds.width)
    }

    /// Drawn once and drawn twice, each on a fresh canvas of `width`×`height`.
    static func once(
        _ bounds: PixelRect, _ width: Int, _ height: Int, _ draw: (Canvas) -> Void
    ) -> (once: HUDLayerPixels, twice: HUDLayerPixels) {
        (
            HUDLayerCache.layerPixels(in: bounds, on: Canvas(width: width, height: height), draw: draw),
            drawnTwice(in: bounds, on: Canvas(width: width, height: height), draw: draw)
        )
    }

    @Test("The marker's layer drawn once is the layer drawn twice", arguments: [1.0, 2.4])
    func markerDrawnOnce(_ unit: Double) {
        var compared = 0
        for halfDegrees in [nil, 0, 1, 91, 359, 719] as [Int?] {
            for accuracy in [0, 6, 45, 360] {
                for ring in [nil, 60] as [Int?] {
                    var look = UserMarkerBoundsTests.look(
                        halfDegrees: halfDegrees, accuracy: accuracy, ring: ring, stale: accuracy == 6)
                    // Near the canvas's corner too: the layer's bounds cut by the canvas's edges.
                    for at in [Point(x: 210.4, y: 209.7), Point(x: 12.3, y: 401.8)] {
                        look.at = at
                        guard
                            let bounds = HUDLayerCache.pixelBounds(
                                UserMarkerLayer.bounds(look, unit: unit), width: 420, height: 420)
                        else { continue }
                        let (once, twice) = Self.once(bounds, 420, 420) { c in
                            UserMarkerLayer().draw(look, on: c, theme: .day, unit: unit)
                        }
                        #expect(Self.parts(once) == Self.parts(twice), "\(look)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 80)
    }

    /// Fills that reach past the layer's bounds (the canvas is scratch space) write nothing of the twin outside
    /// them, and what lies inside is as drawn twice.
    @Test func fillsPastTheBoundsStayOutOfTheTwin() {
        let bounds = PixelRect(x: 30, y: 20, width: 50, height: 40)
        let (once, twice) = Self.once(bounds, 120, 90) { c in
            c.fill(Path.roundedRect(Rect(x: 10.5, y: 5.25, width: 90, height: 70), radius: 9), Color(hex: 0x33_66aa))
            c.stroke(
                [Point(x: 0, y: 0), Point(x: 60.3, y: 44.1), Point(x: 140, y: 10)], width: 7,
                Color(hex: 0xff_8800, alpha: 160))
        }
        #expect(Self.parts(once) == Self.parts(twice))
        #expect(!once.spans.isEmpty)
    }

    /// A run of three glyphs with random coverage and halos.
    static func run() -> GlyphRun {
        func mask(_ w: Int, _ h: Int, _ seed: UInt64) -> GlyphBitmap {
            var state = seed
            let coverage = (0..<(w * h)).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                // A quarter of the pixels empty and a quarter full, as glyphs are.
                let byte = UInt8(truncatingIfNeeded: state >> 56)
                return byte < 64 ? 0 : byte > 191 ? 255 : byte
            }
            return GlyphBitmap(width: w, height: h, left: -1, top: h - 3, coverage: coverage)
        }
        let glyphs = (0..<3).map { k in
            PositionedGlyph(
                glyphID: UInt32(k + 1), fontIndex: 0, cluster: k, x: Double(k) * 9, y: 0, advance: 9,
                bitmap: mask(9, 13, UInt64(k + 1)), halo: mask(13, 17, UInt64(k + 7)))
        }
        return GlyphRun(
            text: "abc", style: TextStyle(sizePixels: 14), glyphs: glyphs, advance: 27, ascent: 11, descent: 3,
            capHeight: 9, isRightToLeft: false, missingGlyphCount: 0)
    }

    /// Glyph masks (`Canvas.draw`), upright and turned, opaque and translucent, with a halo, inside the bounds,
    /// across their edges and across the canvas's edges; and a whole-pixel fill (`Canvas.fillPixels`) under them.
    @Test(
        "Glyphs and whole-pixel fills drawn once are the layer drawn twice",
        arguments: [
            (Point(x: 40.3, y: 35.6), 0.0), (Point(x: 22.0, y: 21.0), 0.0), (Point(x: 70.7, y: 58.2), 0.0),
            (Point(x: -4.0, y: 8.0), 0.0), (Point(x: 100.4, y: 88.9), 0.0), (Point(x: 45.2, y: 40.1), 17.5),
            (Point(x: 28.0, y: 57.0), -90.0), (Point(x: 110.0, y: 5.0), 200.0),
        ])
    func glyphsDrawnOnce(_ c: (origin: Point, degrees: Double)) {
        let bounds = PixelRect(x: 25, y: 18, width: 52, height: 44)
        let run = Self.run()
        for (ink, halo) in [(Color(hex: 0x20_2020), Color(hex: 0xf8_f4ee)), (Color(hex: 0xff_8800, alpha: 170), nil)] {
            let (once, twice) = Self.once(bounds, 112, 90) { canvas in
                canvas.fillPixels(PixelRect(x: 20, y: 30, width: 40, height: 25), Color(hex: 0x1a_2b3c))
                canvas.draw(run, at: c.origin, ink, halo: halo, rotationDegrees: c.degrees)
            }
            #expect(Self.parts(once) == Self.parts(twice), "\(c) \(ink)")
        }
    }
}

/// The upright blend of a glyph mask, row by row over the mask's columns on the frame, is the blend of each of its
/// pixels in turn, wherever the mask lies: inside the frame, across each of its edges, off it, at pens from data.
@Suite("Upright glyph blend")
struct UprightGlyphBlendTests {
    /// Each pixel of `mask` with its pen at `pen` blended alone, as the blend was first written.
    static func reference(_ frame: inout FrameBuffer, _ mask: GlyphBitmap, pen: Point, _ color: Color) {
        guard let px = Int(checkedRounding: pen.x), let py = Int(checkedRounding: pen.y) else { return }
        for my in 0..<mask.height {
            for mx in 0..<mask.width {
                let (x, y) = (px + mask.left + mx, py - mask.top + my)
                guard x >= 0, x < frame.width, y >= 0, y < frame.height else { continue }
                let a = (UInt32(mask.coverage[my * mask.width + mx]) * UInt32(color.a) + 127) / 255
                guard a > 0 else { continue }
                frame[x, y] = FrameBuffer.over(frame[x, y], UInt32(color.r) << 16 | UInt32(color.b), UInt32(color.g), a)
            }
        }
    }

    @Test func rowsBlendAsPixels() {
        let masks = HUDLayerDrawnOnceTests.run().glyphs.flatMap { [$0.bitmap, $0.halo!] }
        let pens = [
            Point(x: 20.4, y: 20.6), Point(x: -3.0, y: 5.0), Point(x: 36.0, y: 2.0), Point(x: 3.0, y: 29.0),
            Point(x: 38.5, y: 31.5), Point(x: -40.0, y: 10.0), Point(x: 10.0, y: 400.0), Point(x: 1e12, y: 3.0),
            Point(x: .nan, y: 3.0), Point(x: 5.0, y: -.infinity),
        ]
        for color in [Color(hex: 0x12_3456), Color(hex: 0xfe_dcba, alpha: 99)] {
            for mask in masks {
                for pen in pens {
                    var frame = TurnedLabelCacheTests.background(40, 30)
                    var expected = frame
                    frame.draw(mask, pen: pen, color)
                    Self.reference(&expected, mask, pen: pen, color)
                    #expect(frame.pixels == expected.pixels, "\(pen)")
                }
            }
        }
    }
}
