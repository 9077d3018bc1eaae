/// Where each destination pixel samples the source: destination pixel centre (x, y) maps to source position
/// `origin + x·xStep + y·yStep` (source pixel units). Rotation, scale and translation are all such maps.
public struct AffineMap: Hashable, Sendable {
    public var origin: Point
    public var xStep: Point
    public var yStep: Point
    public init(origin: Point, xStep: Point, yStep: Point) {
        self.origin = origin
        self.xStep = xStep
        self.yStep = yStep
    }

    /// The map that shows `source` turned clockwise by `degrees` about `sourceCenter`, scaled by `scale`, with that
    /// centre landing on `destinationCenter`.
    public static func rotation(
        degrees: Double, scale: Double = 1, sourceCenter: Point, destinationCenter: Point
    ) -> AffineMap {
        // Inverse map: destination offset rotated back by -degrees and divided by scale.
        let r = -degrees * .pi / 180
        let c = _cos(r) / scale
        let s = _sin(r) / scale
        let xStep = Point(x: c, y: s)
        let yStep = Point(x: -s, y: c)
        // Pixel centres: destination (x + 0.5) maps to source (u + 0.5).
        let d = Point(x: 0.5 - destinationCenter.x, y: 0.5 - destinationCenter.y)
        let origin = Point(
            x: sourceCenter.x + d.x * xStep.x + d.y * yStep.x - 0.5,
            y: sourceCenter.y + d.x * xStep.y + d.y * yStep.y - 0.5)
        return AffineMap(origin: origin, xStep: xStep, yStep: yStep)
    }
}

/// Resamples a north-up canvas into the rotated frame: the heading-up fast path.
///
/// 16.16 fixed-point source coordinates, stepped along each destination row; each row's in-bounds span is found
/// up front so the inner loop has no bounds checks. The frame is walked in tiles (`defaultTile`) rather than
/// whole rows: a turned row crosses hundreds of source rows (each a different page and cache line), and a tile
/// bounds how many the walk touches before it comes back to reuse them.
/// The bilinear kernel (`RotatedBlit+Kernel.swift`) blends all four channels of a pixel at once in 16-bit SIMD
/// lanes, with exactly the per-channel arithmetic of `mix`. `nearest` is the cheaper filter while the map is
/// turning fast.
public enum RotatedBlit {
    public enum Filter: Sendable { case bilinear, nearest }

    /// The walk's tile, rows by columns, from `Benchmarks composite-tiles` (every shape timed in each interleaved
    /// round; 800×480, 1280×720 and 1920×1080, 1.0 and 1.41 source pixels a screen pixel). 2 × 512 was within
    /// noise of the fastest at 800×480 and the fastest or close at the larger sizes, where the composite waits on
    /// memory: 1.3–1.8× faster than the 16 × 64 before it there. Taller tiles (64 × 32) were slightly faster at
    /// 800×480 in some runs but 2.4× slower at 1280×720. Any shape gives the same pixels.
    public static let defaultTile = (rows: 2, columns: 512)

