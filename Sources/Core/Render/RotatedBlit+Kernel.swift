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
        into out: UnsafeMutablePointer<UInt32>, count: Int, fitsLanes: Bool
    ) {
        let raw = UnsafeRawPointer(source)
        let below = stride &* 4  // bytes from a block's top pair to its bottom pair
        let steps = SIMD4<UInt32>(0, 1, 2, 3)
        let outBytes = UnsafeMutableRawPointer(out)
        var u = u
        var v = v
        var i = 0
        // The four pixels' 16.16 positions in 32-bit lanes, stepped together: they give both the four source
        // addresses (integer parts) and the weights (bits 8...15). Exact while every sample of the run is inside a
        // source whose sides and pixel count fit 31 bits (`fitsLanes`); the lanes past the run's end may wrap,
        // but they are never read.
        if fitsLanes {
            var u4 = SIMD4<UInt32>(repeating: UInt32(truncatingIfNeeded: u)) &+ steps &* UInt32(truncatingIfNeeded: du)
            var v4 = SIMD4<UInt32>(repeating: UInt32(truncatingIfNeeded: v)) &+ steps &* UInt32(truncatingIfNeeded: dv)
            let u4Step = SIMD4<UInt32>(repeating: UInt32(truncatingIfNeeded: 4 &* du))
            let v4Step = SIMD4<UInt32>(repeating: UInt32(truncatingIfNeeded: 4 &* dv))
            // Both factors below 2^15 (and masked so, which lets the compiler use 16-bit multiplies); the byte
            // offset of a pixel is below 4 · 2^30.
            let stride4 = SIMD4<UInt32>(repeating: UInt32(truncatingIfNeeded: stride) & 0x7fff)
            while i &+ 4 <= count {
                let offset = (((v4 &>> 16) & 0x7fff) &* stride4 &+ (u4 &>> 16)) &<< 2
                let result = blendFour(
                    raw + Int(offset[0]), raw + Int(offset[1]), raw + Int(offset[2]), raw + Int(offset[3]),
                    below: below, u4: u4, v4: v4)
                outBytes.storeBytes(of: result, toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                u4 &+= u4Step
                v4 &+= v4Step
                i &+= 4
            }
            u &+= i &* du
            v &+= i &* dv
        } else {
            let uSteps = steps &* UInt32(truncatingIfNeeded: du)
            let vSteps = steps &* UInt32(truncatingIfNeeded: dv)
            while i &+ 4 <= count {
                let p0 = raw + ((v &>> 16) &* stride &+ (u &>> 16)) &* 4
                let p1 = raw + (((v &+ dv) &>> 16) &* stride &+ ((u &+ du) &>> 16)) &* 4
                let p2 = raw + (((v &+ 2 &* dv) &>> 16) &* stride &+ ((u &+ 2 &* du) &>> 16)) &* 4
                let p3 = raw + (((v &+ 3 &* dv) &>> 16) &* stride &+ ((u &+ 3 &* du) &>> 16)) &* 4
                // Only the low 16 bits of each position matter for the weights, so truncated lanes serve.
                let u4 = SIMD4<UInt32>(repeating: UInt32(truncatingIfNeeded: u)) &+ uSteps
                let v4 = SIMD4<UInt32>(repeating: UInt32(truncatingIfNeeded: v)) &+ vSteps
                let result = blendFour(p0, p1, p2, p3, below: below, u4: u4, v4: v4)
                outBytes.storeBytes(of: result, toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                u &+= 4 &* du
                v &+= 4 &* dv
                i &+= 4
            }
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

    /// Four destination pixels from the 2×2 blocks whose top-left corners are at `p0`...`p3` (the bottom pair
    /// `below` bytes further), with the weights in bits 8...15 of the 16.16 positions `u4`, `v4`. Blocks that are
    /// all one colour (most of a map) are stored without arithmetic.
    @inline(__always)
    static func blendFour(
        _ p0: UnsafeRawPointer, _ p1: UnsafeRawPointer, _ p2: UnsafeRawPointer, _ p3: UnsafeRawPointer, below: Int,
        u4: SIMD4<UInt32>, v4: SIMD4<UInt32>
    ) -> SIMD4<UInt32> {
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
        if all((a .== b) .& (a .== c) .& (a .== d)) { return a }
        return blend(a, b, c, d, ax: (u4 &>> 8) & 0xff, ay: (v4 &>> 8) & 0xff)
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
