import CPixman
import Core
import Foundation
import Platform
import Simulation

/// The heading-up fast path: our rotated composite of a north-up canvas into the frame, against a memcpy of the
/// same frame (the floor), the memory-traffic limit (one read and one write of the frame at the copy bandwidth of
/// a buffer too large for any cache), the same composite from the canvas in RGB565 (as the map's mosaic keeps it),
/// the composite as it was before the tiled SIMD kernel, and pixman's rotated bilinear composite (the peer), all
/// measured in this run, in CPU time of this thread.
func runCompositeBenchmark() {
    print(
        "\n== Rotated composite (heading-up fast path): north-up canvas turned 37° into the frame, median of 7 rounds =="
    )
    let bandwidth = copyBandwidth()
    print(
        "canvas: 'map' is the Helsinki map rendered north-up at z16 (flat areas, as in use); 'noise' changes every pixel (worst case)"
    )
    print(
        "copy bandwidth (256 MiB memcpy, out of cache): \(formatFixed(bandwidth / 1e9, digits: 1)) GB/s; "
            + "limit = frame bytes / that bandwidth (one read, one write)")
    print(
        "size       canvas  memcpy   limit    bilinear  /memcpy  /limit   rgb565   /memcpy  before  before/now  nearest   pixman  pixman/now"
    )
    for (w, h) in [(800, 480), (1280, 720), (1920, 1080)] {
        // The canvas covers the frame's diagonal at any rotation, as a north-up map canvas must.
        let side = Int((Double(w * w + h * h)).squareRoot().rounded(.up)) + 2
        var noise = FrameBuffer(width: side, height: side)
        for y in 0..<side {
            for x in 0..<side {
                noise[x, y] = UInt32((x * 7) & 0xff) << 16 | UInt32((y * 5) & 0xff) << 8 | UInt32((x ^ y) & 0xff)
            }
        }
        for (label, canvas) in [("map", mapCanvas(side: side) ?? noise), ("noise", noise)] {
            compositeRow(label: label, canvas: canvas, w: w, h: h, bandwidth: bandwidth)
        }
    }
}

/// Bytes per second that memcpy moves between two 256 MiB buffers, beyond any cache (this VM reports a 384 MiB
/// L3, but copies of 64 MiB and more run at the same rate here); each byte copied is one read and one write.
func copyBandwidth() -> Double {
    let bytes = 256 << 20
    let a = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
    let b = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
    defer {
        a.deallocate()
        b.deallocate()
    }
    // A pattern, not a memset: the optimiser turns a copy from memset memory into a memset (a write-only figure).
    let words = a.bindMemory(to: UInt64.self, capacity: bytes / 8)
    for i in 0..<(bytes / 8) { words[i] = UInt64(truncatingIfNeeded: i) &* 0x9e37_79b9_7f4a_7c15 }
    memset(b, 0, bytes)
    // Each copy differs from the last (its first word is stamped): the optimiser folded identical copies in the
    // timing loop into one even behind `opaqueCopy`, which gave 58 GB/s here for a copy that moves 19-20 (a C
    // program and a scratch Swift program with a side effect in the copy both measure 19.4-20.2).
    var stamp: UInt64 = 0
    let seconds = medianSeconds(3) {
        stamp &+= 1
        a.storeBytes(of: stamp, as: UInt64.self)
        opaqueCopy(b, a, bytes)
    }
    precondition(b.load(as: UInt64.self) == stamp, "the last copy did not happen")
    precondition(b.load(fromByteOffset: 8, as: UInt64.self) == words[1], "the copy did not happen")
    return Double(bytes) / seconds
}

/// memcpy behind a call that is not inlined. Not enough alone: identical calls in a row are still folded into one
/// (see `copyBandwidth`), so callers make each copy differ.
@inline(never)
func opaqueCopy(_ destination: UnsafeMutableRawPointer, _ source: UnsafeRawPointer, _ bytes: Int) {
    _ = memcpy(destination, source, bytes)
}

