/// An 8-bit coverage mask of one glyph (0 = empty, 255 = fully inside), placed relative to its pen position.
public struct GlyphBitmap: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Pixels from the pen position to the mask's left column.
    public let left: Int
    /// Pixels from the baseline up to the mask's top row.
    public let top: Int
    /// Row-major coverage, `width * height` bytes.
    public let coverage: [UInt8]

    public init(width: Int, height: Int, left: Int, top: Int, coverage: [UInt8]) {
        self.width = width
        self.height = height
        self.left = left
        self.top = top
        self.coverage = coverage
    }

    /// A glyph with nothing to draw (a space).
    public static let empty = GlyphBitmap(width: 0, height: 0, left: 0, top: 0, coverage: [])

    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The coverage at column `x`, row `y`, 0 outside the mask.
    public func coverage(x: Int, y: Int) -> UInt8 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return coverage[y * width + x]
    }

    /// The rows whose coverage reaches `threshold` somewhere: the inked height in pixels.
    public func inkedRows(threshold: UInt8 = 128) -> Int {
        guard !isEmpty else { return 0 }
        var rows = 0
        for y in 0..<height where coverage[(y * width)..<((y + 1) * width)].contains(where: { $0 >= threshold }) {
            rows += 1
        }
        return rows
    }
}

/// One glyph of a shaped run.
public struct PositionedGlyph: Sendable {
    /// The glyph's index in its font (0 is `.notdef`, the empty box).
    public let glyphID: UInt32
    /// Which font of the shaper's fallback list drew it (0 is the primary font).
    public let fontIndex: Int
    /// The index of the first Unicode scalar of the text this glyph comes from (HarfBuzz's cluster).
    public let cluster: Int
    /// The pen position in pixels from the run's origin: x to the right, y down (0 on the baseline).
    public let x: Double
    public let y: Double
    /// How far this glyph moves the pen, in pixels.
    public let advance: Double
    public let bitmap: GlyphBitmap
    /// The glyph dilated by the style's halo width (`nil` when the style has none).
    public let halo: GlyphBitmap?

    public init(
        glyphID: UInt32, fontIndex: Int, cluster: Int, x: Double, y: Double, advance: Double,
        bitmap: GlyphBitmap, halo: GlyphBitmap?
    ) {
        self.glyphID = glyphID
        self.fontIndex = fontIndex
        self.cluster = cluster
        self.x = x
        self.y = y
        self.advance = advance
        self.bitmap = bitmap
        self.halo = halo
    }
}

/// A shaped line of text: glyphs in visual order and the metrics a layout needs, all in pixels.
public struct GlyphRun: Sendable {
    public let text: String
    public let style: TextStyle
    public let glyphs: [PositionedGlyph]
    /// The pen advance of the whole run (its width for layout).
    public let advance: Double
    /// From the baseline up to the highest ascender of the fonts used (positive).
    public let ascent: Double
    /// From the baseline down to the lowest descender of the fonts used (positive).
    public let descent: Double
    /// The height of capital letters of the primary font: what ISO 15008 measures.
    public let capHeight: Double
    /// Whether the paragraph reads right to left (so a caller can align it to the right).
    public let isRightToLeft: Bool
    /// Glyphs that came out as `.notdef` because no font has the character.
    public let missingGlyphCount: Int

    public init(
        text: String, style: TextStyle, glyphs: [PositionedGlyph], advance: Double, ascent: Double,
        descent: Double, capHeight: Double, isRightToLeft: Bool, missingGlyphCount: Int
    ) {
        self.text = text
        self.style = style
        self.glyphs = glyphs
        self.advance = advance
        self.ascent = ascent
        self.descent = descent
        self.capHeight = capHeight
        self.isRightToLeft = isRightToLeft
        self.missingGlyphCount = missingGlyphCount
    }
}
