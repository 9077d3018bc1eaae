/// A small pull tokenizer for the XML that GPX files use: start and end tags with attributes, text, CDATA;
/// comments, processing instructions and a DOCTYPE are skipped. One pass over the bytes, no backtracking, so a
/// file costs time in proportion to its size. Names and values are byte ranges into the input; nothing is
/// copied until the reader asks for a string.
///
/// Not a validating parser: entities other than the five predefined ones and character references are kept as
/// written, and a DOCTYPE's internal subset is skipped, never expanded (no entity-expansion blow-ups).
struct XMLScanner {
    enum Token {
        /// A start tag; its attributes are in `attributes` until the next call. `selfClosing` for `<a/>`.
        case start(name: Range<Int>, selfClosing: Bool)
        case end(name: Range<Int>)
        /// Character data between tags, raw (entities not yet decoded); `cdata` when from a CDATA section.
        case text(Range<Int>, cdata: Bool)
    }

    struct Attribute {
        var name: Range<Int>
        var value: Range<Int>
    }

    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var position = 0
    /// The attributes of the last start tag (reused between tags to spare allocations).
    private(set) var attributes: [Attribute] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // A UTF-8 byte order mark is allowed before the declaration.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    /// The 1-based line of a byte offset (counted only when an error needs it).
    func line(at offset: Int) -> Int {
        var line = 1
        for i in 0..<min(offset, bytes.count) where bytes[i] == UInt8(ascii: "\n") { line += 1 }
        return line
    }

    /// The next token, or nil at the end of the input.
    mutating func next() throws(GPXError) -> Token? {
        while position < bytes.count {
            if bytes[position] != UInt8(ascii: "<") {
                let start = position
                while position < bytes.count, bytes[position] != UInt8(ascii: "<") { position += 1 }
                return .text(start..<position, cdata: false)
            }
            let tagStart = position
            guard position + 1 < bytes.count else { throw truncated(at: tagStart, inside: "a tag") }
            switch bytes[position + 1] {
            case UInt8(ascii: "/"):
                position += 2
                let name = try scanName(tagStart: tagStart)
                skipSpace()
                try expect(UInt8(ascii: ">"), tagStart: tagStart)
                return .end(name: name)
            case UInt8(ascii: "?"):
                try skip(past: Array("?>".utf8), from: tagStart, what: "a processing instruction")
            case UInt8(ascii: "!"):
                if hasPrefix("<!--") {
                    try skip(past: Array("-->".utf8), from: tagStart, what: "a comment")
                } else if hasPrefix("<![CDATA[") {
                    let start = position + 9
                    position = start
                    let end = try find(Array("]]>".utf8), from: tagStart, what: "a CDATA section")
                    position = end + 3
                    return .text(start..<end, cdata: true)
                } else if hasPrefix("<!DOCTYPE") {
                    try skipDoctype(from: tagStart)
                } else {
                    throw malformed(at: tagStart, "unknown markup after \"<!\"")
                }
            default:
                position += 1
                let name = try scanName(tagStart: tagStart)
                return .start(name: name, selfClosing: try scanAttributes(tagStart: tagStart))
            }
        }
        return nil
    }

    // MARK: - Pieces

    private static func isNameByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "-"),
            UInt8(ascii: "."), 0x80...0xFF:
            return true
        default: return false
        }
    }

    private static func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D
    }

    private mutating func scanName(tagStart: Int) throws(GPXError) -> Range<Int> {
        let start = position
        while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
        if position >= bytes.count { throw truncated(at: tagStart, inside: "a tag") }
        guard position > start else { throw malformed(at: start, "expected a name after \"<\"") }
        return start..<position
    }

    private mutating func skipSpace() {
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
    }

    private mutating func expect(_ byte: UInt8, tagStart: Int) throws(GPXError) {
        guard position < bytes.count else { throw truncated(at: tagStart, inside: "a tag") }
        guard bytes[position] == byte else {
            throw malformed(at: position, "expected \"\(Character(Unicode.Scalar(byte)))\"")
        }
        position += 1
    }

    /// Reads `name="value"` pairs up to `>` or `/>`; returns true for `/>`.
    private mutating func scanAttributes(tagStart: Int) throws(GPXError) -> Bool {
        attributes.removeAll(keepingCapacity: true)
        while true {
            skipSpace()
            guard position < bytes.count else { throw truncated(at: tagStart, inside: "a tag") }
            switch bytes[position] {
            case UInt8(ascii: ">"):
                position += 1
                return false
            case UInt8(ascii: "/"):
                position += 1
                try expect(UInt8(ascii: ">"), tagStart: tagStart)
                return true
            default:
                let name = try scanName(tagStart: tagStart)
                skipSpace()
                try expect(UInt8(ascii: "="), tagStart: tagStart)
                skipSpace()
                guard position < bytes.count else { throw truncated(at: tagStart, inside: "a tag") }
                let quote = bytes[position]
                guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                    throw malformed(at: position, "attribute value without quotes")
                }
                position += 1
                let start = position
                while position < bytes.count, bytes[position] != quote {
                    if bytes[position] == UInt8(ascii: "<") { throw malformed(at: position, "\"<\" in an attribute") }
                    position += 1
                }
                guard position < bytes.count else { throw truncated(at: tagStart, inside: "a tag") }
                attributes.append(Attribute(name: name, value: start..<position))
                position += 1
            }
        }
    }

    private func hasPrefix(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let p = text.utf8Start
        for i in 0..<count where bytes[position + i] != p[i] { return false }
        return true
    }

    /// The offset where `needle` starts, searching from `position`.
    private func find(_ needle: [UInt8], from tagStart: Int, what: String) throws(GPXError) -> Int {
        var i = position
        while i + needle.count <= bytes.count {
            if bytes[i] == needle[0] {
                var match = true
                for k in 1..<needle.count where bytes[i + k] != needle[k] {
                    match = false
                    break
                }
                if match { return i }
            }
            i += 1
        }
        throw truncated(at: tagStart, inside: what)
    }

    private mutating func skip(past needle: [UInt8], from tagStart: Int, what: String) throws(GPXError) {
        position += 2
        position = try find(needle, from: tagStart, what: what) + needle.count
    }

    private mutating func skipDoctype(from tagStart: Int) throws(GPXError) {
        var inSubset = false
        while position < bytes.count {
            let b = bytes[position]
            position += 1
            if b == UInt8(ascii: "[") { inSubset = true }
            if b == UInt8(ascii: "]") { inSubset = false }
            if b == UInt8(ascii: ">"), !inSubset { return }
        }
        throw truncated(at: tagStart, inside: "a DOCTYPE")
    }

    private func truncated(at offset: Int, inside: String) -> GPXError {
        .truncated(line: line(at: offset), inside: inside)
    }

    private func malformed(at offset: Int, _ reason: String) -> GPXError {
        .malformed(line: line(at: offset), reason: reason)
    }
}