    /// Draws `source` into `destination` through `map`; pixels whose sample falls outside the source get
    /// `background`. `tile` (rows, columns) is the walk's tile, measured in `defaultTile`.
    public static func draw(
        _ source: FrameBuffer, into destination: inout FrameBuffer, map: AffineMap, filter: Filter = .bilinear,
        background: UInt32, tile: (rows: Int, columns: Int) = defaultTile
    ) {
        let tileRows = max(1, tile.rows)
        let tileColumns = max(1, tile.columns)
        let sw = source.width
        let dw = destination.width
        let dh = destination.height
        let finite = [map.origin, map.xStep, map.yStep].allSatisfy { $0.x.isFinite && $0.y.isFinite }
        guard finite else {
            // A map that is not finite shows no source pixel anywhere.
            destination.clear(to: background)
            return
        }
        let rows = RowSpans(source: source, destinationWidth: dw, destinationHeight: dh, map: map, filter: filter)
        source.pixels.withUnsafeBufferPointer { src in
            destination.pixels.withUnsafeMutableBufferPointer { dst in
                let s = src.baseAddress!
                let d = dst.baseAddress!
                // What lies outside the source is background; the spans in between are resampled tile by tile.
                for y in 0..<dh {
                    let (first, last) = (rows.first[y], rows.last[y])
                    if first > last {
                        (d + y * dw).update(repeating: background, count: dw)
                        continue
                    }
                    if first > 0 { (d + y * dw).update(repeating: background, count: first) }
                    if last < dw - 1 { (d + y * dw + last + 1).update(repeating: background, count: dw - 1 - last) }
                }
                var y0 = 0
                while y0 < dh {
                    let y1 = min(y0 + tileRows, dh)
                    var x0 = 0
                    while x0 < dw {
                        let x1 = min(x0 + tileColumns, dw)
                        for y in y0..<y1 {
                            let first = max(rows.first[y], x0)
                            let last = min(rows.last[y], x1 - 1)
                            guard first <= last else { continue }
                            let u = rows.u0[y] + first * rows.du
                            let v = rows.v0[y] + first * rows.dv
                            let out = d + y * dw + first
                            switch filter {
                            case .bilinear:
                                bilinearRun(
                                    s, stride: sw, u: u, v: v, du: rows.du, dv: rows.dv, into: out,
                                    count: last - first + 1)
                            case .nearest:
                                nearestRun(
                                    s, stride: sw, u: u, v: v, du: rows.du, dv: rows.dv, into: out,
                                    count: last - first + 1)
                            }
                        }
                        x0 = x1
                    }
                    y0 = y1
                }
            }
        }
    }

    /// The first and last x whose sample lies in [0, maxU) × [0, maxV); first > last when none does.
    static func span(_ u0: Int, _ du: Int, _ maxU: Int, _ v0: Int, _ dv: Int, _ maxV: Int, width: Int) -> (
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
        // Clamped before conversion: a row far outside the source gives bounds far outside the frame.
        var first = Int(min(max(lo.rounded(.up), -1), Double(width)))
        var last = Int(min(max(hi.rounded(.down), -1), Double(width)))
        // Floating-point edges: step inwards until the fixed-point sample really is inside.
        func inside(_ x: Int) -> Bool {
            let u = u0 + x * du
            let v = v0 + x * dv
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

/// Each destination row's 16.16 fixed-point starting sample and in-bounds span, worked out once per draw.
struct RowSpans {
    var first: [Int]
    var last: [Int]
    var u0: [Int]
    var v0: [Int]
    /// The 16.16 step in the source per destination column.
    var du: Int
    var dv: Int

    init(
        source: FrameBuffer, destinationWidth dw: Int, destinationHeight dh: Int, map: AffineMap,
        filter: RotatedBlit.Filter
    ) {
        du = RowSpans.fixed(map.xStep.x)
        dv = RowSpans.fixed(map.xStep.y)
        // Bilinear reads (x+1, y+1): the last row and column are only reached as the "+1" neighbour.
        let maxU = (filter == .bilinear ? source.width - 1 : source.width) << 16
        let maxV = (filter == .bilinear ? source.height - 1 : source.height) << 16
        first = Array(repeating: 1, count: dh)
        last = Array(repeating: 0, count: dh)
        u0 = Array(repeating: 0, count: dh)
        v0 = Array(repeating: 0, count: dh)
        for y in 0..<dh {
            let u = RowSpans.fixed(map.origin.x + Double(y) * map.yStep.x)
            let v = RowSpans.fixed(map.origin.y + Double(y) * map.yStep.y)
            u0[y] = u
            v0[y] = v
            (first[y], last[y]) = RotatedBlit.span(u, du, maxU, v, dv, maxV, width: dw)
        }
    }

    /// A finite source coordinate in 16.16 fixed point, saturated far outside any frame (a wild map gives empty
    /// spans, not a trap).
    static func fixed(_ value: Double) -> Int {
        // 2^30 source pixels: far beyond any canvas, and x·step stays far inside Int for any frame width.
        let limit = Double(1 << 30)
        return Int((min(max(value, -limit), limit) * 65536).rounded())
    }
}

private func _cos(_ x: Double) -> Double { cos(x) }
private func _sin(_ x: Double) -> Double { sin(x) }
