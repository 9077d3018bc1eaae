extension FrameBuffer {
    /// Draws `image` with its run's origin at `origin`, turned clockwise by `rotationDegrees` about it: the halo
    /// in `halo` (none when nil), then the text in `color`, both sampled bilinearly in one pass.
    public mutating func draw(
        _ image: LabelImage, at origin: Point, _ color: Color, halo: Color?, rotationDegrees: Double
    ) {
        guard !image.isEmpty, origin.x.isFinite, origin.y.isFinite, rotationDegrees.isFinite else { return }
        let r = rotationDegrees * .pi / 180
        let c = cos(r)
        let s = sin(r)
        // The image's corners in run space (x right, y down from the baseline), turned onto the screen.
        let gx0 = Double(image.left)
        let gy0 = Double(-image.top)
        let gx1 = gx0 + Double(image.width)
        let gy1 = gy0 + Double(image.height)
        let xs = [gx0 * c - gy0 * s, gx1 * c - gy0 * s, gx0 * c - gy1 * s, gx1 * c - gy1 * s]
        let ys = [gx0 * s + gy0 * c, gx1 * s + gy0 * c, gx0 * s + gy1 * c, gx1 * s + gy1 * c]
        guard
            let minX = Int(checkedRounding: (origin.x + (xs.min() ?? 0)).rounded(.down)),
            let maxX = Int(checkedRounding: (origin.x + (xs.max() ?? 0)).rounded(.up)),
            let minY = Int(checkedRounding: (origin.y + (ys.min() ?? 0)).rounded(.down)),
            let maxY = Int(checkedRounding: (origin.y + (ys.max() ?? 0)).rounded(.up))
        else { return }
        let x0 = max(0, minX)
        let x1 = min(width - 1, maxX)
        let y0 = max(0, minY)
        let y1 = min(height - 1, maxY)
        guard x0 <= x1, y0 <= y1 else { return }
        let w = image.width
        let h = image.height
        let textAlpha = UInt32(color.a)
        let haloAlpha = UInt32(halo?.a ?? 0)
        let textRB = UInt32(color.r) << 16 | UInt32(color.b)
        let textG = UInt32(color.g)
        let ringRB = halo.map { UInt32($0.r) << 16 | UInt32($0.b) } ?? 0
        let ringG = UInt32(halo?.g ?? 0)
        let frameWidth = width
        let one = 65536.0
        let du = Int((c * one).rounded())
        let dv = Int((-s * one).rounded())
        image.coverage.withUnsafeBytes { m in
            pixels.withUnsafeMutableBufferPointer { px in
                for y in y0...y1 {
                    // Back to run space (the inverse turn) at pixel centres, stepping along the row.
                    let dy = Double(y) + 0.5 - origin.y
                    let dx = Double(x0) + 0.5 - origin.x
                    let u0 = dx * c + dy * s - gx0 - 0.5
                    let v0 = -dx * s + dy * c - gy0 - 0.5
                    // Only the stretch of the row whose samples have all four neighbours inside the image.
                    let (ku, kuEnd) = Self.steps(u0, c, 0, Double(w - 1))
                    let (kv, kvEnd) = Self.steps(v0, -s, 0, Double(h - 1))
                    let first = max(0, max(ku, kv).rounded(.down))
                    let last = min(Double(x1 - x0), min(kuEnd, kvEnd).rounded(.up))
                    guard first <= last else { continue }
                    var u = Int(((u0 + c * first) * one).rounded())
                    var v = Int(((v0 - s * first) * one).rounded())
                    let row = y * frameWidth
                    for x in (x0 + Int(first))...(x0 + Int(last)) {
                        defer {
                            u += du
                            v += dv
                        }
                        let iu = u >> 16
                        let iv = v >> 16
                        // The stretch is rounded outwards: a sample past the border is empty, so skip it.
                        guard iu >= 0, iv >= 0, iu < w - 1, iv < h - 1 else { continue }
                        // Each neighbour pair is four bytes, halo and text of (iu, iv) and (iu + 1, iv): one load a row.
                        let p = (iv * w + iu) * 2
                        let upper = UInt64(UInt32(littleEndian: m.loadUnaligned(fromByteOffset: p, as: UInt32.self)))
                        let lower = UInt64(
                            UInt32(littleEndian: m.loadUnaligned(fromByteOffset: p + 2 * w, as: UInt32.self)))
                        guard upper | lower != 0 else { continue }
                        // Both planes at once, halo in the low 32 bits and text in the high: with 8-bit weights
                        // (0...256) a lane holds at most 255 · 65536, so the lanes never carry into each other.
                        let tu = UInt64((u & 0xffff) >> 8)
                        let tv = UInt64((v & 0xffff) >> 8)
                        let su = 256 - tu
                        let sv = 256 - tv
                        let top = Self.spread(upper) &* su &+ Self.spread(upper >> 16) &* tu
                        let bottom = Self.spread(lower) &* su &+ Self.spread(lower >> 16) &* tu
                        let both = top &* sv &+ bottom &* tv
                        let hc = UInt32(((both & 0xffff_ffff) + 32768) >> 16)
                        let tc = UInt32(((both >> 32) + 32768) >> 16)
                        // Opaque colours (the styles' usual) need no second scaling.
                        let ah = haloAlpha == 255 ? hc : (min(255, hc) * haloAlpha + 127) / 255
                        let at = textAlpha == 255 ? tc : (min(255, tc) * textAlpha + 127) / 255
                        guard ah | at != 0 else { continue }
                        let i = row + x
                        var d = px[i]
                        if ah > 0 { d = Self.over(d, ringRB, ringG, ah) }
                        if at > 0 { d = Self.over(d, textRB, textG, at) }
                        px[i] = d
                    }
                }
            }
        }
    }

    /// The halo and text bytes at the bottom of `pair` as two 32-bit lanes: halo low, text high.
    @inline(__always)
    private static func spread(_ pair: UInt64) -> UInt64 { (pair & 0xff) | (pair & 0xff00) << 24 }

    /// The steps k for which `a0 + da * k` lies between `lo` and `hi` (as real bounds; empty when the lower
    /// exceeds the upper).
    private static func steps(_ a0: Double, _ da: Double, _ lo: Double, _ hi: Double) -> (Double, Double) {
        if abs(da) < 1e-12 { return a0 >= lo && a0 < hi ? (-.infinity, .infinity) : (1, 0) }
        let t1 = (lo - a0) / da
        let t2 = (hi - a0) / da
        return (min(t1, t2), max(t1, t2))
    }
}
