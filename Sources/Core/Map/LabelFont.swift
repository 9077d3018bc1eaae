/// The font a kind of label is set in: the world text stack (`ShapedTextLayout`, shaped and with cached glyph
/// masks) when it could start, else the built-in outline font (`TextLayout`).
///
/// The placer only measures with it (widths, each glyph's place along the baseline, capital height); the map
/// layer draws with the same font, so what is placed is what is drawn.
public struct LabelFont: Sendable {
    /// The outline font, when labels are set without the text stack.
    public let outline: TextLayout?
    /// The shaped font, when labels are set by the text stack.
    public let shaped: ShapedTextLayout?
    /// The height of capitals in pixels: labels are centred on their line by it.
    public let capHeight: Double
    /// Distinguishes fonts in the placer's measurement cache.
    let cacheKey: String

    public init(_ layout: TextLayout) {
        outline = layout
        shaped = nil
        capHeight = layout.capHeight
        cacheKey = "o\(layout.size)"
    }

    public init(_ layout: ShapedTextLayout) {
        outline = nil
        shaped = layout
        capHeight = layout.capHeight
        cacheKey = "s\(layout.style.sizePixels)|\(layout.style.weight)|\(layout.style.haloPixels)"
    }

    /// The glyphs of `text` in visual order as the drawing code will index them (the shaped run's glyphs, or the
    /// outline font's glyph per Unicode scalar), each with its pen offset from the start of the line and its
    /// advance, in pixels.
    public func metrics(of text: String) -> LabelMetrics {
        if let shaped {
            let run = shaped.run(text)
            return LabelMetrics(
                width: run.advance, glyphs: run.glyphs.map { .init(x: $0.x, y: $0.y, advance: $0.advance) })
        }
        guard let outline else { return LabelMetrics(width: 0, glyphs: []) }
        let runs = outline.glyphRuns(text)
        return LabelMetrics(
            width: runs.reduce(0) { $0 + $1.advance },
            glyphs: runs.map { .init(x: $0.offset, y: 0, advance: $0.advance) })
    }
}

/// How a label's text measures: its width and where each glyph sits along the baseline.
public struct LabelMetrics: Sendable, Equatable {
    /// One glyph's pen offset from the start of the line (x along, y down from the baseline) and its advance.
    public struct Glyph: Sendable, Equatable {
        public var x: Double
        public var y: Double
        public var advance: Double
    }

    public var width: Double
    public var glyphs: [Glyph]
}
