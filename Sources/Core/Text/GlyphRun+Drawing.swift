extension FrameBuffer {
    /// Draws `run` with its baseline starting at `origin`, turned clockwise by `rotationDegrees` about the origin,
    /// halos first (in `halo`, when the run's style has them) so a glyph's halo never covers its neighbour; and into
    /// `twin` where it holds the frame's pixels (`DrawingTwin`).
    ///
    /// Upright runs copy their masks at whole pixels; turned runs sample them bilinearly, so a label along a
    /// road needs no outlines.
    public mutating func draw(
        _ run: GlyphRun, at origin: Point, _ color: Color, halo: Color? = nil, rotationDegrees: Double = 0,
        twin: DrawingTwin? = nil
    ) {
        let r = rotationDegrees * .pi / 180
        let c = cos(r)
        let s = sin(r)
        if let halo {
            for g in run.glyphs {
                if let mask = g.halo { blend(mask, pen: Self.pen(of: g, origin, c, s), cos: c, sin: s, halo, twin) }
            }
        }
        for g in run.glyphs { blend(g.bitmap, pen: Self.pen(of: g, origin, c, s), cos: c, sin: s, color, twin) }
    }

    /// Draws one glyph's mask with its pen at `pen` (screen pixels), turned by `rotationDegrees`: the step a
    /// label placer takes when it sets a name glyph by glyph along a curved road.
    public mutating func draw(
        _ bitmap: GlyphBitmap, pen: Point, _ color: Color, rotationDegrees: Double = 0
    ) {
        let r = rotationDegrees * .pi / 180
        blend(bitmap, pen: pen, cos: cos(r), sin: sin(r), color, nil)
    }

    /// Where glyph `g`'s pen lands for a run at `origin` turned by the angle whose cosine and sine are `c`, `s`.
    static func pen(of g: PositionedGlyph, _ origin: Point, _ c: Double, _ s: Double) -> Point {
        Point(x: origin.x + g.x * c - g.y * s, y: origin.y + g.x * s + g.y * c)
    }

    private mutating func blend(
        _ mask: GlyphBitmap, pen: Point, cos c: Double, sin s: Double, _ color: Color, _ twin: DrawingTwin?
    ) {
        guard !mask.isEmpty, color.a > 0 else { return }
        if abs(s) < 1e-9 && c > 0 {
            blendUpright(mask, pen: pen, color, twin)
        } else {
            blendTurned(mask, pen: pen, cos: c, sin: s, color, twin)
        }
    }

    /// Blends each pixel of `mask` drawn upright with its pen at `pen` that lies on the frame, and on `twin`.
    private mutating func blendUpright(_ mask: GlyphBitmap, pen: Point, _ color: Color, _ twin: DrawingTwin?) {
        // Outside data (a pen from a map) can be anything: skip what cannot be a pixel instead of trapping.
        guard abs(pen.x) < 1e9, abs(pen.y) < 1e9, let px = Int(checkedRounding: pen.x),
            let py = Int(checkedRounding: pen.y)
        else { return }
        let x0 = px + mask.left
        let y0 = py - mask.top
        // The mask's columns and rows that lie on the frame.
        let (left, right) = (max(0, -x0), min(mask.width, width - x0))
        let (top, bottom) = (max(0, -y0), min(mask.height, height - y0))
        guard left < right, top < bottom else { return }
        let alpha = UInt32(color.a)
        let rb = UInt32(color.r) << 16 | UInt32(color.b)
        let g = UInt32(color.g)
        let (w, mw) = (width, mask.width)
        /// `count` coverage values from `coverage` on blended onto as many pixels from `out` on.
        @inline(__always)
        func blendRow(_ coverage: UnsafePointer<UInt8>, _ out: UnsafeMutablePointer<UInt32>, _ count: Int) {
            for i in 0..<count {
                let a = (UInt32(coverage[i]) * alpha + 127) / 255
                if a > 0 { out[i] = Self.over(out[i], rb, g, a) }
            }
        }
        mask.coverage.withUnsafeBufferPointer { m in
            pixels.withUnsafeMutableBufferPointer { p in
                for my in top..<bottom {
                    let y = y0 + my
                    let row = m.baseAddress! + my * mw
                    blendRow(row + left, p.baseAddress! + y * w + x0 + left, right - left)
                    // The twin's columns of this row, as mask columns.
                    if let twinRow = twin?.row(y) {
                        let from = max(left, twinRow.columns.lowerBound - x0)
                        let to = min(right, twinRow.columns.upperBound - x0)
                        if from < to { blendRow(row + from, twinRow.pixels + x0 + from, to - from) }
                    }
                }
            }
        }
    }

    private mutating func blendTurned(
        _ mask: GlyphBitmap, pen: Point, cos c: Double, sin s: Double, _ color: Color, _ twin: DrawingTwin?
    ) {
        let alpha = UInt32(color.a)
        let rb = UInt32(color.r) << 16 | UInt32(color.b)
        let g = UInt32(color.g)
        let (w, h) = (width, height)
        pixels.withUnsafeMutableBufferPointer { px in
            Self.forEachTurnedSample(of: mask, pen: pen, cos: c, sin: s, width: w, height: h) { i, coverage in
                let a = (coverage * alpha + 127) / 255
                guard a > 0 else { return }
                px[i] = Self.over(px[i], rb, g, a)
                guard let twin else { return }
                let (y, x) = i.quotientAndRemainder(dividingBy: w)
                if let row = twin.row(y), row.columns.contains(x) { row.pixels[x] = Self.over(row.pixels[x], rb, g, a) }
            }
        }
    }

    /// Each pixel of a `width`×`height` frame that `mask`, turned clockwise by the angle of cosine `c` and sine
    /// `s` with its pen at `pen`, covers when sampled bilinearly: its index and the coverage there (1...255). The
    /// pixels a turned blend touches, so a stamp of turned glyphs (`TurnedLabelStamp.curved`) samples the same.
    @inline(__always)
    static func forEachTurnedSample(
        of mask: GlyphBitmap, pen: Point, cos c: Double, sin s: Double, width: Int, height: Int,
        _ body: (_ index: Int, _ coverage: UInt32) -> Void
    ) {
        // The mask's corners in glyph space (x right, y down from the baseline), turned onto the screen.
        let gx0 = Double(mask.left)
        let gy0 = Double(-mask.top)
        let gx1 = gx0 + Double(mask.width)
        let gy1 = gy0 + Double(mask.height)
        // The turned box's extent: x' = pen.x + x·c − y·s, y' = pen.y + x·s + y·c over the four corners.
        let xc = (gx0 * c, gx1 * c)
        let xs = (gx0 * s, gx1 * s)
        let yc = (gy0 * c, gy1 * c)
        let ys = (gy0 * s, gy1 * s)
        let loX = pen.x + min(xc.0, xc.1) - max(ys.0, ys.1)
        let hiX = pen.x + max(xc.0, xc.1) - min(ys.0, ys.1)
        let loY = pen.y + min(xs.0, xs.1) + min(yc.0, yc.1)
        let hiY = pen.y + max(xs.0, xs.1) + max(yc.0, yc.1)
        guard
            let minX = Int(checkedRounding: loX.rounded(.down)), let maxX = Int(checkedRounding: hiX.rounded(.up)),
            let minY = Int(checkedRounding: loY.rounded(.down)), let maxY = Int(checkedRounding: hiY.rounded(.up))
        else { return }
        let w = mask.width
        let h = mask.height
        // Samples reach one pixel past the mask either side (its bilinear edge fades out there).
        let reachU = TurnedReach(low: -1, high: Double(w), includesLow: false)
        let reachV = TurnedReach(low: -1, high: Double(h), includesLow: false)
        mask.coverage.withUnsafeBufferPointer { m in
            walkTurnedRows(
                minX: minX, maxX: maxX, minY: minY, maxY: maxY, frameWidth: width, frameHeight: height,
                origin: pen, corner: Point(x: gx0, y: gy0),
                cos: c, sin: s, u: reachU, v: reachV
            ) { i, u, v in
                let iu = u >> 16
                let iv = v >> 16
                guard iu >= -1, iv >= -1, iu < w, iv < h else { return }
                let tu = u & 0xffff
                let tv = v & 0xffff
                // Bilinear: the four mask pixels around (u, v), those outside the mask counting as empty.
                let left = iu >= 0
                let right = iu + 1 < w
                let upper = iv >= 0
                let lower = iv + 1 < h
                let a00 = left && upper ? Int(m[iv * w + iu]) : 0
                let a10 = right && upper ? Int(m[iv * w + iu + 1]) : 0
                let a01 = left && lower ? Int(m[(iv + 1) * w + iu]) : 0
                let a11 = right && lower ? Int(m[(iv + 1) * w + iu + 1]) : 0
                let top = a00 * (65536 - tu) + a10 * tu
                let bottom = a01 * (65536 - tu) + a11 * tu
                let coverage = UInt32(((top >> 8) * (65536 - tv) + (bottom >> 8) * tv + (1 << 23)) >> 24)
                guard coverage > 0 else { return }
                body(i, min(255, coverage))
            }
        }
    }

    /// A colour (red and blue in `rb` at their pixel places, green in `g`) at opacity `a` (0...255, the coverage
    /// already scaled by the colour's own alpha) over the pixel `d`: red and blue in two 16-bit lanes of one word,
    /// each channel rounded exactly as `(c·a + d·(255 − a) + 127) / 255` rounds (Blinn's division by 255, exact
    /// for these sums). The one blend of text and label images.
    @inline(__always)
    static func over(_ d: UInt32, _ rb: UInt32, _ g: UInt32, _ a: UInt32) -> UInt32 {
        if a >= 255 { return rb | g << 8 }
        let ia = 255 - a
        var x = rb &* a &+ (d & 0x00ff_00ff) &* ia &+ 0x0080_0080
        x = ((x &+ ((x >> 8) & 0x00ff_00ff)) >> 8) & 0x00ff_00ff
        var y = g &* a &+ ((d >> 8) & 0xff) &* ia &+ 0x80
        y = ((y &+ (y >> 8)) >> 8) & 0xff
        return x | y << 8
    }
}

extension GlyphBitmap {
    /// The pixels this mask sampled bilinearly with its pen at `pen`, turned clockwise by `degrees`, can touch
    /// (`FrameBuffer.forEachTurnedSample`): its turned box and a pixel more each way (the sampler's reach), with
    /// a pixel to spare; nil when it is empty or a value is not finite.
    func turnedBounds(pen: Point, degrees: Double) -> PixelRect? {
        guard !isEmpty, pen.x.isFinite, pen.y.isFinite, degrees.isFinite else { return nil }
        let r = degrees * .pi / 180
        let (c, s) = (cos(r), sin(r))
        var xs: [Double] = []
        var ys: [Double] = []
        for x in [Double(left), Double(left + width)] {
            for y in [Double(-top), Double(-top + height)] {
                xs.append(pen.x + x * c - y * s)
                ys.append(pen.y + x * s + y * c)
            }
        }
        return PixelRect.around(xs: xs, ys: ys, margin: 2)
    }
}
