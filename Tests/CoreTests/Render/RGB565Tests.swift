import Testing

@testable import Core

/// RGB565 packing and widening, the form the map's mosaic is kept in.
struct RGB565Tests {
    @Test func everyPackedValueWidensAndPacksBackToItself() {
        for value in 0...UInt16.max {
            #expect(RGB565.pack(RGB565.expand(value)) == value)
        }
    }

    @Test func theNearestOfAWidenedValueIsItself() {
        for value in 0...UInt16.max {
            #expect(RGB565.nearest(RGB565.expand(value)) == value)
        }
    }

    @Test func theNearestIsNearestInEveryChannel() {
        // Brute force over every level of a channel: no other value widens closer.
        for level: UInt32 in 0...255 {
            let grey = level << 16 | level << 8 | level
            let got = RGB565.expand(RGB565.nearest(grey))
            for (shift, bits) in [(UInt32(16), 5), (8, 6), (0, 5)] {
                let mine = abs(Int((got >> shift) & 0xff) - Int(level))
                let best = (0..<(1 << bits)).map { k -> Int in
                    let packed = UInt16(k) << (shift == 16 ? 11 : shift == 8 ? 5 : 0)
                    return abs(Int((RGB565.expand(packed) >> shift) & 0xff) - Int(level))
                }.min()!
                #expect(mine == best, "level \(level), channel at bit \(shift)")
            }
        }
    }

    @Test func widensByRepeatingEachChannelsTopBits() {
        #expect(RGB565.expand(0x0000) == 0x0000_0000)
        #expect(RGB565.expand(0xffff) == 0x00ff_ffff)
        #expect(RGB565.expand(0xf800) == 0x00ff_0000)
        #expect(RGB565.expand(0x07e0) == 0x0000_ff00)
        #expect(RGB565.expand(0x001f) == 0x0000_00ff)
        // Red 0b10000, green 0b100000, blue 0b00001.
        #expect(RGB565.expand(0b10000_100000_00001) == 0x0084_8208)
    }

    @Test(arguments: [
        (UInt32(0x00ff_ffff), UInt16(0xffff)), (0x0000_0000, 0x0000), (0x00ff_0000, 0xf800), (0x0000_ff00, 0x07e0),
        (0x0000_00ff, 0x001f), (0xff12_3456, 0x11aa), (0x0007_0307, 0x0000),
    ])
    func packsTheTopBitsOfEachChannelAndIgnoresTheUnusedByte(_ c: (UInt32, UInt16)) {
        #expect(RGB565.pack(c.0) == c.1)
    }

    @Test func fourAtOnceWidenAsOneAtATime() {
        var value: UInt32 = 1
        for _ in 0..<5000 {
            value = value &* 1_103_515_245 &+ 12345
            let four = SIMD4<UInt32>(value & 0xffff, value >> 16, (value >> 5) & 0xffff, (value >> 11) & 0xffff)
            let wide = RGB565.expand(four)
            for k in 0..<4 { #expect(wide[k] == RGB565.expand(UInt16(four[k]))) }
        }
    }
}
