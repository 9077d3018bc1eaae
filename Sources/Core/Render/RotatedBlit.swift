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

    /// The destination columns and rows (x, y, fractional) whose steps move a sample by `offset` in the source:
    /// the solution of `offset = x·xStep + y·yStep`; nil when the steps are not finite or (nearly) parallel.
    func steps(to offset: Point) -> Point? {
        let (a, b) = (xStep, yStep)
        let det = a.x * b.y - b.x * a.y
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        return Point(x: (offset.x * b.y - b.x * offset.y) / det, y: (a.x * offset.y - offset.x * a.y) / det)
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
        draw(source: source, into: &destination, map: map, filter: filter, background: background, tile: tile)
    }

    /// The same from RGB565 (the map's mosaic), each sample widened to XRGB8888 as it is blended.
    public static func draw(
        _ source: RGB565Image, into destination: inout FrameBuffer, map: AffineMap, filter: Filter = .bilinear,
        background: UInt32, tile: (rows: Int, columns: Int) = defaultTile
    ) {
        draw(source: source, into: &destination, map: map, filter: filter, background: background, tile: tile)
    }

    /// The same from any kind of source picture.
    static func draw(
        source: some BlitSource, into destination: inout FrameBuffer, map: AffineMap, filter: Filter = .bilinear,
        background: UInt32, tile: (rows: Int, columns: Int) = defaultTile
    ) {
        guard let fixed = FixedAffineMap(map) else {
            // A map that is not finite shows no source pixel anywhere.
            destination.clear(to: background)
            return
        }
        draw(
            source, into: &destination, map: fixed, rows: 0..<destination.height, columns: 0..<destination.width,
            filter: filter, background: background, tile: tile)
    }

    /// Draws only the destination pixels `rows` × `columns` (the rest is left as it was), through the 16.16
    /// lattice `map`: each pixel gets exactly what a draw of the whole frame through the same lattice gives it, so
    /// a frame can be drawn in parts (`ShiftableComposite` resamples only the strips a shift brought into view).
    static func draw<Source: BlitSource>(
        _ source: Source, into destination: inout FrameBuffer, map: FixedAffineMap, rows: Range<Int>,
        columns: Range<Int>, filter: Filter, background: UInt32, tile: (rows: Int, columns: Int) = defaultTile
    ) {
        let rows = rows.clamped(to: 0..<destination.height)
        let columns = columns.clamped(to: 0..<destination.width)
        guard !rows.isEmpty, !columns.isEmpty else { return }
        let tileRows = max(1, tile.rows)
        let tileColumns = max(1, tile.columns)
        let sw = source.width
        let dw = destination.width
        let spans = RowSpans(
            sourceWidth: source.width, sourceHeight: source.height, destinationWidth: dw, rows: rows, map: map,
            filter: filter)
        source.withPixels { s in
            destination.pixels.withUnsafeMutableBufferPointer { dst in
                let d = dst.baseAddress!
                // What lies outside the source is background; the spans in between are resampled tile by tile.
                for y in rows {
                    let first = max(spans.first(y), columns.lowerBound)
                    let last = min(spans.last(y), columns.upperBound - 1)
                    let row = d + y * dw
                    guard first <= last else {
                        (row + columns.lowerBound).update(repeating: background, count: columns.count)
                        continue
                    }
                    if first > columns.lowerBound {
                        (row + columns.lowerBound).update(repeating: background, count: first - columns.lowerBound)
                    }
                    if last < columns.upperBound - 1 {
                        (row + last + 1).update(repeating: background, count: columns.upperBound - 1 - last)
                    }
                }
                var y0 = rows.lowerBound
                while y0 < rows.upperBound {
                    let y1 = min(y0 + tileRows, rows.upperBound)
                    var x0 = columns.lowerBound
                    while x0 < columns.upperBound {
                        let x1 = min(x0 + tileColumns, columns.upperBound)
                        for y in y0..<y1 {
                            let first = max(spans.first(y), x0)
                            let last = min(spans.last(y), x1 - 1)
                            guard first <= last else { continue }
                            let u = spans.u0(y) + first * map.du
                            let v = spans.v0(y) + first * map.dv
                            let out = d + y * dw + first
                            switch filter {
                            case .bilinear:
                                Source.bilinearRun(
                                    s, stride: sw, u: u, v: v, du: map.du, dv: map.dv, into: out,
                                    count: last - first + 1)
                            case .nearest:
                                Source.nearestRun(
                                    s, stride: sw, u: u, v: v, du: map.du, dv: map.dv, into: out,
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

/// An `AffineMap` in 16.16 fixed point as a lattice: destination pixel (x, y) samples source position
/// `(u + x·du + y·duRow, v + x·dv + y·dvRow) / 65536`. Every position is an exact integer sum, so the same
/// lattice moved by whole destination pixels (`shifted`) samples exactly the same positions, which lets a frame
/// be shifted and drawn in parts with the very pixels a whole draw would give.
struct FixedAffineMap: Equatable {
    /// The sample of destination pixel (0, 0).
    var u: Int
    var v: Int
    /// The steps per destination column.
    var du: Int
    var dv: Int
    /// The steps per destination row.
    var duRow: Int
    var dvRow: Int

    /// The lattice nearest `map`; nil when `map` is not finite.
    init?(_ map: AffineMap) {
        guard [map.origin, map.xStep, map.yStep].allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        u = Self.fixed(map.origin.x)
        v = Self.fixed(map.origin.y)
        du = Self.fixed(map.xStep.x)
        dv = Self.fixed(map.xStep.y)
        duRow = Self.fixed(map.yStep.x)
        dvRow = Self.fixed(map.yStep.y)
    }

    /// The lattice whose pixel (0, 0) samples what this one's pixel (`columns`, `rows`) does.
    func shifted(columns: Int, rows: Int) -> FixedAffineMap {
        var m = self
        m.u = u + columns * du + rows * duRow
        m.v = v + columns * dv + rows * dvRow
        return m
    }

    /// A finite source coordinate in 16.16 fixed point, saturated far outside any frame (a wild map gives empty
    /// spans, not a trap).
    static func fixed(_ value: Double) -> Int {
        // 2^30 source pixels: far beyond any canvas, and x·step stays far inside Int for any frame width.
        let limit = Double(1 << 30)
        return Int((min(max(value, -limit), limit) * 65536).rounded())
    }
}

/// The 16.16 starting sample and in-bounds span of each destination row a draw covers, worked out once per draw.
struct RowSpans {
    /// The first row held.
    let firstRow: Int
    private var firsts: [Int]
    private var lasts: [Int]
    private var u0s: [Int]
    private var v0s: [Int]

    init(
        sourceWidth: Int, sourceHeight: Int, destinationWidth dw: Int, rows: Range<Int>, map: FixedAffineMap,
        filter: RotatedBlit.Filter
    ) {
        // Bilinear reads (x+1, y+1): the last row and column are only reached as the "+1" neighbour.
        let maxU = (filter == .bilinear ? sourceWidth - 1 : sourceWidth) << 16
        let maxV = (filter == .bilinear ? sourceHeight - 1 : sourceHeight) << 16
        firstRow = rows.lowerBound
        firsts = Array(repeating: 1, count: rows.count)
        lasts = Array(repeating: 0, count: rows.count)
        u0s = Array(repeating: 0, count: rows.count)
        v0s = Array(repeating: 0, count: rows.count)
        for (i, y) in rows.enumerated() {
            let u = map.u + y * map.duRow
            let v = map.v + y * map.dvRow
            u0s[i] = u
            v0s[i] = v
            (firsts[i], lasts[i]) = RotatedBlit.span(u, map.du, maxU, v, map.dv, maxV, width: dw)
        }
    }

    /// Row `y`'s first and last in-bounds x (first > last when none is), and the sample of its pixel 0.
    func first(_ y: Int) -> Int { firsts[y - firstRow] }
    func last(_ y: Int) -> Int { lasts[y - firstRow] }
    func u0(_ y: Int) -> Int { u0s[y - firstRow] }
    func v0(_ y: Int) -> Int { v0s[y - firstRow] }
}

private func _cos(_ x: Double) -> Double { cos(x) }
private func _sin(_ x: Double) -> Double { sin(x) }
