extension GlyphBitmap {
    /// The mask grown by `radiusPixels` in every direction, with a soft (anti-aliased) edge: the halo that keeps
    /// a label readable on any map. Zero or less returns the mask unchanged.
    public func dilated(by radiusPixels: Double) -> GlyphBitmap {
        guard radiusPixels > 0, radiusPixels.isFinite, !isEmpty else { return self }
        let reach = Int((radiusPixels + 0.5).rounded(.up))
        let w = width + 2 * reach
        let h = height + 2 * reach
        // Weights of the disc: 1 inside the radius, falling to 0 over the last pixel.
        var offsets: [(dx: Int, dy: Int, weight: Double)] = []
        for dy in -reach...reach {
            for dx in -reach...reach {
                let d = Double(dx * dx + dy * dy).squareRoot()
                let weight = min(1, max(0, radiusPixels + 0.5 - d))
                if weight > 0 { offsets.append((dx, dy, weight)) }
            }
        }
        var out = [UInt8](repeating: 0, count: w * h)
        for y in 0..<height {
            for x in 0..<width {
                let c = Double(coverage[y * width + x])
                guard c > 0 else { continue }
                for o in offsets {
                    let i = (y + reach + o.dy) * w + (x + reach + o.dx)
                    let v = UInt8(min(255, (c * o.weight).rounded()))
                    if v > out[i] { out[i] = v }
                }
            }
        }
        return GlyphBitmap(width: w, height: h, left: left - reach, top: top + reach, coverage: out)
    }

    /// Bytes this mask holds (its coverage and the fixed fields), for cache budgets.
    public var byteCount: Int { coverage.count + MemoryLayout<GlyphBitmap>.stride }
}
