/// FNV-1a over frames' content hashes, byte by byte: one number that says "the same frames" (replays at
/// different speeds, or before and after a change, compare by it).
public struct FrameHash: Hashable, Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    /// Adds one frame's `FrameBuffer.contentHash`.
    public mutating func add(_ frameContentHash: UInt64) {
        var h = frameContentHash
        for _ in 0..<8 {
            value = (value ^ (h & 0xff)) &* 0x100_0000_01b3
            h >>= 8
        }
    }

    /// Hexadecimal, as `replay` prints it.
    public var hex: String { String(value, radix: 16) }
}
