extension FrameBuffer {
    /// Draws `image` with its run's origin at `origin`, turned clockwise by `rotationDegrees` about it: the halo
    /// in `halo` (none when nil), then the text in `color`, both sampled bilinearly in one pass.
    public mutating func draw(
        _ image: LabelImage, at origin: Point, _ color: Color, halo: Color?, rotationDegrees: Double
    ) {
        guard let (stamp, pixel) = TurnedLabelStamp.make(image, at: origin, rotationDegrees: rotationDegrees)
        else { return }
        draw(stamp, at: pixel, color, halo: halo)
    }

    /// Blends `stamp` with its origin's whole pixel at `pixel`: the halo in `halo` (none when nil), then the text
    /// in `color`.
    mutating func draw(_ stamp: TurnedLabelStamp, at pixel: (x: Int, y: Int), _ color: Color, halo: Color?) {
        let textAlpha = UInt32(color.a)
        let haloAlpha = UInt32(halo?.a ?? 0)
        let textRB = UInt32(color.r) << 16 | UInt32(color.b)
        let textG = UInt32(color.g)
        let ringRB = halo.map { UInt32($0.r) << 16 | UInt32($0.b) } ?? 0
        let ringG = UInt32(halo?.g ?? 0)
        let (w, h) = (width, height)
        stamp.coverage.withUnsafeBufferPointer { m in
            pixels.withUnsafeMutableBufferPointer { px in
                for run in stamp.runs {
                    let y = pixel.y + run.dy
                    guard y >= 0, y < h else { continue }
                    // The part of the run inside the frame.
                    let x0 = max(pixel.x + run.dx, 0)
                    let x1 = min(pixel.x + run.dx + run.count, w)
                    guard x0 < x1 else { continue }
                    var c = run.start + (x0 - pixel.x - run.dx) * 2
                    for i in (y * w + x0)..<(y * w + x1) {
                        let (hc, tc) = (UInt32(m[c]), UInt32(m[c + 1]))
                        c += 2
                        // Opaque colours (the styles' usual) need no second scaling.
                        let ah = haloAlpha == 255 ? hc : (hc * haloAlpha + 127) / 255
                        let at = textAlpha == 255 ? tc : (tc * textAlpha + 127) / 255
                        guard ah | at != 0 else { continue }
                        var d = px[i]
                        if ah > 0 { d = Self.over(d, ringRB, ringG, ah) }
                        if at > 0 { d = Self.over(d, textRB, textG, at) }
                        px[i] = d
                    }
                }
            }
        }
    }
}

/// A label image turned and sampled once: the halo and text coverage of every pixel it covers, around its
/// origin's whole pixel, in runs along the rows. While the map holds its rotation a label keeps its angle and,
/// on a camera snapped to whole pixels, its origin's fraction of a pixel, so the same stamp is blended frame after
/// frame (`TurnedLabelCache`) instead of the image being sampled again.
struct TurnedLabelStamp {
    /// A stretch of covered pixels: its row and first column from the origin's pixel, its length, and where its
    /// `[halo, text]` pairs start in `coverage`.
    struct Run {
        var dy: Int
        var dx: Int
        var count: Int
        var start: Int
    }
    var runs: [Run]
    var coverage: [UInt8]
    /// The pixels the runs cover, from the origin's pixel; nil when none.
    let extent: PixelRect?

