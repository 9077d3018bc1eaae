/// Reads protocol-buffer wire format from a byte buffer: varints, fixed-width values and length-delimited fields.
///
/// Every read is bounds-checked and throws `MapError.badVectorTile` instead of trapping, so a truncated or
/// hostile tile costs an error, never a crash.
struct ProtobufReader {
    enum WireType: UInt64 {
        case varint = 0
        case fixed64 = 1
        case lengthDelimited = 2
        case fixed32 = 5
    }

    let bytes: [UInt8]
    private(set) var position: Int
    let end: Int

    init(_ bytes: [UInt8], range: Range<Int>? = nil) {
        self.bytes = bytes
        self.position = range?.lowerBound ?? 0
        self.end = range?.upperBound ?? bytes.count
    }

    var isAtEnd: Bool { position >= end }

    mutating func varint() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end else { throw MapError.badVectorTile("varint runs past the end at byte \(position)") }
            let b = bytes[position]
            position += 1
            guard shift < 64 else { throw MapError.badVectorTile("varint longer than 10 bytes at byte \(position)") }
            result |= UInt64(b & 0x7f) << shift
            if b & 0x80 == 0 { return result }
            shift += 7
        }
    }

    /// A field key: (field number, wire type).
    mutating func key() throws -> (field: Int, type: WireType) {
        let k = try varint()
        guard let type = WireType(rawValue: k & 7) else {
            throw MapError.badVectorTile("unknown wire type \(k & 7) at byte \(position)")
        }
        guard k >> 3 <= UInt64(Int32.max) else { throw MapError.badVectorTile("field number too large") }
        return (Int(k >> 3), type)
    }

    /// The byte range of a length-delimited field, after which the reader is positioned.
    mutating func lengthDelimited() throws -> Range<Int> {
        let n = try varint()
        guard n <= UInt64(end - position) else {
            throw MapError.badVectorTile("field of \(n) bytes runs past the end at byte \(position)")
        }
        let start = position
        position += Int(n)
        return start..<position
    }

    mutating func fixed32() throws -> UInt32 {
        guard end - position >= 4 else { throw MapError.badVectorTile("fixed32 runs past the end") }
        var v: UInt32 = 0
        for i in 0..<4 { v |= UInt32(bytes[position + i]) << (8 * UInt32(i)) }
        position += 4
        return v
    }

    mutating func fixed64() throws -> UInt64 {
        guard end - position >= 8 else { throw MapError.badVectorTile("fixed64 runs past the end") }
        var v: UInt64 = 0
        for i in 0..<8 { v |= UInt64(bytes[position + i]) << (8 * UInt64(i)) }
        position += 8
        return v
    }

    mutating func skip(_ type: WireType) throws {
        switch type {
        case .varint: _ = try varint()
        case .fixed64: _ = try fixed64()
        case .fixed32: _ = try fixed32()
        case .lengthDelimited: _ = try lengthDelimited()
        }
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// Packed varints (a length-delimited field of varints), with at most `limit` values.
    func packedVarints(_ range: Range<Int>, limit: Int) throws -> [UInt32] {
        var sub = ProtobufReader(bytes, range: range)
        var out: [UInt32] = []
        out.reserveCapacity(min(range.count, limit))
        while !sub.isAtEnd {
            let v = try sub.varint()
            guard v <= UInt64(UInt32.max) else { throw MapError.badVectorTile("packed value \(v) exceeds 32 bits") }
            guard out.count < limit else { throw MapError.badVectorTile("more than \(limit) packed values") }
            out.append(UInt32(v))
        }
        return out
    }

    /// Decodes a zigzag-encoded signed value.
    static func zigzag(_ v: UInt32) -> Int32 { Int32(bitPattern: (v >> 1) ^ (0 &- (v & 1))) }
    static func zigzag64(_ v: UInt64) -> Int64 { Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1))) }
}
