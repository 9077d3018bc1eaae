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

    /// Loads DejaVuSans.ttf and DejaVuSans-Bold.ttf from `directory`, each file's bytes from `reading` (into
    /// memory unless given; Platform's `FontSet.loadMapped` maps them).
    public static func load(
        directory: String = defaultDirectory,
        reading: (String) throws -> any FontFileBytes = { try FontFileInMemory(contentsOf: $0) }
    ) throws -> FontSet {
        FontSet(
            regular: try TrueTypeFont(file: reading(directory + "/DejaVuSans.ttf")),
            bold: try TrueTypeFont(file: reading(directory + "/DejaVuSans-Bold.ttf")))
    }
}
