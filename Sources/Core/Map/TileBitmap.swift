/// A rendered tile's pixels, kept compactly: as one-byte indices into its own palette when the tile has at most
/// 256 colours, two-byte indices for up to 4096, else XRGB8888 as drawn. Exact either way (no colour is
/// rounded), so a map tile of flat fills and their antialiased edges costs a quarter or half of its 256 KiB.
///
/// The memory does not move, so the mosaic reads rows through plain pointers (no array bounds or reference
/// counting per pixel).
// Unchecked Sendable: a worker writes the pixels before the bitmap is published into the cache under its lock;
// after that every reader only reads, and the storage is freed in `deinit`, when no reader holds it.
public final class TileBitmap: @unchecked Sendable {
    public let size: Int
    /// Bytes per pixel of the stored indices or pixels: 1, 2 or 4.
    public let bytesPerPixel: Int
    /// The colours the indices point at (empty when pixels are stored directly).
    let palette: UnsafeMutableBufferPointer<UInt32>
    private let storage: UnsafeMutableRawPointer

    /// The most colours kept as a palette; a tile with more is stored as drawn.
    public static let maximumPaletteColors = 4096

    /// Keeps `pixels` (size × size, XRGB8888), in the smallest exact form.
    public init(size: Int, pixels: [UInt32]) {
        precondition(pixels.count == size * size, "a tile bitmap is square")
        self.size = size
        let colors = Self.palette(of: pixels)
        let n = pixels.count
        if let colors {
            bytesPerPixel = colors.list.count <= 256 ? 1 : 2
            palette = .allocate(capacity: colors.list.count)
            _ = palette.initialize(from: colors.list)
            storage = .allocate(byteCount: max(1, n * bytesPerPixel), alignment: 16)
            let table = colors.table
            pixels.withUnsafeBufferPointer { src in
                var last: UInt32 = 0
                var lastIndex = 0
                if let first = src.first { (last, lastIndex) = (first, table.index(of: first) ?? 0) }
                for i in 0..<n {
                    let p = src[i]
                    if p != last { (last, lastIndex) = (p, table.index(of: p) ?? 0) }
                    if bytesPerPixel == 1 {
                        storage.storeBytes(of: UInt8(truncatingIfNeeded: lastIndex), toByteOffset: i, as: UInt8.self)
                    } else {
                        storage.storeBytes(
                            of: UInt16(truncatingIfNeeded: lastIndex), toByteOffset: 2 * i, as: UInt16.self)
                    }
                }
            }
        } else {
            bytesPerPixel = 4
            palette = .allocate(capacity: 0)
            storage = .allocate(byteCount: max(1, n * 4), alignment: 16)
            pixels.withUnsafeBytes { storage.copyMemory(from: $0.baseAddress!, byteCount: n * 4) }
        }
    }

    deinit {
        storage.deallocate()
        palette.deallocate()
    }

    /// The bytes the pixels take (indices and palette, or the pixels themselves).
    public var byteCount: Int { size * size * bytesPerPixel + palette.count * 4 }

    /// Writes row `y` as XRGB8888 into `destination` (`size` pixels).
    @inline(__always)
    func copyRow(_ y: Int, to destination: UnsafeMutablePointer<UInt32>) {
        let start = y * size
        switch bytesPerPixel {
        case 1:
            let indices = (storage + start).assumingMemoryBound(to: UInt8.self)
            for x in 0..<size { destination[x] = palette[Int(indices[x])] }
        case 2:
            let indices = (storage + 2 * start).assumingMemoryBound(to: UInt16.self)
            for x in 0..<size { destination[x] = palette[Int(indices[x])] }
        default:
            destination.update(from: (storage + 4 * start).assumingMemoryBound(to: UInt32.self), count: size)
        }
    }

    /// The pixels as an array (for tests, PNG output and scaling a parent up).
    public var pixels: [UInt32] {
        [UInt32](unsafeUninitializedCapacity: size * size) { buffer, count in
            for y in 0..<size { copyRow(y, to: buffer.baseAddress! + y * size) }
            count = size * size
        }
    }

    /// The distinct colours of `pixels` in first-seen order with a table from colour to index, or nil when there
    /// are more than `maximumPaletteColors`.
    private static func palette(of pixels: [UInt32]) -> (list: [UInt32], table: ColorTable)? {
        var table = ColorTable()
        var list: [UInt32] = []
        var last: UInt32?
        for p in pixels where p != last {
            last = p
            if table.index(of: p) != nil { continue }
            guard list.count < maximumPaletteColors else { return nil }
            table.insert(p, index: list.count)
            list.append(p)
        }
        return (list, table)
    }

    /// An open-addressing table from colour to palette index, twice the largest palette in slots.
    private struct ColorTable {
        private var keys = [UInt64](repeating: 0, count: 2 * TileBitmap.maximumPaletteColors)

        private static func slot(_ color: UInt32, _ count: Int) -> Int {
            Int(truncatingIfNeeded: (UInt64(color) &* 0x9E37_79B9_7F4A_7C15) >> 40) & (count - 1)
        }

        /// Stored as colour + 1 in the low 33 bits and the index above, so 0 marks an empty slot.
        func index(of color: UInt32) -> Int? {
            var i = Self.slot(color, keys.count)
            while keys[i] != 0 {
                if keys[i] & 0x1_ffff_ffff == UInt64(color) + 1 { return Int(keys[i] >> 33) }
                i = (i + 1) & (keys.count - 1)
            }
            return nil
        }

        mutating func insert(_ color: UInt32, index: Int) {
            var i = Self.slot(color, keys.count)
            while keys[i] != 0 { i = (i + 1) & (keys.count - 1) }
            keys[i] = UInt64(index) << 33 | (UInt64(color) + 1)
        }
    }
}
