import FoundationEssentials

/// A TrueType (glyf-outline) font read from its file's bytes: character map, advances and glyph outlines.
///
/// Enough of the format to set labels and the HUD in DejaVu Sans: cmap formats 4 and 12, hmtx, loca/glyf with
/// simple and composite glyphs. Hinting is ignored (labels are rotated anyway); kerning is not applied.
// Unchecked Sendable: the font bytes and tables are `let`s; the character map is filled in `init` only, and the
// outline cache is touched only while `outlineLock` is held.
public final class TrueTypeFont: @unchecked Sendable {
    public let unitsPerEm: Double
    public let ascender: Double
    public let descender: Double
    /// Keeps `data` valid: the file in memory or mapped (`FontFileBytes`).
    private let file: any FontFileBytes
    private let data: UnsafeRawBufferPointer
    private let glyphCount: Int
    private let longLoca: Bool
    private let tables: [String: (offset: Int, length: Int)]
    private let advances: [UInt16]
    private var characterMap: [UInt32: UInt16] = [:]
    // Outlines are immutable once parsed; fonts are shared read-only between threads after `init`.
    private let outlineLock = Lock()
    private var outlineCache: [UInt16: [[OutlinePoint]]] = [:]

    /// A point of a glyph outline in font units; off-curve points are quadratic control points.
    struct OutlinePoint {
        var x: Double
        var y: Double
        var onCurve: Bool
    }

    /// Reads the font in `bytes`; throws naming the table that is missing or malformed.
    public convenience init(bytes: [UInt8]) throws {
        try self.init(file: FontFileInMemory(bytes))
    }

    /// Reads the font in `file`, which it keeps (outlines are parsed from it when first drawn); throws naming
    /// the table that is missing or malformed.
    public init(file: any FontFileBytes) throws {
        self.file = file
        let bytes = file.bytes
        data = bytes
        guard bytes.count >= 12 else { throw FontError.malformed("file is shorter than a font header") }
        let r = ByteReader(bytes)
        let numTables = Int(try r.u16(4))
        var t: [String: (Int, Int)] = [:]
        for i in 0..<numTables {
            let rec = 12 + 16 * i
            let tag = String(decoding: try r.slice(rec, 4), as: UTF8.self)
            let offset = Int(try r.u32(rec + 8))
            let length = Int(try r.u32(rec + 12))
            guard offset + length <= bytes.count else { throw FontError.malformed("table \(tag) runs past the end") }
            t[tag] = (offset, length)
        }
        tables = t
        for tag in ["head", "hhea", "hmtx", "maxp", "cmap", "loca", "glyf"] where t[tag] == nil {
            throw FontError.malformed("no '\(tag)' table (only TrueType outline fonts are supported)")
        }
        let head = t["head"]!.0
        let hhea = t["hhea"]!.0
        let maxp = t["maxp"]!.0
        unitsPerEm = Double(try r.u16(head + 18))
        longLoca = try r.u16(head + 50) == 1
        ascender = Double(try r.i16(hhea + 4))
        descender = Double(try r.i16(hhea + 6))
        glyphCount = Int(try r.u16(maxp + 4))
        let metricCount = Int(try r.u16(hhea + 34))
        let hmtx = t["hmtx"]!.0
        var adv: [UInt16] = []
        for i in 0..<max(metricCount, 1) { adv.append(try r.u16(hmtx + 4 * i)) }
        advances = adv
        guard unitsPerEm > 0 else { throw FontError.malformed("unitsPerEm is 0") }
        characterMap = try readCharacterMap(r, t["cmap"]!.0)
    }

    /// Loads a font file from disk into memory.
    public convenience init(contentsOf path: String) throws {
        try self.init(file: FontFileInMemory(contentsOf: path))
    }

    /// The glyph for a character (0, the "missing" box, when the font lacks it).
    public func glyph(for scalar: Unicode.Scalar) -> UInt16 { characterMap[scalar.value] ?? 0 }

    /// The advance width of a glyph in font units.
    public func advance(of glyph: UInt16) -> Double {
        Double(advances[min(Int(glyph), advances.count - 1)])
    }

