import CFontconfig
import Core
import FoundationEssentials

/// A font file fontconfig found: where it is, which face in it, and which characters it covers.
///
/// The coverage comes from fontconfig's cache, so a large font (Noto Sans CJK, 19 MiB) need not be opened to
/// learn that it has a character.
// Unchecked Sendable: the character set is owned by this object, never changed after `init`, and read only
// through FcCharSetHasChar, which does not modify it.
final class FontFile: @unchecked Sendable {
    let family: String
    let path: String
    let faceIndex: Int
    private let charset: OpaquePointer

    init(family: String, path: String, faceIndex: Int, charset: OpaquePointer) {
        self.family = family
        self.path = path
        self.faceIndex = faceIndex
        self.charset = charset
    }

    deinit { FcCharSetDestroy(charset) }

    /// Whether the font has a glyph for `scalar`. The corresponding C function is `FcCharSetHasChar`.
    func covers(_ scalar: UInt32) -> Bool { FcCharSetHasChar(charset, scalar) != 0 }
}

/// Every call into fontconfig: looks fonts up by family and weight, or by a character they must have.
///
/// Normally the system's configuration (/etc/fonts, with its cache); given directories, a configuration of its
/// own that knows only the fonts in them (for a minimal root file system without /etc/fonts).
// Unchecked Sendable: the configuration is only read after `init`, while `WorldTextShaper`'s lock is held.
final class FontLocator: @unchecked Sendable {
    /// nil: fontconfig's current (system) configuration.
    private let config: OpaquePointer?

    /// Starts fontconfig with the system configuration, or with only the fonts in `directories`. The
    /// corresponding C functions are `FcInit`, `FcConfigCreate` and `FcConfigAppFontAddDir`.
    init(directories: [String]? = nil) throws {
        guard let directories else {
            guard FcInit() != 0 else { throw TextError.fontconfigUnavailable }
            config = nil
            return
        }
        guard let own = FcConfigCreate() else { throw TextError.fontconfigUnavailable }
        for d in directories {
            // fontconfig accepts a directory that is not there (it finds nothing in it): say so instead.
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: d, isDirectory: &isDirectory), isDirectory else {
                FcConfigDestroy(own)
                throw TextError.noFontDirectory(d)
            }
            let added = Self.withFcString(d) { FcConfigAppFontAddDir(own, $0) } ?? 0
            guard added != 0 else {
                FcConfigDestroy(own)
                throw TextError.noFontDirectory(d)
            }
        }
        config = own
    }

    deinit { if let config { FcConfigDestroy(config) } }

    /// The installed font of `family` nearest to `weight`, or nil when the family is not installed (fontconfig
    /// would otherwise answer with some other family). The corresponding C function is `FcFontMatch`.
    func find(family: String, weight: FontWeight) -> FontFile? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = Self.withFcString(family) { FcPatternAddString(pattern, "family", $0) }
        _ = FcPatternAddInteger(pattern, "weight", weight.fontconfigWeight)
        _ = FcPatternAddInteger(pattern, "slant", cfontconfig_slant_roman())
        guard let match = bestMatch(pattern) else { return nil }
        defer { FcPatternDestroy(match) }
        guard let found = string(match, "family"), found.lowercased() == family.lowercased() else { return nil }
        return fontFile(match, family: found)
    }

    /// Any installed font that has `scalar`, nearest to `weight`: the last resort for a character none of the
    /// listed fonts has. The corresponding C function is `FcFontMatch` with a character set.
    func find(covering scalar: UInt32, weight: FontWeight) -> FontFile? {
        guard let pattern = FcPatternCreate(), let wanted = FcCharSetCreate() else { return nil }
        defer {
            FcPatternDestroy(pattern)
            FcCharSetDestroy(wanted)
        }
        _ = FcCharSetAddChar(wanted, scalar)
        _ = FcPatternAddCharSet(pattern, "charset", wanted)
        _ = FcPatternAddInteger(pattern, "weight", weight.fontconfigWeight)
        guard let match = bestMatch(pattern) else { return nil }
        defer { FcPatternDestroy(match) }
        guard let file = fontFile(match, family: string(match, "family") ?? "?"), file.covers(scalar) else {
            return nil
        }
        return file
    }

    private func bestMatch(_ pattern: OpaquePointer) -> OpaquePointer? {
        _ = FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        let match = FcFontMatch(config, pattern, &result)
        guard result == FcResultMatch else {
            if let match { FcPatternDestroy(match) }
            return nil
        }
        return match
    }

    private func fontFile(_ match: OpaquePointer, family: String) -> FontFile? {
        guard let path = string(match, "file") else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(match, "index", 0, &index) != FcResultMatch { index = 0 }
        var charset: OpaquePointer?
        guard FcPatternGetCharSet(match, "charset", 0, &charset) == FcResultMatch, let charset,
            let owned = FcCharSetCopy(charset)
        else { return nil }
        return FontFile(family: family, path: path, faceIndex: Int(index), charset: owned)
    }

    private func string(_ pattern: OpaquePointer, _ object: String) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    private static func withFcString<T>(_ s: String, _ body: (UnsafePointer<FcChar8>) -> T) -> T? {
        let bytes = Array(s.utf8) + [0]
        return bytes.withUnsafeBufferPointer { p in p.baseAddress.map(body) }
    }
}

extension FontWeight {
    /// The weight in fontconfig's terms.
    var fontconfigWeight: Int32 {
        switch self {
        case .regular: return cfontconfig_weight_regular()
        case .bold: return cfontconfig_weight_bold()
        }
    }
}
