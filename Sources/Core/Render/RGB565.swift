/// 16-bit colour: red in the top 5 bits, green in the middle 6, blue in the low 5. The map's mosaic is kept in it
/// (half the bytes of XRGB8888), and so is what a 16-bit panel scans out.
public enum RGB565 {
    /// XRGB8888 to RGB565 by truncation: what a 16-bit panel shows of the colour (`ScanoutCopy`). A colour packed
    /// here and widened by `expand` is packed again to the same value.
    @inline(__always)
    public static func pack(_ p: UInt32) -> UInt16 {
        UInt16(truncatingIfNeeded: ((p >> 8) & 0xf800) | ((p >> 5) & 0x07e0) | ((p >> 3) & 0x001f))
    }

    /// XRGB8888 to the RGB565 colour that `expand` widens nearest to it, channel by channel: the map's mosaic
    /// keeps its colours so (within 4 of 255 in red and blue, 2 in green, where truncation is off by up to 7).
    @inline(__always)
    public static func nearest(_ p: UInt32) -> UInt16 {
        let (r, g, b) = ((p >> 16) & 0xff, (p >> 8) & 0xff, p & 0xff)
        let (r5, g6, b5) = ((r * 31 + 127) / 255, (g * 63 + 127) / 255, (b * 31 + 127) / 255)
        return UInt16(truncatingIfNeeded: r5 << 11 | g6 << 5 | b5)
    }

    /// `p` as a picture kept in RGB565 shows it: its nearest RGB565 colour widened back.
    @inline(__always)
    public static func rounded(_ p: UInt32) -> UInt32 { expand(nearest(p)) }

    /// RGB565 to XRGB8888, each channel's bits repeated into the bits below them, so full intensity stays full
    /// (0x1f widens to 0xff, not 0xf8) and black stays black.
    @inline(__always)
    public static func expand(_ p: UInt16) -> UInt32 {
        expand(SIMD4(repeating: UInt32(p)))[0]
    }

    /// Four RGB565 pixels (in the low 16 bits of each lane) to XRGB8888 at once, as `expand` does one.
    @inline(__always)
    static func expand(_ p: SIMD4<UInt32>) -> SIMD4<UInt32> {
        // Red's five bits to bits 19...23 and blue's to 3...7, then each one's top three bits below it.
        var rb = ((p & 0xf800) &<< 8) | ((p & 0x001f) &<< 3)
        rb |= (rb &>> 5) & 0x0007_0007
        // Green's six bits to 10...15, then its top two below them.
        var g = (p & 0x07e0) &<< 5
        g |= (g &>> 6) & 0x0000_0300
        return rb | g
    }
}
