/// The fonts the display uses: DejaVu Sans and DejaVu Sans Bold, from Debian's fonts-dejavu-core.
public struct FontSet: Sendable {
    public let regular: TrueTypeFont
    public let bold: TrueTypeFont

    /// Where Debian installs DejaVu; `NAVDISPLAY_FONT_DIR` overrides it.
    public static let defaultDirectory = "/usr/share/fonts/truetype/dejavu"

    public init(regular: TrueTypeFont, bold: TrueTypeFont) {
        self.regular = regular
        self.bold = bold
    }

    /// Loads DejaVuSans.ttf and DejaVuSans-Bold.ttf from `directory`.
    public static func load(directory: String = defaultDirectory) throws -> FontSet {
        FontSet(
            regular: try TrueTypeFont(contentsOf: directory + "/DejaVuSans.ttf"),
            bold: try TrueTypeFont(contentsOf: directory + "/DejaVuSans-Bold.ttf"))
    }
}
