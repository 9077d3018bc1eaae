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
