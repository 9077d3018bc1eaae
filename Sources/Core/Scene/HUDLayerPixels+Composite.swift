extension HUDLayerPixels {
    /// `d' = d·k/255 + c` per channel (`HUDLayerCache.blend`) for every pixel the spans hold, the layer's
    /// rectangle at `origin` in `frame`; pixels no span holds let the frame through unchanged.
    func composite(into frame: inout FrameBuffer, x originX: Int, y originY: Int) {
        let w = frame.width
        colours.withUnsafeBufferPointer { colours in
            greys.withUnsafeBufferPointer { greys in
                transmissions.withUnsafeBufferPointer { transmissions in
                    frame.pixels.withUnsafeMutableBufferPointer { pixels in
                        for span in spans {
                            let start = (originY + Int(span.y)) * w + originX + Int(span.x)
                            let target = UnsafeMutableBufferPointer(
                                rebasing: pixels[start..<(start + Int(span.count))])
                            switch span.kind {
                            case .uniform:
                                Self.composite(uniform: span.k, span.c, into: target)
                            case .greys:
                                Self.composite(
                                    greys: UnsafeBufferPointer(rebasing: greys[Int(span.k)...]),
                                    colours: UnsafeBufferPointer(rebasing: colours[Int(span.c)...]), into: target)
                            case .mixed:
                                for i in 0..<target.count {
                                    target[i] = HUDLayerCache.blend(
                                        target[i], transmissions[Int(span.k) + i], colours[Int(span.c) + i])
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// One colour and transmission over `target`: stored where nothing shows through (a panel's opaque parts),
    /// four pixels at a time where the channels let the same amount through.
    @inline(__always)
    private static func composite(uniform k: UInt32, _ c: UInt32, into target: UnsafeMutableBufferPointer<UInt32>) {
        if k == 0 {
            target.update(repeating: c)
            return
        }
        let grey = k & 0xff
        guard k == grey &* 0x01_0101 else {
            for i in 0..<target.count { target[i] = HUDLayerCache.blend(target[i], k, c) }
            return
        }
        let k8 = lanes(SIMD4(repeating: grey | grey &<< 16))
        let c4 = SIMD4<UInt32>(repeating: c)
        var x = 0
        while x &+ 4 <= target.count {
            let at = UnsafeMutableRawPointer(target.baseAddress! + x)
            at.storeBytes(of: blend4(at.loadUnaligned(as: SIMD4<UInt32>.self), k8, c4), as: SIMD4<UInt32>.self)
            x &+= 4
        }
        while x < target.count {
            target[x] = HUDLayerCache.blend(target[x], k, c)
            x &+= 1
        }
    }

    /// Pixel by pixel over `target`, each letting `greys[i]` of 255 through in every channel: four at a time.
    @inline(__always)
    private static func composite(
        greys: UnsafeBufferPointer<UInt8>, colours: UnsafeBufferPointer<UInt32>,
        into target: UnsafeMutableBufferPointer<UInt32>
    ) {
        var x = 0
        while x &+ 4 <= target.count {
            let grey = SIMD4<UInt32>(
                truncatingIfNeeded: UnsafeRawPointer(greys.baseAddress! + x).loadUnaligned(as: SIMD4<UInt8>.self))
            let c4 = UnsafeRawPointer(colours.baseAddress! + x).loadUnaligned(as: SIMD4<UInt32>.self)
            let at = UnsafeMutableRawPointer(target.baseAddress! + x)
            let d4 = at.loadUnaligned(as: SIMD4<UInt32>.self)
            at.storeBytes(of: blend4(d4, lanes(grey | grey &<< 16), c4), as: SIMD4<UInt32>.self)
            x &+= 4
        }
        while x < target.count {
            target[x] = HUDLayerCache.blend(target[x], UInt32(greys[x]) &* 0x01_0101, colours[x])
            x &+= 1
        }
    }

    /// `HUDLayerCache.blend` of four pixels whose channels let the same amount through: red and blue, and
    /// green, as 16-bit lanes (255 · 255 + 128 fits, so lanes never carry into each other).
    @inline(__always)
    private static func blend4(_ d4: SIMD4<UInt32>, _ k8: SIMD8<UInt16>, _ c4: SIMD4<UInt32>) -> SIMD4<UInt32> {
        var rb = lanes(d4 & 0x00ff_00ff) &* k8 &+ 0x80
        rb = (rb &+ (rb &>> 8)) &>> 8
        var g = lanes((d4 &>> 8) & 0xff) &* k8 &+ 0x80
        g = (g &+ (g &>> 8)) &>> 8
        return (pixels4(rb) | pixels4(g) &<< 8) &+ c4
    }

    @inline(__always)
    private static func lanes(_ x: SIMD4<UInt32>) -> SIMD8<UInt16> { unsafeBitCast(x, to: SIMD8<UInt16>.self) }
    @inline(__always)
    private static func pixels4(_ x: SIMD8<UInt16>) -> SIMD4<UInt32> { unsafeBitCast(x, to: SIMD4<UInt32>.self) }
}
