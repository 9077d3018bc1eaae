/// Why the text stack could not set a string: which library failed, at what, and what to do.
public enum TextError: Error, CustomStringConvertible, Equatable {
    /// FreeType returned an error code (see FreeType's fterrdef.h).
    case freeType(call: String, code: Int32, path: String)
    /// HarfBuzz could not read the font file.
    case harfBuzz(call: String, path: String)
    /// fontconfig could not start (no configuration, no fonts).
    case fontconfigUnavailable
    /// A font directory given instead of the system's configuration cannot be read.
    case noFontDirectory(String)
    /// None of the fonts asked for is installed.
    case noFonts(families: [String])
    /// A size that cannot be a glyph size (not finite, ≤ 0 or above the limit).
    case badSize(pixels: Double)
    /// A halo wider than the limit, or not finite.
    case badHalo(pixels: Double)

    public var description: String {
        switch self {
        case .freeType(let call, let code, let path):
            return "FreeType \(call) failed with error \(code) on \(path)"
        case .harfBuzz(let call, let path):
            return "HarfBuzz \(call) could not read \(path)"
        case .fontconfigUnavailable:
            return "fontconfig could not load its configuration (install fontconfig and the fonts)"
        case .noFontDirectory(let d):
            return "cannot read fonts from \(d) (is it a directory of .ttf/.otf files?)"
        case .noFonts(let families):
            return
                "none of the fonts \(families.joined(separator: ", ")) is installed (install fonts-dejavu-core, fonts-noto-core and fonts-noto-cjk)"
        case .badSize(let px):
            return
                "text size \(px) px is not a usable size (want a finite size above 0 and at most \(TextLimits.maximumSizePixels) px)"
        case .badHalo(let px):
            return "halo width \(px) px is not usable (want 0 to \(TextLimits.maximumHaloPixels) px)"
        }
    }
}

/// Bounds on what a caller may ask for, so a bad size from a configuration file cannot make a huge bitmap.
public enum TextLimits {
    public static let maximumSizePixels = 512.0
    public static let maximumHaloPixels = 16.0
    /// Longer strings are cut to this many Unicode scalars (a label, not a book).
    public static let maximumScalars = 1024
}
