import Core

/// The rotated composite as it was before the tiled SIMD kernel (commit cc603d7), kept verbatim: the benchmark shows
/// both in one run, and the tests compare the new one with it. Whole rows, one scalar blend per channel pair.
public enum RotatedBlitBefore {
    public typealias Filter = RotatedBlit.Filter

    public static func draw(
        _ source: FrameBuffer, into destination: inout FrameBuffer, map: AffineMap, filter: Filter = .bilinear,
        background: UInt32
    ) {
        let sw = source.width
        let sh = source.height
        let dw = destination.width
        let fx = Int64((map.xStep.x * 65536).rounded())
        let fy = Int64((map.xStep.y * 65536).rounded())
        // Bilinear reads (x+1, y+1): the last row and column are only reached as the "+1" neighbour.
        let maxU = Int64(filter == .bilinear ? sw - 1 : sw) << 16
        let maxV = Int64(filter == .bilinear ? sh - 1 : sh) << 16
        source.pixels.withUnsafeBufferPointer { src in
            destination.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<destination.height {
                    let rowU = map.origin.x + Double(y) * map.yStep.x
                    let rowV = map.origin.y + Double(y) * map.yStep.y
                    let u0 = Int64((rowU * 65536).rounded())
                    let v0 = Int64((rowV * 65536).rounded())
                    let (first, last) = span(u0, fx, maxU, v0, fy, maxV, width: dw)
                    let out = y * dw
                    if first > 0 { (dst.baseAddress! + out).update(repeating: background, count: min(first, dw)) }
                    if last < dw - 1 {
                        let from = max(last + 1, 0)
                        (dst.baseAddress! + out + from).update(repeating: background, count: dw - from)
                    }
                    guard first <= last else { continue }
                    var u = u0 + Int64(first) * fx
                    var v = v0 + Int64(first) * fy
                    switch filter {
                    case .nearest:
                        for x in first...last {
                            dst[out + x] = src[Int(v >> 16) * sw + Int(u >> 16)]
                            u += fx
                            v += fy
                        }
                    case .bilinear:
                        for x in first...last {
                            let sx = Int(u >> 16)
                            let sy = Int(v >> 16)
                            let ax = UInt32((u >> 8) & 0xff)
                            let ay = UInt32((v >> 8) & 0xff)
                            let i = sy * sw + sx
                            let top = mix(src[i], src[i + 1], ax)
                            let bottom = mix(src[i + sw], src[i + sw + 1], ax)
                            dst[out + x] = mix(top, bottom, ay)
                            u += fx
                            v += fy
                        }
                    }
                }
            }
        }
    }

    /// The first and last x whose sample lies in [0, maxU) × [0, maxV); first > last when none does.
    static func span(_ u0: Int64, _ du: Int64, _ maxU: Int64, _ v0: Int64, _ dv: Int64, _ maxV: Int64, width: Int) -> (
        Int, Int
    ) {
        var lo = 0.0
        var hi = Double(width - 1)
        for (p0, dp, maxP) in [(u0, du, maxU), (v0, dv, maxV)] {
            if dp == 0 {
                if p0 < 0 || p0 >= maxP { return (1, 0) }
                continue
            }
            // Solve 0 <= p0 + x·dp <= maxP - 1 for x.
            let a = Double(-p0) / Double(dp)
            let b = Double(maxP - 1 - p0) / Double(dp)
            lo = max(lo, min(a, b))
            hi = min(hi, max(a, b))
        }
        var first = Int(lo.rounded(.up))
        var last = Int(hi.rounded(.down))
        // Floating-point edges: step inwards until the fixed-point sample really is inside.
        func inside(_ x: Int) -> Bool {
            let u = u0 + Int64(x) * du
            let v = v0 + Int64(x) * dv
            return u >= 0 && u < maxU && v >= 0 && v < maxV
        }
        while first <= last && !inside(first) { first += 1 }
        while last >= first && !inside(last) { last -= 1 }
        return (first, last)
    }

    /// `a` and `b` blended with weight `t`/256 on `b`, per channel.
    @inline(__always)
    static func mix(_ a: UInt32, _ b: UInt32, _ t: UInt32) -> UInt32 {
        // Maps are mostly flat areas: equal neighbours need no arithmetic.
        if a == b { return a }
        let it = 256 - t
        let rb = (((a & 0xff00ff) &* it &+ (b & 0xff00ff) &* t) >> 8) & 0xff00ff
        let g = (((a & 0x00ff00) &* it &+ (b & 0x00ff00) &* t) >> 8) & 0x00ff00
        return rb | g
    }
}