    /// The outline of a glyph in font units (y up), as closed contours of on/off-curve points.
    func outline(of glyph: UInt16) -> [[OutlinePoint]] {
        outlineLock.locked {
            if let cached = outlineCache[glyph] { return cached }
            let contours = (try? parseGlyph(glyph, depth: 0)) ?? []
            outlineCache[glyph] = contours
            return contours
        }
    }

    private func glyphRange(_ glyph: UInt16) throws -> Range<Int>? {
        guard Int(glyph) < glyphCount else { return nil }
        let r = ByteReader(data)
        let loca = tables["loca"]!.0
        let glyf = tables["glyf"]!.0
        let i = Int(glyph)
        let start: Int
        let end: Int
        if longLoca {
            start = Int(try r.u32(loca + 4 * i))
            end = Int(try r.u32(loca + 4 * i + 4))
        } else {
            start = Int(try r.u16(loca + 2 * i)) * 2
            end = Int(try r.u16(loca + 2 * i + 2)) * 2
        }
        guard end > start else { return nil }
        guard glyf + end <= data.count else { throw FontError.malformed("glyph \(glyph) runs past the end") }
        return (glyf + start)..<(glyf + end)
    }

    private func parseGlyph(_ glyph: UInt16, depth: Int) throws -> [[OutlinePoint]] {
        guard depth < 8, let range = try glyphRange(glyph) else { return [] }
        let r = ByteReader(data)
        let contourCount = Int(try r.i16(range.lowerBound))
        return contourCount >= 0
            ? try parseSimple(r, range.lowerBound, contourCount)
            : try parseComposite(r, range.lowerBound + 10, depth: depth)
    }

    private func parseSimple(_ r: ByteReader, _ start: Int, _ contourCount: Int) throws -> [[OutlinePoint]] {
        var p = start + 10
        var ends: [Int] = []
        for _ in 0..<contourCount {
            ends.append(Int(try r.u16(p)))
            p += 2
        }
        let pointCount = (ends.last ?? -1) + 1
        p += 2 + Int(try r.u16(p))  // skip the hinting instructions
        var flags: [UInt8] = []
        while flags.count < pointCount {
            let f = try r.u8(p)
            p += 1
            flags.append(f)
            if f & 8 != 0 {
                let repeats = Int(try r.u8(p))
                p += 1
                for _ in 0..<repeats { flags.append(f) }
            }
        }
        func coordinates(shortBit: UInt8, sameBit: UInt8) throws -> [Double] {
            var v = 0
            var out: [Double] = []
            for f in flags.prefix(pointCount) {
                if f & shortBit != 0 {
                    let d = Int(try r.u8(p))
                    p += 1
                    v += f & sameBit != 0 ? d : -d
                } else if f & sameBit == 0 {
                    v += Int(try r.i16(p))
                    p += 2
                }
                out.append(Double(v))
            }
            return out
        }
        let xs = try coordinates(shortBit: 2, sameBit: 16)
        let ys = try coordinates(shortBit: 4, sameBit: 32)
        var contours: [[OutlinePoint]] = []
        var first = 0
        for end in ends where end >= first && end < pointCount {
            contours.append((first...end).map { OutlinePoint(x: xs[$0], y: ys[$0], onCurve: flags[$0] & 1 != 0) })
            first = end + 1
        }
        return contours
    }

    private func parseComposite(_ r: ByteReader, _ start: Int, depth: Int) throws -> [[OutlinePoint]] {
        var p = start
        var result: [[OutlinePoint]] = []
        while true {
            let flags = try r.u16(p)
            let component = try r.u16(p + 2)
            p += 4
            var dx = 0.0
            var dy = 0.0
            if flags & 1 != 0 {
                dx = Double(try r.i16(p))
                dy = Double(try r.i16(p + 2))
                p += 4
            } else {
                dx = Double(Int8(bitPattern: try r.u8(p)))
                dy = Double(Int8(bitPattern: try r.u8(p + 1)))
                p += 2
            }
            // Point-matched placement (ARGS_ARE_XY_VALUES clear) is rare in text fonts; place at the origin then.
            if flags & 2 == 0 {
                dx = 0
                dy = 0
            }
            var a = 1.0
            var b = 0.0
            var c = 0.0
            var d = 1.0
            if flags & 8 != 0 {
                a = try r.f2dot14(p)
                d = a
                p += 2
            } else if flags & 0x40 != 0 {
                a = try r.f2dot14(p)
                d = try r.f2dot14(p + 2)
                p += 4
            } else if flags & 0x80 != 0 {
                a = try r.f2dot14(p)
                b = try r.f2dot14(p + 2)
                c = try r.f2dot14(p + 4)
                d = try r.f2dot14(p + 6)
                p += 8
            }
            for contour in try parseGlyph(component, depth: depth + 1) {
                result.append(
                    contour.map { q in
                        OutlinePoint(x: a * q.x + c * q.y + dx, y: b * q.x + d * q.y + dy, onCurve: q.onCurve)
                    })
            }
            if flags & 0x20 == 0 { break }
        }
        return result
    }
}

