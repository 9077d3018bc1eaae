/// One text size of the HUD, set by the shaped text stack (`TextShaper`) or, when it could not start, by the
/// TrueType outline fallback. Both answer the same questions, so the HUD does not care which it has.
public struct HUDFont: Sendable {
    enum Backend: Sendable {
        case shaped(ShapedTextLayout)
        case outline(TextLayout)
    }

    let backend: Backend

    /// A bold face whose capital letters are at least `capHeightPixels` high: the em size is found from the
    /// font's own capital height, because ISO 15008 measures capitals, not the em.
    public init(capHeightPixels: Double, fonts: FontSet, shaper: (any TextShaper)?) {
        // Hinting may move the top of the capitals to the nearest pixel edge; aim half a pixel above.
        let wanted = capHeightPixels.rounded(.up) + 0.5
        if let shaper, let probe = try? ShapedTextLayout(shaper, sizePixels: 100, weight: .bold),
            probe.capHeight > 1,
            let layout = try? ShapedTextLayout(shaper, sizePixels: 100 * wanted / probe.capHeight, weight: .bold)
        {
            backend = .shaped(layout)
        } else {
            let probe = TextLayout(font: fonts.bold, size: 100)
            backend = .outline(TextLayout(font: fonts.bold, size: 100 * wanted / probe.capHeight))
        }
    }

    /// The height of a capital letter in pixels, as the font reports it.
    public var capHeight: Double {
        switch backend {
        case .shaped(let l): return l.capHeight
        case .outline(let l): return l.capHeight
        }
    }

    /// The em size in pixels.
    public var sizePixels: Double {
        switch backend {
        case .shaped(let l): return l.style.sizePixels
        case .outline(let l): return l.size
        }
    }

    /// True when the shaped text stack sets this size.
    public var isShaped: Bool {
        if case .shaped = backend { return true }
        return false
    }

    /// The advance width of `text` in pixels.
    public func width(of text: String) -> Double {
        switch backend {
        case .shaped(let l): return l.width(of: text)
        case .outline(let l): return l.width(of: text)
        }
    }

    /// Draws `text` with its baseline starting at `origin`.
    public func draw(_ text: String, at origin: Point, on canvas: Canvas, _ color: Color) {
        switch backend {
        case .shaped(let l): canvas.text(text, at: origin, shaped: l, color)
        case .outline(let l): canvas.text(text, at: origin, layout: l, color)
        }
    }
}

/// The HUD's text sizes for one panel, from its physics: primary information (the big heading and speed, the
/// current street, warnings) at least 20 arc-minutes of capital height at the viewing distance, everything else
/// at least 16 (ISO 15008).
public struct HUDTypography: Sendable {
    /// The big heading and speed digits: primary, and larger still so they read first.
    public let digits: HUDFont
    /// Primary lines: the cardinal beside the heading, warnings, the current street.
    public let primary: HUDFont
    /// Everything else: status lines, the mode, the scale, the north letter.
    public let secondary: HUDFont

    public init(physics: ScreenPhysics, fonts: FontSet, shaper: (any TextShaper)?) {
        let primaryPixels = physics.pixels(arcMinutes: ScreenPhysics.primaryArcMinutes)
        let secondaryPixels = physics.pixels(arcMinutes: ScreenPhysics.secondaryArcMinutes)
        digits = HUDFont(capHeightPixels: primaryPixels * 1.45, fonts: fonts, shaper: shaper)
        primary = HUDFont(capHeightPixels: primaryPixels, fonts: fonts, shaper: shaper)
        secondary = HUDFont(capHeightPixels: secondaryPixels, fonts: fonts, shaper: shaper)
    }
}
