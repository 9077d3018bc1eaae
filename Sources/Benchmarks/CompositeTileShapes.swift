import Core
import Foundation

/// `Benchmarks composite-tiles`: the bilinear composite walked in tiles of different shapes, every shape timed in
/// each round (so the machine's load falls on all alike), median CPU time of the rounds; the frame-sized memcpy
/// of the same run is the baseline.
func runCompositeTileShapes() {
    print("\n== Rotated composite: tile shape of the walk (rows x columns), 37°, median of 9 interleaved rounds ==")
    let shapes = [(64, 32), (2, 512), (16, 64), (128, 32), (4, 512), (1, 100_000)]
    // Scale 1.41 is the product's default: zoom 16.5 drawn from z17 tiles, 1.41 source pixels a screen pixel.
    for (w, h, scale) in [(800, 480, 1.0), (800, 480, 1.41), (1280, 720, 1.41), (1920, 1080, 1.0), (1920, 1080, 1.41)] {
        let side = Int((Double(w * w + h * h)).squareRoot() * scale + 2)
        guard let canvas = mapCanvas(side: side) else { return }
        let map = AffineMap.rotation(
            degrees: 37, scale: 1 / scale, sourceCenter: Point(x: Double(side) / 2, y: Double(side) / 2),
            destinationCenter: Point(x: Double(w) / 2, y: Double(h) / 2))
        var frame = FrameBuffer(width: w, height: h)
        var copy = FrameBuffer(width: w, height: h)
        var times = Array(repeating: [Double](), count: shapes.count + 1)
        var stamp: UInt32 = 0
        for _ in 0..<9 {
            times[shapes.count].append(
                medianSeconds(20) {
                    stamp &+= 1
                    frame.pixels[0] = stamp
                    frame.pixels.withUnsafeBufferPointer { s in
                        copy.pixels.withUnsafeMutableBufferPointer { d in
                            opaqueCopy(d.baseAddress!, s.baseAddress!, w * h * 4)
                        }
                    }
                })
            for (k, shape) in shapes.enumerated() {
                times[k].append(
                    medianSeconds(1) {
                        RotatedBlit.draw(
                            canvas, into: &frame, map: map, background: 0, tile: shape)
                    })
            }
        }
        func median(_ x: [Double]) -> Double { x.sorted()[x.count / 2] }
        let copyTime = median(times[shapes.count])
        print(
            "\(w)x\(h) map canvas at \(scale) source px a screen px, memcpy of the frame \(formatFixed(copyTime * 1e6, digits: 0)) µs"
        )
        for (k, shape) in shapes.enumerated() {
            let t = median(times[k])
            print(
                "  \(shape.0) x \(shape.1)".padding(toLength: 16, withPad: " ", startingAt: 0)
                    + "\(formatFixed(t * 1e6, digits: 0)) µs  \(formatFixed(t / copyTime, digits: 1))x memcpy")
        }
    }
}
