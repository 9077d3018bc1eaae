import Testing

@testable import Core

/// Shapes on whole pixels: a HUD panel's sides cover whole pixels (no blended column to composite every frame),
/// and `fillPixels` sets the pixels the rasteriser's fill of the same rectangle would.
@Suite("Canvas on whole pixels")
struct CanvasWholePixelsTests {
    static func canvas(seed: UInt64) -> Canvas {
        let canvas = Canvas(width: 64, height: 48)
        var state = seed
        for i in canvas.frame.pixels.indices {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            canvas.frame.pixels[i] = UInt32(truncatingIfNeeded: state >> 40) & 0xff_ffff
        }
        return canvas
    }

    @Test func aRectangleMovesEachEdgeToTheNearestPixelBoundary() {
        let r = Rect(x: 10.3, y: 5.6, width: 100.4, height: 40.7).onWholePixels
        #expect(r == Rect(x: 10, y: 6, width: 101, height: 40))
    }

    @Test("fillPixels is the fill of the same rectangle", arguments: [255, 128] as [UInt8])
    func fillPixelsIsTheRasterisersFill(alpha: UInt8) {
        let colour = Color(hex: 0x1b_2230, alpha: alpha)
        // Inside the frame, and cut by its left, top and right edges.
        for rect in [
            PixelRect(x: 5, y: 7, width: 30, height: 20), PixelRect(x: -4, y: -3, width: 20, height: 10),
            PixelRect(x: 50, y: 40, width: 30, height: 30),
        ] {
            let direct = Self.canvas(seed: 7)
            let filled = Self.canvas(seed: 7)
            direct.fillPixels(rect, colour)
            let (x0, y0) = (Double(rect.x), Double(rect.y))
            let (x1, y1) = (Double(rect.x + rect.width), Double(rect.y + rect.height))
            filled.fill(
                Path(polygons: [[Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)]]),
                colour)
            #expect(direct.frame == filled.frame, "\(rect)")
        }
    }

    /// A rounded rectangle on whole pixels: along its straight sides, every pixel is the fill or untouched.
    @Test func aRoundedRectangleOnWholePixelsHasCrispSides() {
        let canvas = Canvas(width: 64, height: 48)
        canvas.clear(to: .white)
        let panel = Rect(x: 6.4, y: 4.7, width: 50.3, height: 37.2).onWholePixels
        let radius = 6.5
        canvas.fillRoundedRect(panel, radius: radius, Color(hex: 0x1b_2230))
        let (x0, y0, x1, y1) = (Int(panel.x), Int(panel.y), Int(panel.maxX), Int(panel.maxY))
        for y in (y0 + 7)..<(y1 - 7) {
            for x in [x0 - 1, x0, x1 - 1, x1] {
                let inside = x >= x0 && x < x1
                #expect(canvas.frame[x, y] == (inside ? 0x1b_2230 : 0xff_ffff), "(\(x), \(y))")
            }
        }
        for x in (x0 + 7)..<(x1 - 7) {
            for y in [y0 - 1, y0, y1 - 1, y1] {
                let inside = y >= y0 && y < y1
                #expect(canvas.frame[x, y] == (inside ? 0x1b_2230 : 0xff_ffff), "(\(x), \(y))")
            }
        }
        // And the same rectangle off the pixel grid has a blended column along its sides: what the test tells.
        let off = Canvas(width: 64, height: 48)
        off.clear(to: .white)
        off.fillRoundedRect(Rect(x: 6.4, y: 4.7, width: 50.3, height: 37.2), radius: radius, Color(hex: 0x1b_2230))
        #expect(off.frame[6, 20] != 0x1b_2230 && off.frame[6, 20] != 0xff_ffff)
    }
}
