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
        walk(u: u, v: v, du: du, dv: dv, into: out, count: count) { u, v in
            // The four blocks' top-left corners; each block is two 8-byte loads (a, b) and (c, d).
            let at = blocks(u: u, v: v, du: du, dv: dv, stride: stride)
            let (p0, p1, p2, p3) = (raw + at.0 &* 4, raw + at.1 &* 4, raw + at.2 &* 4, raw + at.3 &* 4)
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
            let (ax, ay) = fractions(u: u, v: v, du: du, dv: dv)
            return blend(a, b, c, d, ax: ax, ay: ay)
        } one: { u, v in
            let p = raw + ((v &>> 16) &* stride &+ (u &>> 16)) &* 4
            let (a, c) = (pair(p), pair(p + below))
            return blendOne(a[0], a[1], c[0], c[1], u: u, v: v)
        }
    }

    /// Bilinear from RGB565 (the map's mosaic): each pixel of the 2×2 block widened as `RGB565.expand` widens it
    /// and blended exactly as `bilinearRun` blends, four at a time (`blend565`). A block's top and bottom pairs
    /// are one 4-byte load each. Four blocks that are each one colour are compared packed and need no blend; they
    /// are widened only when they differ from the last four such, since a map's flat areas repeat them group after
    /// group.
    @inline(__always)
    static func bilinearRun565(
        _ source: UnsafePointer<UInt16>, stride: Int, u: Int, v: Int, du: Int, dv: Int,
        into out: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        let raw = UnsafeRawPointer(source)
        let below = stride &* 2  // bytes from a block's top pair to its bottom pair
        let low = SIMD4<UInt32>(repeating: 0xffff)
        // The last four flat blocks, packed and widened.
        var flat = (packed: SIMD4<UInt32>(repeating: 0), wide: SIMD4<UInt32>(repeating: 0))
        walk(u: u, v: v, du: du, dv: dv, into: out, count: count) { u, v in
            let at = blocks(u: u, v: v, du: du, dv: dv, stride: stride)
            let (p0, p1, p2, p3) = (raw + at.0 &* 2, raw + at.1 &* 2, raw + at.2 &* 2, raw + at.3 &* 2)
            // Each lane holds a pair: its left pixel in the low 16 bits, its right one in the high 16.
            let top = SIMD4<UInt32>(pair565(p0), pair565(p1), pair565(p2), pair565(p3))
            let bottom = SIMD4<UInt32>(
                pair565(p0 + below), pair565(p1 + below), pair565(p2 + below), pair565(p3 + below))
            let a = top & low
            if all((top .== bottom) .& (a .== top &>> 16)) {
                if any(a .!= flat.packed) { flat = (a, RGB565.expand(a)) }
                return flat.wide
            }
            let (ax, ay) = fractions(u: u, v: v, du: du, dv: dv)
            return blend565(top: top, bottom: bottom, ax: ax, ay: ay)
        } one: { u, v in
            let p = raw + ((v &>> 16) &* stride &+ (u &>> 16)) &* 2
            let (top, bottom) = (pair565(p), pair565(p + below))
            return blendOne(
                RGB565.expand(UInt16(truncatingIfNeeded: top)), RGB565.expand(UInt16(truncatingIfNeeded: top >> 16)),
                RGB565.expand(UInt16(truncatingIfNeeded: bottom)),
                RGB565.expand(UInt16(truncatingIfNeeded: bottom >> 16)), u: u, v: v)
        }
    }

    /// The walk both bilinear kernels share: `four` gives the pixels sampled from 16.16 position (`u`, `v`) and the
    /// next three steps, `one` the pixel sampled there alone, for the last one to three pixels of the run.
    @inline(__always)
    static func walk(
        u: Int, v: Int, du: Int, dv: Int, into out: UnsafeMutablePointer<UInt32>, count: Int,
        four: (_ u: Int, _ v: Int) -> SIMD4<UInt32>, one: (_ u: Int, _ v: Int) -> UInt32
    ) {
        let outBytes = UnsafeMutableRawPointer(out)
        var u = u
        var v = v
        var i = 0
        while i &+ 4 <= count {
            outBytes.storeBytes(of: four(u, v), toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
            u &+= 4 &* du
            v &+= 4 &* dv
            i &+= 4
        }
        while i < count {
            out[i] = one(u, v)
            u &+= du
            v &+= dv
            i &+= 1
        }
    }

    /// One bilinear blend of `a`, `b` over `c`, `d` (XRGB8888) at 16.16 position (`u`, `v`), as `blend` does four.
    @inline(__always)
    static func blendOne(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, u: Int, v: Int) -> UInt32 {
        blend(
            SIMD4(repeating: a), SIMD4(repeating: b), SIMD4(repeating: c), SIMD4(repeating: d),
            ax: SIMD4(repeating: UInt32(truncatingIfNeeded: (u &>> 8) & 0xff)),
            ay: SIMD4(repeating: UInt32(truncatingIfNeeded: (v &>> 8) & 0xff)))[0]
    }

    /// The pixel indices of the top-left corners of the four blocks sampled from 16.16 position (`u`, `v`) on.
    @inline(__always)
    static func blocks(u: Int, v: Int, du: Int, dv: Int, stride: Int) -> (Int, Int, Int, Int) {
        (
            (v &>> 16) &* stride &+ (u &>> 16), ((v &+ dv) &>> 16) &* stride &+ ((u &+ du) &>> 16),
            ((v &+ 2 &* dv) &>> 16) &* stride &+ ((u &+ 2 &* du) &>> 16),
            ((v &+ 3 &* dv) &>> 16) &* stride &+ ((u &+ 3 &* du) &>> 16)
        )
    }

    /// The 8-bit fractions of the four samples from 16.16 position (`u`, `v`) on, stepped by (`du`, `dv`). Bits
    /// 8...15 of a position are its fraction; only the low 16 bits matter, so 32-bit lanes cannot overflow into
    /// them.
    @inline(__always)
    static func fractions(u: Int, v: Int, du: Int, dv: Int) -> (ax: SIMD4<UInt32>, ay: SIMD4<UInt32>) {
        let steps = SIMD4<Int32>(0, 1, 2, 3)
        let u4 = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: u)) &+ steps &* Int32(truncatingIfNeeded: du)
        let v4 = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: v)) &+ steps &* Int32(truncatingIfNeeded: dv)
        return (SIMD4(truncatingIfNeeded: (u4 &>> 8) & 0xff), SIMD4(truncatingIfNeeded: (v4 &>> 8) & 0xff))
    }

    /// Two neighbouring RGB565 pixels of a row as one word, the left one in the low 16 bits.
    @inline(__always)
    static func pair565(_ p: UnsafeRawPointer) -> UInt32 {
        let word = p.loadUnaligned(as: UInt32.self)
        // In memory the left pixel comes first: a little-endian load puts it in the low half, a big-endian one in
        // the high half.
        #if _endian(big)
            return word << 16 | word >> 16
        #else
            return word
        #endif
    }

    /// Two neighbouring pixels of a row, left one first.
    @inline(__always)
    static func pair(_ p: UnsafeRawPointer) -> SIMD2<UInt32> { p.loadUnaligned(as: SIMD2<UInt32>.self) }

    /// Four bilinear blends of RGB565 pairs at once, exactly as `blend` blends them widened: pixel k blends the
    /// pair `top[k]` (left in the low 16 bits, right in the high) over the pair `bottom[k]`.
    ///
    /// Each channel is widened in place in the pairs' 16-bit lanes, eight pixels to an operation, and multiplied
    /// there by its weight (256 − ax on the left pixel, ax on the right; 255 · 256 fits in 16 bits); the two
    /// products of a pair then add in the 32-bit lane that holds them. Against widening the four pixels to
    /// XRGB8888 and splitting each into `blend`'s lanes: 20 % fewer instructions where every pixel differs, 15 %
    /// on a map (`Benchmarks composite-count`, 800×480).
    @inline(__always)
    static func blend565(
        top: SIMD4<UInt32>, bottom: SIMD4<UInt32>, ax: SIMD4<UInt32>, ay: SIMD4<UInt32>
    ) -> SIMD4<UInt32> {
        @inline(__always) func lanes(_ x: SIMD4<UInt32>) -> SIMD8<UInt16> { unsafeBitCast(x, to: SIMD8<UInt16>.self) }
        @inline(__always) func pixels(_ x: SIMD8<UInt16>) -> SIMD4<UInt32> { unsafeBitCast(x, to: SIMD4<UInt32>.self) }
        // 256 − ax for each pair's left pixel, ax for its right.
        let wx = lanes((256 &- ax) | ax &<< 16)
        /// One channel of each pair, blended left to right: 0...255 in each pixel's 32-bit lane.
        @inline(__always) func across(_ channel: SIMD8<UInt16>) -> SIMD4<UInt32> {
            let products = pixels(channel &* wx)
            return ((products & 0xffff) &+ (products &>> 16)) &>> 8
        }
        /// The three channels of each pair, widened to 8 bits as `RGB565.expand` widens them, blended left to right.
        @inline(__always) func row(_ pairs: SIMD4<UInt32>) -> (r: SIMD4<UInt32>, g: SIMD4<UInt32>, b: SIMD4<UInt32>) {
            let p = lanes(pairs)
            let r = p &>> 11
            let g = (p &>> 5) & 63
            let b = p & 31
            return (across(r &<< 3 | r &>> 2), across(g &<< 2 | g &>> 4), across(b &<< 3 | b &>> 2))
        }
        let (t, d) = (row(top), row(bottom))
        // Top over bottom as `blend` does it: red and blue in the two 16-bit halves of a lane, green alone.
        let wy = lanes(ay | ay &<< 16)
        let iwy = 256 &- wy
        let rb = (lanes(t.r &<< 16 | t.b) &* iwy &+ lanes(d.r &<< 16 | d.b) &* wy) &>> 8
        let g = (lanes(t.g) &* iwy &+ lanes(d.g) &* wy) &>> 8
        return pixels(rb) | pixels(g) &<< 8
    }

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
}
