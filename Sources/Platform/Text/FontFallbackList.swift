import Core

/// A font file opened for use: FreeType to rasterise, HarfBuzz to shape.
// Unchecked Sendable: used only while `WorldTextShaper`'s lock is held.
final class OpenFont: @unchecked Sendable {
    let file: FontFile
    let rasterizer: FreeTypeFace
    let shaper: HarfBuzzFont

    /// Opens the file once for both (`MappedFontFile.open`, shared with Core's parser of the same file).
    init(file: FontFile, library: FreeTypeLibrary) throws {
        self.file = file
        let bytes = try MappedFontFile.open(file.path)
        rasterizer = try FreeTypeFace(library: library, file: bytes, path: file.path, index: file.faceIndex)
        shaper = try HarfBuzzFont(file: bytes, path: file.path, index: file.faceIndex)
    }
}

/// The fonts of one weight in the order a character is looked for, opened only when a string needs them.
///
/// The list is found once through fontconfig (file, face index and character coverage, from fontconfig's
/// cache); a file is opened, and its pages mapped, the first time a run uses it, so the 19 MiB CJK font costs
/// nothing until a Chinese or Japanese name appears. A character none of the listed fonts has is looked up
/// in all installed fonts and that font is appended.
// Unchecked Sendable: used only while `WorldTextShaper`'s lock is held.
final class FontFallbackList: @unchecked Sendable {
    private let library: FreeTypeLibrary
    private let locator: FontLocator
    private let weight: FontWeight
    private(set) var files: [FontFile]
    private var opened: [Int: OpenFont] = [:]
    private var lastResortTried: Set<UInt32> = []
    /// How many distinct characters may be looked up in all installed fonts.
    static let lastResortLimit = 4096

    init(families: [String], weight: FontWeight, library: FreeTypeLibrary, locator: FontLocator) throws {
        self.library = library
        self.locator = locator
        self.weight = weight
        var seen: Set<String> = []
        files = families.compactMap { locator.find(family: $0, weight: weight) }.filter { f in
            // Two families can resolve to one face (a missing bold falls back to the same file): keep the first.
            seen.insert("\(f.path)#\(f.faceIndex)").inserted
        }
        guard !files.isEmpty else { throw TextError.noFonts(families: families) }
    }

    /// The font at `index`, opening it on first use.
    func font(_ index: Int) throws -> OpenFont {
        if let f = opened[index] { return f }
        let f = try OpenFont(file: files[index], library: library)
        opened[index] = f
        return f
    }

    /// The families opened so far, in list order.
    var openedFamilies: [String] { opened.keys.sorted().map { files[$0].family } }

    /// The first font that has every character of `scalars` (characters no font draws, such as joiners,
    /// excepted), trying `preferred` first.
    func firstCovering(_ scalars: ArraySlice<UInt32>, preferred: [Int]) -> Int? {
        let order = preferred + files.indices.filter { !preferred.contains($0) }
        return order.first { i in scalars.allSatisfy { s in Self.isInvisible(s) || files[i].covers(s) } }
    }

    /// The first font that has `scalar`, asking fontconfig for any installed font as the last resort; nil when
    /// no installed font has it (the primary font's empty box is drawn then).
    func covering(_ scalar: UInt32, preferred: [Int]) -> Int? {
        if let i = firstCovering([scalar], preferred: preferred) { return i }
        // Each character is asked about once, and only so many: a map full of unassigned code points must not
        // turn every label into thousands of fontconfig queries or grow this set without bound.
        guard lastResortTried.count < Self.lastResortLimit, lastResortTried.insert(scalar).inserted,
            let extra = locator.find(covering: scalar, weight: weight)
        else { return nil }
        if let known = files.firstIndex(where: { $0.path == extra.path && $0.faceIndex == extra.faceIndex }) {
            return known
        }
        files.append(extra)
        return files.count - 1
    }

    /// The indices of fonts whose family contains `name` (for the Japanese-or-Chinese choice of CJK fonts).
    func indices(ofFamilyContaining name: String) -> [Int] {
        files.indices.filter { files[$0].family.contains(name) }
    }

    /// Format characters that have no glyph of their own (joiners, bidi marks, variation selectors).
    static func isInvisible(_ s: UInt32) -> Bool {
        (0x200B...0x200F).contains(s) || (0x202A...0x202E).contains(s) || (0x2060...0x206F).contains(s)
            || (0xFE00...0xFE0F).contains(s) || s == 0xFEFF || s < 0x20
    }
}
