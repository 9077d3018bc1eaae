/// Turns a string into glyphs ready to draw: shaped, in visual order, positioned, each with its coverage mask.
///
/// Core draws text through this protocol and never sees a font library; Platform's `WorldTextShaper` implements
/// it with FreeType, HarfBuzz, FriBidi and fontconfig. Bad input (empty strings, unpaired surrogates already
/// replaced by Swift, characters no font has) gives a run, never a trap; only a broken font file throws.
public protocol TextShaper: AnyObject, Sendable {
    /// Shapes `text` in `style`: glyphs in visual (left-to-right on screen) order, pen positions from the run's
    /// origin on the baseline, and the run's metrics.
    func shape(_ text: String, style: TextStyle) throws -> GlyphRun
}

/// Which way a paragraph reads when its own letters do not say (or to force one).
public enum TextDirection: Hashable, Sendable {
    /// From the first strong letter (Unicode's rule P2): Hebrew and Arabic names read right to left.
    case automatic
    case leftToRight
    case rightToLeft
}

/// The weight of the face: the HUD uses bold, street names regular.
public enum FontWeight: Hashable, Sendable {
    case regular
    case bold
}

/// Everything besides the string that decides how a run looks.
public struct TextStyle: Hashable, Sendable {
    /// The em size in pixels (not points: the panel's density is applied by the caller).
    public var sizePixels: Double
    public var weight: FontWeight
    public var direction: TextDirection
    /// The width in pixels of a halo around every glyph (0: none); its masks come with the glyphs.
    public var haloPixels: Double

    public init(
        sizePixels: Double, weight: FontWeight = .regular, direction: TextDirection = .automatic,
        haloPixels: Double = 0
    ) {
        self.sizePixels = sizePixels
        self.weight = weight
        self.direction = direction
        self.haloPixels = haloPixels
    }
}
