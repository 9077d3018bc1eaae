import Foundation

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
/// 16.16 fixed-point coordinates stepped along each destination row (two adds per pixel), the row's in-bounds
/// span computed up front so the inner loop has no bounds checks, and a bilinear blend that mixes red and blue in
/// one multiply and green in another. `nearest` is the cheaper filter while the map is turning fast.
public enum RotatedBlit {
    public enum Filter: Sendable { case bilinear, nearest }

    public static func draw(
        _ source: FrameBuffer, into destination: inout FrameBuffer, map: AffineMap, filter: Filter = .bilinear,
        background: UInt32
    ) {
        let sw = source.width
        let sh = source.height
        let dw = destination.width
        let fx = Int64((map.xStep.x * 65536).rounded())
        let fy = Int64((map.xStep.y * 65536).rounded())
        // Bilinear reads (x+1, y+1): the last row and column are only reached as the "+1" neighbour.
        let maxU = Int64(filter == .bilinear ? sw - 1 : sw) << 16
        let maxV = Int64(filter == .bilinear ? sh - 1 : sh) << 16
        source.pixels.withUnsafeBufferPointer { src in
            destination.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<destination.height {
                    let rowU = map.origin.x + Double(y) * map.yStep.x
                    let rowV = map.origin.y + Double(y) * map.yStep.y
                    let u0 = Int64((rowU * 65536).rounded())
                    let v0 = Int64((rowV * 65536).rounded())
                    let (first, last) = span(u0, fx, maxU, v0, fy, maxV, width: dw)
                    let out = y * dw
                    if first > 0 { (dst.baseAddress! + out).update(repeating: background, count: min(first, dw)) }
                    if last < dw - 1 {
                        let from = max(last + 1, 0)
                        (dst.baseAddress! + out + from).update(repeating: background, count: dw - from)
                    }
                    guard first <= last else { continue }
                    var u = u0 + Int64(first) * fx
                    var v = v0 + Int64(first) * fy
                    switch filter {
                    case .nearest:
                        for x in first...last {
                            dst[out + x] = src[Int(v >> 16) * sw + Int(u >> 16)]
                            u += fx
                            v += fy
                        }
                    case .bilinear:
                        for x in first...last {
                            let sx = Int(u >> 16)
                            let sy = Int(v >> 16)
                            let ax = UInt32((u >> 8) & 0xff)
                            let ay = UInt32((v >> 8) & 0xff)
                            let i = sy * sw + sx
                            let top = mix(src[i], src[i + 1], ax)
                            let bottom = mix(src[i + sw], src[i + sw + 1], ax)
                            dst[out + x] = mix(top, bottom, ay)
                            u += fx
                            v += fy
                        }
                    }
                }
            }
        }
    }

    /// The first and last x whose sample lies in [0, maxU) × [0, maxV); first > last when none does.
    static func span(_ u0: Int64, _ du: Int64, _ maxU: Int64, _ v0: Int64, _ dv: Int64, _ maxV: Int64, width: Int) -> (
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
        var first = Int(lo.rounded(.up))
        var last = Int(hi.rounded(.down))
        // Floating-point edges: step inwards until the fixed-point sample really is inside.
        func inside(_ x: Int) -> Bool {
            let u = u0 + Int64(x) * du
            let v = v0 + Int64(x) * dv
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

private func _cos(_ x: Double) -> Double { cos(x) }
private func _sin(_ x: Double) -> Double { sin(x) }
