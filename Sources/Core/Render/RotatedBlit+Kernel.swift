/// The inner loops of the rotated composite: one run of destination pixels along a row, sampling the source at
/// 16.16 fixed-point positions `(u, v)` stepped by `(du, dv)`. The caller guarantees every sample is in bounds
/// (for bilinear, its right and lower neighbours too).
extension RotatedBlit {
    /// Bilinear: each pixel blends its 2×2 source block (a, b over c, d), four pixels at a time.
    ///
    /// Per channel this is exactly `mix(mix(a, b, ax), mix(c, d, ax), ay)`: the top pair, the bottom pair, then
    /// the two together, each `(p·(256 − t) + q·t) >> 8` with 8-bit fractions, so red, green and blue match the
    /// scalar blend bit for bit. Four blocks that are all one colour (most of a map) are stored without
    /// arithmetic.
    @inline(__always)
    static func bilinearRun(
        _ source: UnsafePointer<UInt32>, stride: Int, u: Int, v: Int, du: Int, dv: Int,
        into out: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        let raw = UnsafeRawPointer(source)
        let below = stride &* 4  // bytes from a block's top pair to its bottom pair
        let steps = SIMD4<Int32>(0, 1, 2, 3)
        let uSteps = steps &* Int32(truncatingIfNeeded: du)
        let vSteps = steps &* Int32(truncatingIfNeeded: dv)
        let outBytes = UnsafeMutableRawPointer(out)
        var u = u
        var v = v
        var i = 0
        while i &+ 4 <= count {
            // The four blocks' top-left corners; each block is two 8-byte loads (a, b) and (c, d).
            let p0 = raw + ((v &>> 16) &* stride &+ (u &>> 16)) &* 4
            let p1 = raw + (((v &+ dv) &>> 16) &* stride &+ ((u &+ du) &>> 16)) &* 4
            let p2 = raw + (((v &+ 2 &* dv) &>> 16) &* stride &+ ((u &+ 2 &* du) &>> 16)) &* 4
            let p3 = raw + (((v &+ 3 &* dv) &>> 16) &* stride &+ ((u &+ 3 &* du) &>> 16)) &* 4
            let top = SIMD8<UInt32>(
                lowHalf: SIMD4(lowHalf: pair(p0), highHalf: pair(p1)),
                highHalf: SIMD4(lowHalf: pair(p2), highHalf: pair(p3)))
            let bottom = SIMD8<UInt32>(
                lowHalf: SIMD4(lowHalf: pair(p0 + below), highHalf: pair(p1 + below)),
                highHalf: SIMD4(lowHalf: pair(p2 + below), highHalf: pair(p3 + below)))
            let a = top.evenHalf
            let b = top.oddHalf
            let c = bottom.evenHalf
            let d = bottom.oddHalf
            let result: SIMD4<UInt32>
            if all((a .== b) .& (a .== c) .& (a .== d)) {
                result = a
            } else {
                // 16.16 positions of the four pixels; bits 8...15 are the 8-bit fractions. Only the low 16 bits
                // matter, so 32-bit lanes cannot overflow into them.
                let u4 = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: u)) &+ uSteps
                let v4 = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: v)) &+ vSteps
                result = blend(
                    a, b, c, d, ax: SIMD4<UInt32>(truncatingIfNeeded: (u4 &>> 8) & 0xff),
                    ay: SIMD4<UInt32>(truncatingIfNeeded: (v4 &>> 8) & 0xff))
            }
            outBytes.storeBytes(of: result, toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
            u &+= 4 &* du
            v &+= 4 &* dv
            i &+= 4
        }
        // The last one to three pixels of the run, one at a time.
        while i < count {
            let p = raw + ((v &>> 16) &* stride &+ (u &>> 16)) &* 4
            let a = pair(p)
            let c = pair(p + below)
            let result = blend(
                SIMD4(repeating: a[0]), SIMD4(repeating: a[1]), SIMD4(repeating: c[0]), SIMD4(repeating: c[1]),
                ax: SIMD4(repeating: UInt32(truncatingIfNeeded: (u &>> 8) & 0xff)),
                ay: SIMD4(repeating: UInt32(truncatingIfNeeded: (v &>> 8) & 0xff)))
            out[i] = result[0]
            u &+= du
            v &+= dv
            i &+= 1
        }
    }

    /// Two neighbouring pixels of a row, left one first.
    @inline(__always)
    static func pair(_ p: UnsafeRawPointer) -> SIMD2<UInt32> { p.loadUnaligned(as: SIMD2<UInt32>.self) }

    /// Four bilinear blends at once: pixel k blends `a[k]`, `b[k]` (top, left to right) over `c[k]`, `d[k]` with
    /// 8-bit fractions `ax[k]`, `ay[k]` (0...255).
    ///
    /// XRGB8888 masked with 0x00ff00ff holds red and blue as two 16-bit lanes, and shifted right by 8 green and
    /// the unused byte, so each blend is a 16-bit multiply per channel; 255 · 256 fits in 16 bits, so no lane can
    /// carry into the next.
    @inline(__always)
    static func blend(
        _ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>, _ c: SIMD4<UInt32>, _ d: SIMD4<UInt32>, ax: SIMD4<UInt32>,
        ay: SIMD4<UInt32>
    ) -> SIMD4<UInt32> {
        let mask = SIMD4<UInt32>(repeating: 0x00ff_00ff)
        func lanes(_ x: SIMD4<UInt32>) -> SIMD8<UInt16> { unsafeBitCast(x, to: SIMD8<UInt16>.self) }
        func pixels(_ x: SIMD8<UInt16>) -> SIMD4<UInt32> { unsafeBitCast(x, to: SIMD4<UInt32>.self) }
        // Each fraction in both 16-bit halves of its pixel's lane.
        let wx = lanes(ax | ax &<< 16)
        let wy = lanes(ay | ay &<< 16)
        let iwx = 256 &- wx
        let iwy = 256 &- wy
        let topRB = (lanes(a & mask) &* iwx &+ lanes(b & mask) &* wx) &>> 8
        let topG = (lanes((a &>> 8) & mask) &* iwx &+ lanes((b &>> 8) & mask) &* wx) &>> 8
        let bottomRB = (lanes(c & mask) &* iwx &+ lanes(d & mask) &* wx) &>> 8
        let bottomG = (lanes((c &>> 8) & mask) &* iwx &+ lanes((d &>> 8) & mask) &* wx) &>> 8
        let rb = (topRB &* iwy &+ bottomRB &* wy) &>> 8
        let g = (topG &* iwy &+ bottomG &* wy) &>> 8
        return pixels(rb) | pixels(g) &<< 8
    }

    /// Nearest: each pixel is the source pixel its centre falls in.
    @inline(__always)
    static func nearestRun(
        _ source: UnsafePointer<UInt32>, stride: Int, u: Int, v: Int, du: Int, dv: Int,
        into out: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        var u = u
        var v = v
        for i in 0..<count {
            out[i] = source[(v >> 16) * stride + (u >> 16)]
            u &+= du
            v &+= dv
        }
    }
}