    init(runs: [Run], coverage: [UInt8]) {
        self.runs = runs
        self.coverage = coverage
        guard let first = runs.first else {
            extent = nil
            return
        }
        var (x0, x1, y0, y1) = (first.dx, first.dx + first.count, first.dy, first.dy + 1)
        for run in runs {
            x0 = min(x0, run.dx)
            x1 = max(x1, run.dx + run.count)
            y0 = min(y0, run.dy)
            y1 = max(y1, run.dy + 1)
        }
        extent = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Bytes held, for a cache's budget.
    var byteCount: Int { coverage.count + runs.count * MemoryLayout<Run>.stride + 32 }

    /// The stamp of `image` turned by `rotationDegrees` with its origin at `origin`, and the origin's whole pixel;
    /// nil when it covers nothing or a value is not finite.
    static func make(_ image: LabelImage, at origin: Point, rotationDegrees: Double) -> (
        TurnedLabelStamp, (x: Int, y: Int)
    )? {
        guard !image.isEmpty, origin.x.isFinite, origin.y.isFinite, rotationDegrees.isFinite,
            let px = Int(checkedRounding: origin.x.rounded(.down)),
            let py = Int(checkedRounding: origin.y.rounded(.down))
        else { return nil }
        let fraction = Point(x: origin.x - Double(px), y: origin.y - Double(py))
        let stamp = TurnedLabelStamp.make(image, fraction: fraction, rotationDegrees)
        return stamp.runs.isEmpty ? nil : (stamp, (x: px, y: py))
    }

    /// The stamp for an origin `fraction` of a pixel (0 ..< 1 each way) past its whole pixel.
    static func make(_ image: LabelImage, fraction f: Point, _ rotationDegrees: Double) -> TurnedLabelStamp {
        guard !image.isEmpty, f.x.isFinite, f.y.isFinite, rotationDegrees.isFinite else {
            return TurnedLabelStamp(runs: [], coverage: [])
        }
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
        // The turned box around the origin's pixel, walked as a small frame of its own whose (0, 0) is
        // (minX, minY) from that pixel: the samples are those of the same pixels of any frame.
        let minX = Int((f.x + (xs.min() ?? 0)).rounded(.down))
        let maxX = Int((f.x + (xs.max() ?? 0)).rounded(.up))
        let minY = Int((f.y + (ys.min() ?? 0)).rounded(.down))
        let maxY = Int((f.y + (ys.max() ?? 0)).rounded(.up))
        let w = image.width
        let h = image.height
        let boxWidth = maxX - minX + 1
        // Samples whose four neighbours are all inside the image (its empty border makes the rest empty).
        let reachU = FrameBuffer.TurnedReach(low: 0, high: Double(w - 1), includesLow: true)
        let reachV = FrameBuffer.TurnedReach(low: 0, high: Double(h - 1), includesLow: true)
        var runs: [Run] = []
        var coverage: [UInt8] = []
        image.coverage.withUnsafeBytes { m in
            FrameBuffer.walkTurnedRows(
                minX: 0, maxX: maxX - minX, minY: 0, maxY: maxY - minY, frameWidth: boxWidth,
                frameHeight: maxY - minY + 1, origin: Point(x: f.x - Double(minX), y: f.y - Double(minY)),
                corner: Point(x: gx0, y: gy0), cos: c, sin: s, u: reachU, v: reachV
            ) { i, u, v in
                let iu = u >> 16
                let iv = v >> 16
                // The stretch is rounded outwards: a sample past the border is empty, so skip it.
                guard iu >= 0, iv >= 0, iu < w - 1, iv < h - 1 else { return }
                // Each neighbour pair is four bytes, halo and text of (iu, iv) and (iu + 1, iv): one load a row.
                let p = (iv * w + iu) * 2
                let upper = UInt64(UInt32(littleEndian: m.loadUnaligned(fromByteOffset: p, as: UInt32.self)))
                let lower = UInt64(UInt32(littleEndian: m.loadUnaligned(fromByteOffset: p + 2 * w, as: UInt32.self)))
                guard upper | lower != 0 else { return }
                // Both planes at once, halo in the low 32 bits and text in the high: with 8-bit weights
                // (0...256) a lane holds at most 255 · 65536, so the lanes never carry into each other.
                let tu = UInt64((u & 0xffff) >> 8)
                let tv = UInt64((v & 0xffff) >> 8)
                let su = 256 - tu
                let sv = 256 - tv
                let top = spread(upper) &* su &+ spread(upper >> 16) &* tu
                let bottom = spread(lower) &* su &+ spread(lower >> 16) &* tu
                let both = top &* sv &+ bottom &* tv
                let hc = UInt8(min(255, ((both & 0xffff_ffff) + 32768) >> 16))
                let tc = UInt8(min(255, ((both >> 32) + 32768) >> 16))
                guard hc | tc != 0 else { return }
                let (x, y) = (i % boxWidth + minX, i / boxWidth + minY)
                // A pixel right after the last run's end extends it; any other starts a run.
                if let last = runs.last, last.dy == y, last.dx + last.count == x {
                    runs[runs.count - 1].count += 1
                } else {
                    runs.append(Run(dy: y, dx: x, count: 1, start: coverage.count))
                }
                coverage.append(hc)
                coverage.append(tc)
            }
        }
        return TurnedLabelStamp(runs: runs, coverage: coverage)
    }

    /// One glyph of a name set along a curve, for `curved`: its masks, its pen from the stamp's origin pixel and
    /// its angle.
    struct CurvedGlyph {
        var halo: GlyphBitmap?
        var bitmap: GlyphBitmap
        var pen: Point
        var rotationDegrees: Double
    }

    /// The stamp of a name set glyph by glyph along a curve: every glyph's halo and mask sampled as a turned
    /// blend samples them (`FrameBuffer.forEachTurnedSample`), halos joined into one coverage and masks into
    /// another (as blending them in turn joins them), so the halos lie under all the text.
    static func curved(_ glyphs: [CurvedGlyph]) -> TurnedLabelStamp {
        // The box every mask's samples fall in, from the origin pixel.
        var box: PixelRect?
        for g in glyphs {
            guard g.pen.x.isFinite, g.pen.y.isFinite, g.rotationDegrees.isFinite else {
                return TurnedLabelStamp(runs: [], coverage: [])
            }
            for mask in [g.halo, g.bitmap] {
                guard let b = mask?.turnedBounds(pen: g.pen, degrees: g.rotationDegrees) else { continue }
                box = box.map { $0.union(b) } ?? b
            }
        }
        guard let box, [box.x, box.y, box.x + box.width, box.y + box.height].allSatisfy({ abs($0) < 4096 }) else {
            return TurnedLabelStamp(runs: [], coverage: [])
        }
        let (minX, minY, boxWidth, boxHeight) = (box.x, box.y, box.width, box.height)
        var halo = [UInt8](repeating: 0, count: boxWidth * boxHeight)
        var text = halo
        // Two coverages a and b over one pixel let through (1 − a)(1 − b): together a + b − ab.
        func join(_ plane: inout [UInt8], _ mask: GlyphBitmap, _ pen: Point, _ c: Double, _ s: Double) {
            let local = Point(x: pen.x - Double(minX), y: pen.y - Double(minY))
            FrameBuffer.forEachTurnedSample(of: mask, pen: local, cos: c, sin: s, width: boxWidth, height: boxHeight) {
                i, coverage in
                let a = UInt32(plane[i])
                plane[i] = UInt8(a + coverage - (a * coverage + 127) / 255)
            }
        }
        for g in glyphs {
            let r = g.rotationDegrees * .pi / 180
            if let mask = g.halo, !mask.isEmpty { join(&halo, mask, g.pen, cos(r), sin(r)) }
            if !g.bitmap.isEmpty { join(&text, g.bitmap, g.pen, cos(r), sin(r)) }
        }
        var runs: [Run] = []
        var coverage: [UInt8] = []
        for y in 0..<boxHeight {
            for x in 0..<boxWidth where halo[y * boxWidth + x] | text[y * boxWidth + x] != 0 {
                let (dx, dy) = (x + minX, y + minY)
                if let last = runs.last, last.dy == dy, last.dx + last.count == dx {
                    runs[runs.count - 1].count += 1
                } else {
                    runs.append(Run(dy: dy, dx: dx, count: 1, start: coverage.count))
                }
                coverage.append(halo[y * boxWidth + x])
                coverage.append(text[y * boxWidth + x])
            }
        }
        return TurnedLabelStamp(runs: runs, coverage: coverage)
    }

    /// The halo and text bytes at the bottom of `pair` as two 32-bit lanes: halo low, text high.
    @inline(__always)
    private static func spread(_ pair: UInt64) -> UInt64 { (pair & 0xff) | (pair & 0xff00) << 24 }
}
