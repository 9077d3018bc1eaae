import Simulation
import Testing

@testable import Core

@Suite("Rotated blit")
struct RotatedBlitTests {
    /// A source with a distinct value per pixel.
    func gradient(_ w: Int, _ h: Int) -> FrameBuffer {
        var f = FrameBuffer(width: w, height: h)
        for y in 0..<h { for x in 0..<w { f[x, y] = UInt32(x & 0xff) << 16 | UInt32(y & 0xff) << 8 | 0x40 } }
        return f
    }

    @Test("Turning by 0° at scale 1 copies the source exactly, with either filter")
    func identity() {
        let src = gradient(64, 48)
        for filter in [RotatedBlit.Filter.bilinear, .nearest] {
            var dst = FrameBuffer(width: 64, height: 48)
            let map = AffineMap.rotation(
                degrees: 0, sourceCenter: Point(x: 32, y: 24), destinationCenter: Point(x: 32, y: 24))
            RotatedBlit.draw(src, into: &dst, map: map, filter: filter, background: 0xff0000)
            // Bilinear never reads past the last row/column, so those show the background.
            let inner = (0..<47).allSatisfy { y in (0..<63).allSatisfy { x in dst[x, y] == src[x, y] } }
            #expect(inner)
        }
    }

    @Test(
        "Turning by 90° clockwise moves the source's top edge to the right edge",
        arguments: [RotatedBlit.Filter.bilinear, .nearest])
    func quarterTurn(_ filter: RotatedBlit.Filter) {
        let src = gradient(41, 41)
        var dst = FrameBuffer(width: 41, height: 41)
        let c = Point(x: 20.5, y: 20.5)
        RotatedBlit.draw(
            src, into: &dst, map: .rotation(degrees: 90, sourceCenter: c, destinationCenter: c), filter: filter,
            background: 0)
        // Source (x, y=2) lands at destination (38, x) after a clockwise quarter turn.
        for x in 5..<35 { #expect(dst[38, x] == src[x, 2], "x \(x)") }
    }

    @Test("Pixels that map outside the source get the background and nothing is read out of bounds")
    func outside() {
        let src = gradient(20, 20)
        var dst = FrameBuffer(width: 100, height: 100)
        RotatedBlit.draw(
            src, into: &dst,
            map: .rotation(degrees: 33, sourceCenter: Point(x: 10, y: 10), destinationCenter: Point(x: 50, y: 50)),
            background: 0xabcdef)
        #expect(dst[0, 0] == 0xabcdef && dst[99, 99] == 0xabcdef)
        #expect(dst[50, 50] != 0xabcdef)
    }
}

@Suite("Rotated blit against the scalar reference")
struct RotatedBlitReferenceTests {
    /// The largest difference in red, green or blue between two pixels (the unused byte ignored).
    func channelDifference(_ p: UInt32, _ q: UInt32) -> Int {
        [0, 8, 16].map { abs(Int((p >> UInt32($0)) & 0xff) - Int((q >> UInt32($0)) & 0xff)) }.max() ?? 0
    }

    /// A map-like canvas from the project's own rasteriser: flat areas, anti-aliased roads and blocks.
    func mapCanvas(_ side: Int) -> FrameBuffer {
        let canvas = Canvas(width: side, height: side, background: Color(hex: 0xf2efe9))
        let s = Double(side)
        canvas.fill(
            Path.roundedRect(Rect(x: s * 0.1, y: s * 0.15, width: s * 0.3, height: s * 0.2), radius: 6),
            Color(hex: 0xd9d0c9))
        canvas.stroke(
            [Point(x: 0, y: s * 0.6), Point(x: s * 0.5, y: s * 0.55), Point(x: s, y: s * 0.9)], width: 9,
            Color(hex: 0xfcd6a4))
        canvas.stroke([Point(x: s * 0.7, y: 0), Point(x: s * 0.62, y: s)], width: 5, Color(hex: 0xffffff))
        canvas.fillCircle(center: Point(x: s * 0.3, y: s * 0.8), radius: s * 0.08, Color(hex: 0xaad3df))
        return canvas.frame
    }

    /// Every pixel different: the worst case for the flat-block shortcut.
    func noiseCanvas(_ side: Int) -> FrameBuffer {
        var f = FrameBuffer(width: side, height: side)
        var state: UInt64 = 0x9e37_79b9_7f4a_7c15
        for i in f.pixels.indices {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            f.pixels[i] = UInt32(truncatingIfNeeded: state >> 33) & 0xff_ffff
        }
        return f
    }

