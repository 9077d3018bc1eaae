extension FrameBuffer {
    /// Where along one of an image's axes its samples may fall: from `low` to `high` in image pixels, `low` itself
    /// counted only when `includesLow` (the test that matters when a row runs straight along the other axis).
    struct TurnedReach {
        var low: Double
        var high: Double
        var includesLow: Bool
    }

    /// The row walk of every turned image blit (a glyph's mask, a label's image): over the image's turned box
    /// (columns `minX...maxX`, rows `minY...maxY`, clipped to a `frameWidth`×`frameHeight` frame), the pixels
    /// whose centres map back into the image turned clockwise by the angle of cosine `c` and sine `s` about
    /// `origin`, its top-left corner at `corner` in run space (x right, y down from the baseline), within `u` and
    /// `v` of its columns and rows. For each: the pixel's index in the frame and the image coordinates of its
    /// centre in 16.16 fixed point, stepped along the row (a turned label is thousands of samples a frame). The
    /// blit decides what to read there and how to blend it.
    @inline(__always)
    static func walkTurnedRows(
        minX: Int, maxX: Int, minY: Int, maxY: Int, frameWidth: Int, frameHeight: Int, origin: Point, corner: Point,
        cos c: Double, sin s: Double, u: TurnedReach, v: TurnedReach, _ body: (_ pixel: Int, _ u: Int, _ v: Int) -> Void
    ) {
        let x0 = max(0, minX)
        let x1 = min(frameWidth - 1, maxX)
        let y0 = max(0, minY)
        let y1 = min(frameHeight - 1, maxY)
        guard x0 <= x1, y0 <= y1 else { return }
        let one = 65536.0
        let du = Int((c * one).rounded())
        let dv = Int((-s * one).rounded())
        for y in y0...y1 {
            // Back to image space (the inverse turn) at pixel centres, stepping along the row.
            let dy = Double(y) + 0.5 - origin.y
            let dx = Double(x0) + 0.5 - origin.x
            let u0 = dx * c + dy * s - corner.x - 0.5
            let v0 = -dx * s + dy * c - corner.y - 0.5
            // Only the stretch of the row whose samples fall in reach: most of a turned box is empty.
            let (ku, kuEnd) = steps(u0, c, u)
            let (kv, kvEnd) = steps(v0, -s, v)
            let first = max(0, max(ku, kv).rounded(.down))
            let last = min(Double(x1 - x0), min(kuEnd, kvEnd).rounded(.up))
            guard first <= last else { continue }
            // The reach is a few pixels past the image, so u and v fit 16.16 whatever the origin was.
            var fu = Int(((u0 + c * first) * one).rounded())
            var fv = Int(((v0 - s * first) * one).rounded())
            let row = y * frameWidth
            for x in (x0 + Int(first))...(x0 + Int(last)) {
                body(row + x, fu, fv)
                fu += du
                fv += dv
            }
        }
    }

    /// The steps k for which `a0 + da * k` lies within `reach` (as real bounds; empty when the lower exceeds the
    /// upper).
    private static func steps(_ a0: Double, _ da: Double, _ reach: TurnedReach) -> (Double, Double) {
        if abs(da) < 1e-12 {
            let inside = (reach.includesLow ? a0 >= reach.low : a0 > reach.low) && a0 < reach.high
            return inside ? (-.infinity, .infinity) : (1, 0)
        }
        let t1 = (reach.low - a0) / da
        let t2 = (reach.high - a0) / da
        return (min(t1, t2), max(t1, t2))
    }
}