/// The Helsinki map drawn north-up into a square canvas (nil, with a note, when the bundled map is missing).
func mapCanvas(side: Int) -> FrameBuffer? {
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

private func compositeRow(label: String, canvas: FrameBuffer, w: Int, h: Int, bandwidth: Double) {
    let side = canvas.width
    var frame = FrameBuffer(width: w, height: h)
    var copy = FrameBuffer(width: w, height: h)
    let map = AffineMap.rotation(
        degrees: 37, sourceCenter: Point(x: Double(side) / 2, y: Double(side) / 2),
        destinationCenter: Point(x: Double(w) / 2, y: Double(h) / 2))
    let iterations = max(5, 3_000_000 / (w * h))
    // Each copy stamped differently, so none is folded into the one before (see `copyBandwidth`).
    var stamp: UInt32 = 0
    let memcpyTime = medianSeconds(iterations * 10) {
        stamp &+= 1
        frame.pixels[0] = stamp
        frame.pixels.withUnsafeBufferPointer { s in
            copy.pixels.withUnsafeMutableBufferPointer { d in
                opaqueCopy(d.baseAddress!, s.baseAddress!, w * h * 4)
            }
        }
    }
    let limit = Double(w * h * 4) / bandwidth
    let bilinear = medianSeconds(iterations) {
        RotatedBlit.draw(canvas, into: &frame, map: map, filter: .bilinear, background: 0)
    }
    // The same canvas in RGB565, as the map's mosaic keeps it: the live loop's composite.
    let packed = rgb565(canvas)
    let bilinear565 = medianSeconds(iterations) {
        RotatedBlit.draw(packed, into: &frame, map: map, filter: .bilinear, background: 0)
    }
    let before = medianSeconds(max(1, iterations / 4)) {
        RotatedBlitBefore.draw(canvas, into: &copy, map: map, filter: .bilinear, background: 0)
    }
    let nearest = medianSeconds(iterations) {
        RotatedBlit.draw(canvas, into: &frame, map: map, filter: .nearest, background: 0)
    }
    let pixman = pixmanRotate(canvas, into: &copy, degrees: 37, iterations: max(1, iterations / 4))
    func us(_ s: Double) -> String { pad(formatFixed(s * 1e6, digits: 0) + " µs", 9) }
    func ratio(_ r: Double) -> String { pad(formatFixed(r, digits: 1) + "x", 9) }
    print(
        pad("\(w)x\(h)", 11) + pad(label, 8) + us(memcpyTime) + us(limit) + us(bilinear) + ratio(bilinear / memcpyTime)
            + ratio(bilinear / limit) + us(bilinear565) + ratio(bilinear565 / memcpyTime) + us(before)
            + pad(formatFixed(before / bilinear, digits: 1) + "x", 12)
            + us(nearest)
            + us(pixman) + formatFixed(pixman / bilinear, digits: 1) + "x"
    )
}

private func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }

/// The median over 7 rounds of the CPU time per call of `body`, each round `iterations` calls. CPU time of this
/// thread, not wall time: the machines these run on are shared, and a descheduled round would count the wait.
func medianSeconds(_ iterations: Int, _ body: () -> Void) -> Double {
    var rounds: [Double] = []
    body()  // warm-up: caches, page faults of a fresh buffer
    for _ in 0..<7 {
        let start = threadCPUNanoseconds()
        for _ in 0..<iterations { body() }
        rounds.append(Double(threadCPUNanoseconds() - start) / 1e9 / Double(iterations))
    }
    return rounds.sorted()[3]
}

/// CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID), in nanoseconds.
func threadCPUNanoseconds() -> Int64 {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_nsec)
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

/// `picture` with each pixel its nearest RGB565 colour, as the map's mosaic keeps its tiles.
func rgb565(_ picture: FrameBuffer) -> RGB565Image {
    var image = RGB565Image(width: picture.width, height: picture.height)
    for i in picture.pixels.indices { image.pixels[i] = RGB565.nearest(picture.pixels[i]) }
    return image
}
