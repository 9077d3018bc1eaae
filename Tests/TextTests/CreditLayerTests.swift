import Foundation
import Platform
import Testing

@testable import Core

/// The map's credit line is kept as a layer (`OfflineMapLayer.prepareCredit`) and composited over the map every
/// frame; it must look as drawing the credit afresh over that frame does, every pixel of it, and be drawn into
/// its layer only when it changes.
@Suite("Map credit layer")
struct CreditLayerTests {
    /// A frame of fine stripes and noise under the credit: every kind of pixel a map shows through its text.
    static func busyFrame(_ width: Int, _ height: Int, seed: UInt64) -> FrameBuffer {
        var f = FrameBuffer(width: width, height: height)
        var state = seed
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                f[x, y] = (x / 3 + y) % 4 == 0 ? 0x0020_4060 : UInt32(truncatingIfNeeded: state >> 40) & 0xff_ffff
            }
        }
        return f
    }

    @Test(
        "the credit's layer composites as drawing its lines over the same frame, within a unit or two",
        arguments: LabelCapitalHeightTests.panels)
    func layerMatchesDrawing(_ panel: (width: Int, height: Int, inches: Double)) throws {
        let (layer, physics) = try LabelCapitalHeightTests.frame(panel)
        let credit = try #require(layer.creditCache?.layout, "\(panel): no credit placed")
        let typography = layer.labelTypography(for: physics)
        let canvas = Canvas(width: panel.width, height: panel.height, background: .black)
        for seed: UInt64 in [1, 2] {
            layer.prepareCredit(credit, typography: typography, on: canvas)
            var layered = Self.busyFrame(panel.width, panel.height, seed: seed)
            layer.creditLayer.composite(into: &layered)
            canvas.frame = Self.busyFrame(panel.width, panel.height, seed: seed)
            layer.drawCredit(credit, typography: typography, on: canvas)
            var worst = 0
            for (a, b) in zip(layered.pixels, canvas.frame.pixels) {
                for s: UInt32 in [0, 8, 16] {
                    worst = max(worst, abs(Int((a >> s) & 0xff) - Int((b >> s) & 0xff)))
                }
            }
            #expect(worst <= 2, "\(panel), frame \(seed): a channel differs by \(worst)")
            // Drawn directly, the credit changed thousands of pixels: the comparison saw the text.
            let plain = Self.busyFrame(panel.width, panel.height, seed: seed)
            let inked = zip(plain.pixels, canvas.frame.pixels).filter { $0 != $1 }.count
            #expect(inked > 1000, "\(panel): the credit drew \(inked) pixels")
        }
        // The second frame reused the layer drawn for the first.
        #expect(layer.creditLayer.redrawn == 1 && layer.creditLayer.reused >= 1)
    }
}
