import CPixman
import Core
import Foundation
import Platform

/// The heading-up fast path: our rotated composite of a north-up canvas into the frame, against a memcpy of the
/// same frame (the floor) and pixman's rotated bilinear composite (the peer), all measured in this run.
func runCompositeBenchmark() {
    print(
        "\n== Rotated composite (heading-up fast path): north-up canvas turned 37° into the frame, median of 7 rounds =="
    )
    print(
        "canvas: 'map' is the Helsinki map rendered north-up at z16 (flat areas, as in use); 'noise' changes every pixel (worst case)"
    )
    print("size      canvas  memcpy      ours bilinear   ours nearest   pixman bilinear   ours/memcpy   pixman/ours")
    for (w, h) in [(800, 480), (480, 320), (1280, 720)] {
        // The canvas covers the frame's diagonal at any rotation, as a north-up map canvas must.
        let side = Int((Double(w * w + h * h)).squareRoot().rounded(.up)) + 2
        var noise = FrameBuffer(width: side, height: side)
        for y in 0..<side {
            for x in 0..<side {
                noise[x, y] = UInt32((x * 7) & 0xff) << 16 | UInt32((y * 5) & 0xff) << 8 | UInt32((x ^ y) & 0xff)
            }
        }
        for (label, canvas) in [("map", mapCanvas(side: side) ?? noise), ("noise", noise)] {
            compositeRow(label: label, canvas: canvas, w: w, h: h)
        }
    }
}

/// The Helsinki map drawn north-up into a square canvas (nil, with a note, when the bundled map is missing).
private func mapCanvas(side: Int) -> FrameBuffer? {
    do {
        let fonts = try FontSet.load()
        let layer = try OfflineMap.layer(
            path: repositoryPath("maps/helsinki.mbtiles"), style: .day, fonts: fonts, waitForTiles: true)
        let canvas = Canvas(width: side, height: side)
        let camera = Camera(
            mode: .northUp, center: GeoCoordinate(latitude: 60.1699, longitude: 24.9384), zoom: 16,
            mapBearing: .north, width: side, height: side)
        layer.draw(on: canvas, camera: camera, reserved: [])
        return canvas.frame
    } catch {
        print("(map canvas unavailable: \(error); using the noise canvas)")
        return nil
    }
}

/// A path inside the repository, found from this source file's location.
func repositoryPath(_ relative: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(relative).path
}

private func compositeRow(label: String, canvas: FrameBuffer, w: Int, h: Int) {
    let side = canvas.width
    var frame = FrameBuffer(width: w, height: h)
    var copy = FrameBuffer(width: w, height: h)
    let map = AffineMap.rotation(
        degrees: 37, sourceCenter: Point(x: Double(side) / 2, y: Double(side) / 2),
        destinationCenter: Point(x: Double(w) / 2, y: Double(h) / 2))
    let iterations = max(5, 3_000_000 / (w * h))
    let memcpyTime = medianSeconds(iterations) {
        frame.pixels.withUnsafeBufferPointer { s in
            copy.pixels.withUnsafeMutableBufferPointer { d in
                _ = memcpy(d.baseAddress!, s.baseAddress!, w * h * 4)
            }
        }
    }
    let bilinear = medianSeconds(iterations) {
        RotatedBlit.draw(canvas, into: &frame, map: map, filter: .bilinear, background: 0)
    }
    let nearest = medianSeconds(iterations) {
        RotatedBlit.draw(canvas, into: &frame, map: map, filter: .nearest, background: 0)
    }
    let pixman = pixmanRotate(canvas, into: &copy, degrees: 37, iterations: iterations)
    func us(_ s: Double) -> String {
        formatFixed(s * 1e6, digits: 0).padding(toLength: 8, withPad: " ", startingAt: 0) + " µs"
    }
    print(
        "\("\(w)x\(h)".padding(toLength: 10, withPad: " ", startingAt: 0))\(label.padding(toLength: 6, withPad: " ", startingAt: 0))  \(us(memcpyTime))   \(us(bilinear))     \(us(nearest))    \(us(pixman))       \(formatFixed(bilinear / memcpyTime, digits: 1))x          \(formatFixed(pixman / bilinear, digits: 1))x"
    )
}

/// The median over 7 rounds of the time per call of `body`, each round `iterations` calls.
func medianSeconds(_ iterations: Int, _ body: () -> Void) -> Double {
    var rounds: [Double] = []
    for _ in 0..<7 {
        let start = ProcessClock.now()
        for _ in 0..<iterations { body() }
        rounds.append(Double(ProcessClock.now() - start) / 1e9 / Double(iterations))
    }
    return rounds.sorted()[3]
}

/// pixman_image_composite32 of `source` turned by `degrees` about its centre into `destination`, bilinear.
private func pixmanRotate(_ source: FrameBuffer, into destination: inout FrameBuffer, degrees: Double, iterations: Int)
    -> Double
{
    var src = source.pixels
    var dst = destination.pixels
    let sw = Int32(source.width)
    let sh = Int32(source.height)
    let dw = Int32(destination.width)
    let dh = Int32(destination.height)
    let result: Double = src.withUnsafeMutableBufferPointer { s in
        dst.withUnsafeMutableBufferPointer { d in
            let srcImage = pixman_image_create_bits(PIXMAN_x8r8g8b8, sw, sh, s.baseAddress, sw * 4)
            let dstImage = pixman_image_create_bits(PIXMAN_x8r8g8b8, dw, dh, d.baseAddress, dw * 4)
            defer {
                pixman_image_unref(srcImage)
                pixman_image_unref(dstImage)
            }
            // The transform maps destination coordinates to source coordinates (16.16 fixed point).
            let map = AffineMap.rotation(
                degrees: degrees, sourceCenter: Point(x: Double(sw) / 2, y: Double(sh) / 2),
                destinationCenter: Point(x: Double(dw) / 2, y: Double(dh) / 2))
            func fixed(_ v: Double) -> pixman_fixed_t { pixman_fixed_t((v * 65536).rounded()) }
            var t = pixman_transform()
            t.matrix = (
                (fixed(map.xStep.x), fixed(map.yStep.x), fixed(map.origin.x)),
                (fixed(map.xStep.y), fixed(map.yStep.y), fixed(map.origin.y)),
                (0, 0, 65536)
            )
            pixman_image_set_transform(srcImage, &t)
            pixman_image_set_filter(srcImage, PIXMAN_FILTER_BILINEAR, nil, 0)
            return medianSeconds(iterations) {
                pixman_image_composite32(PIXMAN_OP_SRC, srcImage, nil, dstImage, 0, 0, 0, 0, 0, 0, dw, dh)
            }
        }
    }
    destination.pixels = dst
    return result
}
