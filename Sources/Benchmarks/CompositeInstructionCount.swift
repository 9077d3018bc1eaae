import Core
import Foundation
import Platform
import Simulation

/// `Benchmarks composite-count`: one bilinear composite per canvas at 800x480 and 1920x1080, ours and the one from
/// before, each behind its own function so `valgrind --tool=callgrind` counts their instructions (the repeatable,
/// machine-independent figure):
///
///     valgrind --tool=callgrind --callgrind-out-file=cg.out .build/release/Benchmarks composite-count
///     callgrind_annotate --inclusive=yes cg.out | grep counted
///
/// (Each passes its own background, so the compiler cannot fold the identical bodies into one.) The count divided by the frame's pixels is instructions per pixel; at about one instruction per cycle, a
/// Cortex-A53 at 1 GHz (a Raspberry Pi Zero 2 or 3) would take count / 10⁹ seconds, before memory stalls.
func runCompositeInstructionCount() {
    print("\n== Rotated composite, one call each for callgrind (see CompositeInstructionCount.swift) ==")
    for (w, h) in [(800, 480), (1920, 1080)] {
        let side = Int((Double(w * w + h * h)).squareRoot().rounded(.up)) + 2
        var noise = FrameBuffer(width: side, height: side)
        for y in 0..<side {
            for x in 0..<side {
                noise[x, y] = UInt32((x * 7) & 0xff) << 16 | UInt32((y * 5) & 0xff) << 8 | UInt32((x ^ y) & 0xff)
            }
        }
        let map = mapCanvas(side: side) ?? noise
        let affine = AffineMap.rotation(
            degrees: 37, sourceCenter: Point(x: Double(side) / 2, y: Double(side) / 2),
            destinationCenter: Point(x: Double(w) / 2, y: Double(h) / 2))
        var frame = FrameBuffer(width: w, height: h)
        // The same canvases in RGB565, as the map's mosaic keeps them (the composite the live loop runs).
        let (map565, noise565) = (rgb565(map), rgb565(noise))
        if w == 800 {
            countedComposite565800Map(map565, &frame, affine)
            countedComposite565800Noise(noise565, &frame, affine)
            countedComposite800Map(map, &frame, affine)
            countedComposite800Noise(noise, &frame, affine)
            countedCompositeBefore800Map(map, &frame, affine)
            countedCompositeBefore800Noise(noise, &frame, affine)
        } else {
            countedComposite5651920Map(map565, &frame, affine)
            countedComposite5651920Noise(noise565, &frame, affine)
            countedComposite1920Map(map, &frame, affine)
            countedComposite1920Noise(noise, &frame, affine)
            countedCompositeBefore1920Map(map, &frame, affine)
            countedCompositeBefore1920Noise(noise, &frame, affine)
        }
        print("\(w)x\(h): done (\(w * h) pixels)")
    }
}

@inline(never) func countedComposite565800Map(_ s: RGB565Image, _ d: inout FrameBuffer, _ m: AffineMap) {
    RotatedBlit.draw(s, into: &d, map: m, background: 9)
}
@inline(never) func countedComposite565800Noise(_ s: RGB565Image, _ d: inout FrameBuffer, _ m: AffineMap) {
    RotatedBlit.draw(s, into: &d, map: m, background: 10)
}
@inline(never) func countedComposite5651920Map(_ s: RGB565Image, _ d: inout FrameBuffer, _ m: AffineMap) {
    RotatedBlit.draw(s, into: &d, map: m, background: 11)
}
@inline(never) func countedComposite5651920Noise(_ s: RGB565Image, _ d: inout FrameBuffer, _ m: AffineMap) {
    RotatedBlit.draw(s, into: &d, map: m, background: 12)
}
@inline(never) func countedComposite800Map(_ s: FrameBuffer, _ d: inout FrameBuffer, _ m: AffineMap) {
    RotatedBlit.draw(s, into: &d, map: m, background: 1)
}
@inline(never) func countedComposite800Noise(_ s: FrameBuffer, _ d: inout FrameBuffer, _ m: AffineMap) {
    RotatedBlit.draw(s, into: &d, map: m, background: 2)
}
@inline(never) func countedCompositeBefore800Map(_ s: FrameBuffer, _ d: inout FrameBuffer, _ m: AffineMap) {
    RotatedBlitBefore.draw(s, into: &d, map: m, background: 3)
}
@inline(never) func countedCompositeBefore800Noise(_ s: FrameBuffer, _ d: inout FrameBuffer, _ m: AffineMap) {
    RotatedBlitBefore.draw(s, into: &d, map: m, background: 4)
}
@inline(never) func countedComposite1920Map(_ s: FrameBuffer, _ d: inout FrameBuffer, _ m: AffineMap) {
    RotatedBlit.draw(s, into: &d, map: m, background: 5)
}
@inline(never) func countedComposite1920Noise(_ s: FrameBuffer, _ d: inout FrameBuffer, _ m: AffineMap) {
    RotatedBlit.draw(s, into: &d, map: m, background: 6)
}
@inline(never) func countedCompositeBefore1920Map(_ s: FrameBuffer, _ d: inout FrameBuffer, _ m: AffineMap) {
    RotatedBlitBefore.draw(s, into: &d, map: m, background: 7)
}
@inline(never) func countedCompositeBefore1920Noise(_ s: FrameBuffer, _ d: inout FrameBuffer, _ m: AffineMap) {
    RotatedBlitBefore.draw(s, into: &d, map: m, background: 8)
}