    @Test(
        "The tiled SIMD composite matches the scalar reference wherever both sample the same position",
        arguments: [
            (degrees: 37.0, scale: 1.0), (degrees: 0.0, scale: 1.0), (degrees: 90.0, scale: 1.0),
            (degrees: 181.3, scale: 1.41), (degrees: -45.0, scale: 0.707), (degrees: 271.9, scale: 2.5),
            (degrees: 12.5, scale: 1.0 / 3),
        ])
    func matchesReference(_ c: (degrees: Double, scale: Double)) throws {
        // Odd frame sizes leave runs that are not a multiple of four or of a tile.
        let (w, h) = (203, 131)
        for source in [mapCanvas(251), noiseCanvas(251)] {
            let map = AffineMap.rotation(
                degrees: c.degrees, scale: c.scale, sourceCenter: Point(x: 125.5, y: 125.5),
                destinationCenter: Point(x: 101.5, y: 80))
            // The reference rounds each row's start from the map; ours walks one 16.16 lattice (rows a whole step
            // apart, so a frame can be shifted and drawn in parts), which can put a sample up to half a 65536th
            // of a pixel a row away (0.004 px at row 480). Where the two samples then fall in different 256ths
            // of a pixel they are compared by where they sample, not by value: on noise that can be another pixel.
            let lattice = try #require(FixedAffineMap(map))
            var movedFarther = 0
            for filter in [RotatedBlit.Filter.bilinear, .nearest] {
                var ours = FrameBuffer(width: w, height: h)
                var reference = FrameBuffer(width: w, height: h)
                RotatedBlit.draw(source, into: &ours, map: map, filter: filter, background: 0x123456)
                RotatedBlitBefore.draw(source, into: &reference, map: map, filter: filter, background: 0x123456)
                var worst = 0
                for y in 0..<h {
                    let rowU = FixedAffineMap.fixed(map.origin.x + Double(y) * map.yStep.x)
                    let rowV = FixedAffineMap.fixed(map.origin.y + Double(y) * map.yStep.y)
                    let (u0, v0) = (lattice.u + y * lattice.duRow, lattice.v + y * lattice.dvRow)
                    #expect(abs(u0 - rowU) <= y + 1 && abs(v0 - rowV) <= y + 1, "row \(y) start")
                    for x in 0..<w {
                        let (u, v) = (u0 + x * lattice.du, v0 + x * lattice.dv)
                        let (ru, rv) = (rowU + x * lattice.du, rowV + x * lattice.dv)
                        guard u >> 8 == ru >> 8, v >> 8 == rv >> 8 else {
                            if abs(u >> 8 - ru >> 8) > 1 || abs(v >> 8 - rv >> 8) > 1 { movedFarther += 1 }
                            continue
                        }
                        worst = max(worst, channelDifference(ours[x, y], reference[x, y]))
                    }
                }
                #expect(worst <= 1, "\(filter) at \(c.degrees)°")
                // Background where the reference has it, but where a sample sits on the source's very edge.
                let coverage = zip(ours.pixels, reference.pixels).filter { p, q in
                    (p == 0x123456) != (q == 0x123456)
                }
                #expect(coverage.count <= h, "\(filter) at \(c.degrees)°: \(coverage.count) pixels")
            }
            // A sample that moved crossed into the next 256th of a pixel, no farther.
            #expect(movedFarther == 0, "\(movedFarther) samples moved more than a 256th of a pixel")
        }
    }

    @Test("A map far outside the canvas, or not finite, gives the background and no trap")
    func wildMaps() {
        let source = noiseCanvas(16)
        let maps = [
            AffineMap(origin: Point(x: 1e300, y: -1e300), xStep: Point(x: 1, y: 0), yStep: Point(x: 0, y: 1)),
            AffineMap(origin: Point(x: .nan, y: 0), xStep: Point(x: .infinity, y: 0), yStep: Point(x: 0, y: 1)),
            AffineMap(origin: Point(x: 4, y: 4), xStep: Point(x: 1e12, y: -1e12), yStep: Point(x: 0, y: 1e15)),
        ]
        for map in maps {
            var frame = FrameBuffer(width: 40, height: 30)
            RotatedBlit.draw(source, into: &frame, map: map, background: 0xabcdef)
            #expect(frame.pixels.filter { $0 != 0xabcdef }.count <= 1)
        }
    }

    @Test("A source too small to blend (one pixel wide) gives the background with the bilinear filter")
    func tinySource() {
        let source = FrameBuffer(width: 1, height: 5, fill: 0xff0000)
        var frame = FrameBuffer(width: 8, height: 8)
        RotatedBlit.draw(
            source, into: &frame,
            map: .rotation(degrees: 10, sourceCenter: Point(x: 0.5, y: 2.5), destinationCenter: Point(x: 4, y: 4)),
            background: 0x00ff00)
        #expect(frame.pixels.allSatisfy { $0 == 0x00ff00 })
    }
}
