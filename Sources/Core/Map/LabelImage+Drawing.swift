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
        let w = image.width
        let h = image.height
        let textAlpha = UInt32(color.a)
        let haloAlpha = UInt32(halo?.a ?? 0)
        let textRB = UInt32(color.r) << 16 | UInt32(color.b)
        let textG = UInt32(color.g)
        let ringRB = halo.map { UInt32($0.r) << 16 | UInt32($0.b) } ?? 0
        let ringG = UInt32(halo?.g ?? 0)
        // Samples whose four neighbours are all inside the image (its empty border makes the rest empty).
        let reachU = TurnedReach(low: 0, high: Double(w - 1), includesLow: true)
        let reachV = TurnedReach(low: 0, high: Double(h - 1), includesLow: true)
        let frameWidth = width
        let frameHeight = height
        image.coverage.withUnsafeBytes { m in
            pixels.withUnsafeMutableBufferPointer { px in
                Self.walkTurnedRows(
                    minX: minX, maxX: maxX, minY: minY, maxY: maxY, frameWidth: frameWidth, frameHeight: frameHeight,
                    origin: origin,
                    corner: Point(x: gx0, y: gy0), cos: c, sin: s, u: reachU, v: reachV
                ) { i, u, v in
                    let iu = u >> 16
                    let iv = v >> 16
                    // The stretch is rounded outwards: a sample past the border is empty, so skip it.
                    guard iu >= 0, iv >= 0, iu < w - 1, iv < h - 1 else { return }
                    // Each neighbour pair is four bytes, halo and text of (iu, iv) and (iu + 1, iv): one load a row.
                    let p = (iv * w + iu) * 2
                    let upper = UInt64(UInt32(littleEndian: m.loadUnaligned(fromByteOffset: p, as: UInt32.self)))
                    let lower = UInt64(
                        UInt32(littleEndian: m.loadUnaligned(fromByteOffset: p + 2 * w, as: UInt32.self)))
                    guard upper | lower != 0 else { return }
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
                    guard ah | at != 0 else { return }
                    var d = px[i]
                    if ah > 0 { d = Self.over(d, ringRB, ringG, ah) }
                    if at > 0 { d = Self.over(d, textRB, textG, at) }
                    px[i] = d
                }
            }
        }
    }

    /// The halo and text bytes at the bottom of `pair` as two 32-bit lanes: halo low, text high.
    @inline(__always)
    private static func spread(_ pair: UInt64) -> UInt64 { (pair & 0xff) | (pair & 0xff00) << 24 }
}
