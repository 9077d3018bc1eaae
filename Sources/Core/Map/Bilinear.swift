/// Bilinear sampling of XRGB8888 pixels, clamped at the image's edges.
enum Bilinear {
    @inline(__always)
    static func sample(_ src: UnsafeBufferPointer<UInt32>, _ w: Int, _ h: Int, _ fx: Double, _ fy: Double) -> UInt32 {
        // `fx >= 0` is false for NaN too, which then samples the edge instead of trapping in Int(_:).
        let cx = fx >= 0 ? min(fx, Double(w - 1)) : 0
        let cy = fy >= 0 ? min(fy, Double(h - 1)) : 0
        let x0 = Int(cx)
        let y0 = Int(cy)
        let x1 = min(x0 + 1, w - 1)
        let y1 = min(y0 + 1, h - 1)
        let ax = UInt32((cx - Double(x0)) * 256)
        let ay = UInt32((cy - Double(y0)) * 256)
        return mix(mix(src[y0 * w + x0], src[y0 * w + x1], ax), mix(src[y1 * w + x0], src[y1 * w + x1], ax), ay)
    }

    /// The same over a square `size` × `size` image behind a plain pointer.
    @inline(__always)
    static func sample(_ src: UnsafePointer<UInt32>, _ size: Int, _ fx: Double, _ fy: Double) -> UInt32 {
        let limit = Double(size - 1)
        let cx = fx >= 0 ? min(fx, limit) : 0
        let cy = fy >= 0 ? min(fy, limit) : 0
        let x0 = Int(cx)
        let y0 = Int(cy)
        let x1 = min(x0 + 1, size - 1)
        let y1 = min(y0 + 1, size - 1)
        let ax = UInt32((cx - Double(x0)) * 256)
        let ay = UInt32((cy - Double(y0)) * 256)
        let r0 = y0 * size
        let r1 = y1 * size
        return mix(mix(src[r0 + x0], src[r0 + x1], ax), mix(src[r1 + x0], src[r1 + x1], ax), ay)
    }

    /// The one per-channel blend the rotated composite uses too.
    @inline(__always)
    static func mix(_ a: UInt32, _ b: UInt32, _ t: UInt32) -> UInt32 { RotatedBlit.mix(a, b, t) }
}