/// Why a font could not be used.
public enum FontError: Error, CustomStringConvertible {
    case unreadable(String)
    case malformed(String)
    public var description: String {
        switch self {
        case .unreadable(let path): return "cannot read font file \(path) (install fonts-dejavu-core)"
        case .malformed(let why): return "font file is malformed: \(why)"
        }
    }
}

/// Reads big-endian numbers with bounds checks, so a damaged font throws instead of trapping.
struct ByteReader {
    let bytes: UnsafeRawBufferPointer
    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }
    func check(_ at: Int, _ n: Int) throws {
        guard at >= 0, at + n <= bytes.count else { throw FontError.malformed("read past the end at byte \(at)") }
    }
    func u8(_ at: Int) throws -> UInt8 {
        try check(at, 1)
        return bytes[at]
    }
    func u16(_ at: Int) throws -> UInt16 {
        try check(at, 2)
        return UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
    }
    func i16(_ at: Int) throws -> Int16 { Int16(bitPattern: try u16(at)) }
    func u32(_ at: Int) throws -> UInt32 {
        try check(at, 4)
        return UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8
            | UInt32(bytes[at + 3])
    }
    func f2dot14(_ at: Int) throws -> Double { Double(try i16(at)) / 16384 }
    func slice(_ at: Int, _ n: Int) throws -> Slice<UnsafeRawBufferPointer> {
        try check(at, n)
        return bytes[at..<(at + n)]
    }
}

/// Reads the best Unicode subtable: format 12 (full Unicode) if present, else format 4 (BMP).
private func readCharacterMap(_ r: ByteReader, _ cmap: Int) throws -> [UInt32: UInt16] {
    let count = Int(try r.u16(cmap + 2))
    var best: (format: UInt16, offset: Int)?
    for i in 0..<count {
        let platform = try r.u16(cmap + 4 + 8 * i)
        let encoding = try r.u16(cmap + 6 + 8 * i)
        let offset = cmap + Int(try r.u32(cmap + 8 + 8 * i))
        let unicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10))
        guard unicode else { continue }
        let format = try r.u16(offset)
        if format == 12 || (format == 4 && best == nil) { best = (format, offset) }
    }
    guard let table = best else { throw FontError.malformed("no Unicode character map") }
    var map: [UInt32: UInt16] = [:]
    if table.format == 12 {
        let groups = Int(try r.u32(table.offset + 12))
        for g in 0..<groups {
            let base = table.offset + 16 + 12 * g
            let first = try r.u32(base)
            let last = try r.u32(base + 4)
            let glyph = try r.u32(base + 8)
            guard last >= first, last - first < 0x10000 else { continue }
            for c in first...last { map[c] = UInt16(truncatingIfNeeded: glyph + (c - first)) }
        }
    } else {
        let segX2 = Int(try r.u16(table.offset + 6))
        let ends = table.offset + 14
        let starts = ends + segX2 + 2
        let deltas = starts + segX2
        let ranges = deltas + segX2
        for s in 0..<(segX2 / 2) {
            let end = try r.u16(ends + 2 * s)
            let start = try r.u16(starts + 2 * s)
            let delta = try r.u16(deltas + 2 * s)
            let rangeOffset = Int(try r.u16(ranges + 2 * s))
            guard start <= end, start != 0xffff else { continue }
            for c in start...end {
                var g: UInt16
                if rangeOffset == 0 {
                    g = c &+ delta
                } else {
                    let at = ranges + 2 * s + rangeOffset + 2 * Int(c - start)
                    g = try r.u16(at)
                    if g != 0 { g = g &+ delta }
                }
                map[UInt32(c)] = g
            }
        }
    }
    return map
}
