/// A `TextShaper` with one style: the drop-in for `TextLayout` where the HUD and the labels set text.
///
/// `TextLayout(font: fonts.bold, size: 34 * u)` becomes `ShapedTextLayout(shaper, sizePixels: 34 * u,
/// weight: .bold)`; `width(of:)`, `capHeight`, `ascent` and `descent` mean what they meant there, and
/// `Canvas.text(_:at:shaped:…)` draws.
public struct ShapedTextLayout: Sendable {
    public let shaper: any TextShaper
    public let style: TextStyle
    /// Metrics of the primary font at this style, from shaping the empty string once.
    public let capHeight: Double
    public let ascent: Double
    public let descent: Double

    /// Checks the style once (a bad size or halo throws here, not at every label).
    public init(_ shaper: any TextShaper, style: TextStyle) throws {
        self.shaper = shaper
        self.style = style
        let probe = try shaper.shape("H", style: style)
        capHeight = probe.capHeight
        ascent = probe.ascent
        descent = probe.descent
    }

    public init(
        _ shaper: any TextShaper, sizePixels: Double, weight: FontWeight = .regular, haloPixels: Double = 0
    ) throws {
        try self.init(shaper, style: TextStyle(sizePixels: sizePixels, weight: weight, haloPixels: haloPixels))
    }

    /// The shaped run of `text`; an empty run when the shaper fails (only a font file that became unreadable
    /// after the check in `init` can make it fail).
    public func run(_ text: String) -> GlyphRun {
        (try? shaper.shape(text, style: style))
            ?? GlyphRun(
                text: text, style: style, glyphs: [], advance: 0, ascent: ascent, descent: descent,
                capHeight: capHeight, isRightToLeft: false, missingGlyphCount: text.unicodeScalars.count)
    }

    /// The advance width of `text` in pixels.
    public func width(of text: String) -> Double { run(text).advance }
}

extension Canvas {
    /// Draws `text` shaped by `layout` with its baseline starting at `origin`, turned by `rotationDegrees`, with
    /// the halo colour when the layout's style has a halo width.
    public func text(
        _ text: String, at origin: Point, shaped layout: ShapedTextLayout, _ color: Color, halo: Color? = nil,
        rotationDegrees: Double = 0
    ) {
        draw(layout.run(text), at: origin, color, halo: halo, rotationDegrees: rotationDegrees)
    }
}
