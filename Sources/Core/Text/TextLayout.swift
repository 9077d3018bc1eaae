/// Sets a line of text in a font at a pixel size and turns it into fillable paths.
public struct TextLayout: Sendable {
    public let font: TrueTypeFont
    /// The em size in pixels.
    public let size: Double

    public init(font: TrueTypeFont, size: Double) {
        self.font = font
        self.size = size
    }

    private var scale: Double { size / font.unitsPerEm }
    /// Pixels from the baseline up to the top of capitals, roughly.
    public var ascent: Double { font.ascender * scale }
    /// Pixels from the baseline down to the bottom of descenders (positive).
    public var descent: Double { -font.descender * scale }
    /// The height of capital letters, which is what centres text visually (0.73 em in DejaVu Sans).
    public var capHeight: Double { 0.73 * size }

    /// The advance width of `text` in pixels.
    public func width(of text: String) -> Double {
        text.unicodeScalars.reduce(0) { $0 + font.advance(of: font.glyph(for: $1)) } * scale
    }

    /// Per-character pen positions along the baseline: the x offset where each glyph starts, and its advance.
    public func glyphRuns(_ text: String) -> [(glyph: UInt16, offset: Double, advance: Double)] {
        var x = 0.0
        return text.unicodeScalars.map { s in
            let g = font.glyph(for: s)
            let a = font.advance(of: g) * scale
            defer { x += a }
            return (g, x, a)
        }
    }

    /// The outline of `text` with its baseline starting at `origin`, turned clockwise by `rotationDegrees` about
    /// the origin (0 = upright, reading left to right).
    public func path(_ text: String, origin: Point, rotationDegrees: Double = 0) -> Path {
        let r = rotationDegrees * .pi / 180
        let c = cos(r)
        let s = sin(r)
        var path = Path(tolerance: 0.15)
        for run in glyphRuns(text) {
            appendGlyph(run.glyph, into: &path) { fx, fy in
                // Font units are y-up; the screen is y-down.
                let lx = run.offset + fx * scale
                let ly = -fy * scale
                return Point(x: origin.x + lx * c - ly * s, y: origin.y + lx * s + ly * c)
            }
        }
        return path
    }

    /// The outline of one glyph, each point placed by `place(fontX, fontY)`.
    public func glyphPath(_ glyph: UInt16, place: (Double, Double) -> Point) -> Path {
        var path = Path(tolerance: 0.15)
        appendGlyph(glyph, into: &path, place: place)
        return path
    }

    private func appendGlyph(_ glyph: UInt16, into path: inout Path, place: (Double, Double) -> Point) {
        for contour in font.outline(of: glyph) where !contour.isEmpty {
            // Start at an on-curve point; between two off-curve points lies an implied on-curve midpoint.
            let n = contour.count
            let startIndex = contour.firstIndex { $0.onCurve }
            let start: TrueTypeFont.OutlinePoint
            if let i = startIndex {
                start = contour[i]
            } else {
                let a = contour[0]
                let b = contour[1 % n]
                start = .init(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, onCurve: true)
            }
            let first = startIndex ?? 0
            path.move(to: place(start.x, start.y))
            var control: TrueTypeFont.OutlinePoint?
            for k in 1...n {
                let q = contour[(first + k) % n]
                if q.onCurve {
                    if let c = control {
                        path.quad(to: place(q.x, q.y), control: place(c.x, c.y))
                        control = nil
                    } else {
                        path.line(to: place(q.x, q.y))
                    }
                } else if let c = control {
                    let mid = TrueTypeFont.OutlinePoint(x: (c.x + q.x) / 2, y: (c.y + q.y) / 2, onCurve: true)
                    path.quad(to: place(mid.x, mid.y), control: place(c.x, c.y))
                    control = q
                } else {
                    control = q
                }
            }
            if let c = control { path.quad(to: place(start.x, start.y), control: place(c.x, c.y)) }
            path.closeSubpath()
        }
    }
}
