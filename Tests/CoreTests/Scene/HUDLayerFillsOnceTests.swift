import Testing

@testable import Core

/// A layer made of fills alone drawn once, over black in the canvas and over white in its twin
/// (`HUDLayerCache.layerPixels(in:on:fills:)`), is the layer drawing it twice gives, bit for bit.
@Suite("HUD layer drawn once for both backgrounds")
struct HUDLayerFillsOnceTests {
    /// The layer's arrays, compared whole.
    static func parts(_ p: HUDLayerPixels) -> [[UInt32]] {
        [
            p.spans.flatMap { [$0.y, $0.x, $0.count, UInt32($0.kind.rawValue), $0.k, $0.c] }, p.colours,
            p.greys.map(UInt32.init), p.transmissions,
        ]
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
                        let draw = { (c: Canvas) in UserMarkerLayer().draw(look, on: c, theme: .day, unit: unit) }
                        let twice = HUDLayerCache.layerPixels(
                            in: bounds, on: Canvas(width: 420, height: 420), draw: draw)
                        let once = HUDLayerCache.layerPixels(
                            in: bounds, on: Canvas(width: 420, height: 420), fills: draw)
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
        let draw = { (c: Canvas) in
            c.fill(Path.roundedRect(Rect(x: 10.5, y: 5.25, width: 90, height: 70), radius: 9), Color(hex: 0x33_66aa))
            c.stroke(
                [Point(x: 0, y: 0), Point(x: 60.3, y: 44.1), Point(x: 140, y: 10)], width: 7,
                Color(hex: 0xff_8800, alpha: 160))
        }
        let twice = HUDLayerCache.layerPixels(in: bounds, on: Canvas(width: 120, height: 90), draw: draw)
        let once = HUDLayerCache.layerPixels(in: bounds, on: Canvas(width: 120, height: 90), fills: draw)
        #expect(Self.parts(once) == Self.parts(twice))
        #expect(!once.spans.isEmpty)
    }
}
