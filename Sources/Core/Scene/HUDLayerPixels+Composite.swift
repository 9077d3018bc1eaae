extension HUDLayerPixels {
    /// `d' = d·k/255 + c` per channel (`HUDLayerCache.blend`) for every pixel the spans hold, the layer's
    /// rectangle at `origin` in `frame`; pixels no span holds let the frame through unchanged, and so do the
    /// layer's pixels that fall outside the frame (a layer moved with the map, `SettledTrail`).
    func composite(into frame: inout FrameBuffer, x originX: Int, y originY: Int) {
        let (w, h) = (frame.width, frame.height)
        frame.pixels.withUnsafeMutableBufferPointer { pixels in
            composite(
                into: pixels.baseAddress!, width: w, rows: 0..<h, columns: 0..<w, x: originX, y: originY)
        }
    }

    /// The same over the part of a frame `width` pixels wide in `rows` and `columns` only, the frame's rows
    /// `rows` held from `pixels` on (a band of rows the scanout copy composes, or a patch of the canvas).
    func composite(
        into pixels: UnsafeMutablePointer<UInt32>, width w: Int, rows: Range<Int>, columns: Range<Int>,
        x originX: Int, y originY: Int
    ) {
        guard !rows.isEmpty, !columns.isEmpty else { return }
        // A HUD panel or the marker lies across whole spans of the columns, and then no span needs cutting at
        // its ends; only a layer moved with the map, or a patch's columns, do (a span's clipping costs as much as
        // compositing a short one).
        let uncut = originX >= columns.lowerBound && originX + width <= columns.upperBound
        // The spans are in row order: the rows' first span is found by halving, and the last is where a span
        // lies below them.
        var first = 0
        var past = spans.count
        while first < past {
            let middle = (first + past) / 2
            if originY + Int(spans[middle].y) < rows.lowerBound { first = middle + 1 } else { past = middle }
        }
        let skipped = rows.lowerBound * w
        colours.withUnsafeBufferPointer { colours in
            greys.withUnsafeBufferPointer { greys in
                transmissions.withUnsafeBufferPointer { transmissions in
                    spans.withUnsafeBufferPointer { spans in
                        for index in first..<spans.count {
                            var span = spans[index]
                            guard originY + Int(span.y) < rows.upperBound else { break }
                            if !uncut {
                                guard Self.clip(&span, x: originX, columns: columns) else { continue }
                            }
                            let start = (originY + Int(span.y)) * w - skipped + originX + Int(span.x)
                            let target = UnsafeMutableBufferPointer(start: pixels + start, count: Int(span.count))
                            switch span.kind {
                            case .uniform:
                                if span.k == 0 {
                                    // A panel's opaque parts: nothing shows through.
                                    Self.fill(target, with: span.c)
                                } else {
                                    let (k, c) = (SIMD4(repeating: span.k), SIMD4(repeating: span.c))
                                    Self.composite(into: target) { _ in
                                        (k, c)
                                    } one: { _ in
                                        (span.k, span.c)
                                    }
                                }
                            case .greys:
                                let g = greys.baseAddress! + Int(span.k)
                                let c = colours.baseAddress! + Int(span.c)
                                Self.composite(into: target) { x in
                                    (Self.greys4(g + x), UnsafeRawPointer(c + x).loadUnaligned(as: SIMD4<UInt32>.self))
                                } one: { x in
                                    (UInt32(g[x]) &* 0x01_0101, c[x])
                                }
                            case .opaque:
                                target.baseAddress!.update(
                                    from: colours.baseAddress! + Int(span.c), count: Int(span.count))
                            case .mixed:
                                let k = transmissions.baseAddress! + Int(span.k)
                                let c = colours.baseAddress! + Int(span.c)
                                Self.composite(into: target) { x in
                                    (
                                        UnsafeRawPointer(k + x).loadUnaligned(as: SIMD4<UInt32>.self),
                                        UnsafeRawPointer(c + x).loadUnaligned(as: SIMD4<UInt32>.self)
                                    )
                                } one: { x in
                                    (k[x], c[x])
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Cuts `span`, of a layer whose left edge is at `x`, to the part in `columns`: the pixels cut from its left
    /// end are skipped in its colours and transmissions too. False when no part of it is in them.
    @inline(__always)
    private static func clip(_ span: inout Span, x originX: Int, columns: Range<Int>) -> Bool {
        let x = originX + Int(span.x)
        let end = min(x + Int(span.count), columns.upperBound)
        let skip = max(0, columns.lowerBound - x)
        guard x + skip < end else { return false }
        span.x += UInt32(skip)
        span.count = UInt32(end - x - skip)
        if span.kind != .uniform { span.c += UInt32(skip) }
        if span.kind == .greys || span.kind == .mixed { span.k += UInt32(skip) }
        return true
    }

    /// `blend4` over `target`, four pixels at a time, with the transmissions and colours `source` gives for
    /// pixels `x..<x + 4` (only ever asked for pixels inside the span), and `one` for pixel `x` alone.
    @inline(__always)
    private static func composite(
        into target: UnsafeMutableBufferPointer<UInt32>, _ source: (Int) -> (k: SIMD4<UInt32>, c: SIMD4<UInt32>),
        one: (Int) -> (k: UInt32, c: UInt32)
    ) {
        let count = target.count
        guard count >= 4, let base = target.baseAddress else {
            // Under four pixels (a panel's antialiased edge): one by one, as the scalar blend.
            for x in 0..<count {
                let (k, c) = one(x)
                target[x] = HUDLayerCache.blend(target[x], k, c)
            }
            return
        }
        // The last group of four overlaps the one before it when the span is not a multiple of four: it is blended
        // from the pixels as they were, before the loop, and stored after it, so the overlap gets the same value.
        let last = UnsafeMutableRawPointer(base + count - 4)
        let (kLast, cLast) = source(count - 4)
        let tail = blend4(last.loadUnaligned(as: SIMD4<UInt32>.self), kLast, cLast)
        var x = 0
        while x &+ 4 <= count {
            let at = UnsafeMutableRawPointer(base + x)
            let (k, c) = source(x)
            at.storeBytes(of: blend4(at.loadUnaligned(as: SIMD4<UInt32>.self), k, c), as: SIMD4<UInt32>.self)
            x &+= 4
        }
        last.storeBytes(of: tail, as: SIMD4<UInt32>.self)
    }

    /// `target` filled with `colour`, four pixels a store (`update(repeating:)` stores one at a time, and a panel's
    /// fill is most of the pixels a HUD composites); the last four overlap the ones before when the span is not a
    /// multiple of four.
    @inline(__always)
    private static func fill(_ target: UnsafeMutableBufferPointer<UInt32>, with colour: UInt32) {
        let count = target.count
        guard count >= 4, let base = target.baseAddress else {
            target.update(repeating: colour)
            return
        }
        let four = SIMD4(repeating: colour)
        var x = 0
        while x &+ 4 <= count {
            UnsafeMutableRawPointer(base + x).storeBytes(of: four, as: SIMD4<UInt32>.self)
            x &+= 4
        }
        UnsafeMutableRawPointer(base + count - 4).storeBytes(of: four, as: SIMD4<UInt32>.self)
    }

    /// Four grey transmissions as three equal channels each.
    @inline(__always)
    private static func greys4(_ g: UnsafePointer<UInt8>) -> SIMD4<UInt32> {
        SIMD4<UInt32>(truncatingIfNeeded: UnsafeRawPointer(g).loadUnaligned(as: SIMD4<UInt8>.self)) &* 0x01_0101
    }

    /// `HUDLayerCache.blend` of four pixels: red and blue, and green, as 16-bit lanes (255 · 255 + 128 fits, so
    /// lanes never carry into each other), each channel with its own transmission; the rounded division by 255 of
    /// each lane is ((x + 128) + ((x + 128) >> 8)) >> 8, exactly (x + 127) / 255.
    @inline(__always)
    static func blend4(_ d4: SIMD4<UInt32>, _ k4: SIMD4<UInt32>, _ c4: SIMD4<UInt32>) -> SIMD4<UInt32> {
        var rb = lanes(d4 & 0x00ff_00ff) &* lanes(k4 & 0x00ff_00ff) &+ 0x80
        rb = (rb &+ (rb &>> 8)) &>> 8
        var g = lanes((d4 &>> 8) & 0xff) &* lanes((k4 &>> 8) & 0xff) &+ 0x80
        g = (g &+ (g &>> 8)) &>> 8
        return (pixels4(rb) | pixels4(g) &<< 8) &+ c4
    }

    @inline(__always)
    private static func lanes(_ x: SIMD4<UInt32>) -> SIMD8<UInt16> { unsafeBitCast(x, to: SIMD8<UInt16>.self) }
    @inline(__always)
    private static func pixels4(_ x: SIMD8<UInt16>) -> SIMD4<UInt32> { unsafeBitCast(x, to: SIMD4<UInt32>.self) }
}
