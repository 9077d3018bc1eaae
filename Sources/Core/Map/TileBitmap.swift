/// A rendered tile's pixels, kept compactly and exactly: as runs of palette indices along each row when the tile
/// has at most 16384 colours (a vector map tile is mostly long runs of flat fills, its antialiased edges short
/// ones), as one index a pixel when runs would not be smaller, else XRGB8888 as drawn. No colour is rounded: the
/// bitmap holds exactly what the renderer drew (the mosaic keeps it as RGB565).
///
/// The memory does not move, so the mosaic reads rows through plain pointers (no array bounds or reference
/// counting per pixel).
// Unchecked Sendable: a worker writes the pixels before the bitmap is published into the cache under its lock;
// after that every reader only reads, and the storage is freed in `deinit`, when no reader holds it.
public final class TileBitmap: @unchecked Sendable {
    public let size: Int
    /// How the pixels are stored.
    public let encoding: Encoding
    /// The colours the indices point at (empty when pixels are stored directly).
    let palette: UnsafeMutableBufferPointer<UInt32>
    private let storage: UnsafeMutableRawPointer
    /// Bytes in `storage`.
    private let storageBytes: Int
    /// For runs: where each row's runs start in `storage` (size + 1 entries, the last one the end).
    private let rowStarts: UnsafeMutableBufferPointer<UInt32>

    /// How a tile's pixels are kept.
    public enum Encoding: Sendable, Equatable {
        /// Each row as runs: a byte holding the run's length − 1, then its palette index in `indexBytes` bytes.
        case runs(indexBytes: Int)
        /// One palette index of `indexBytes` bytes a pixel.
        case indices(indexBytes: Int)
        /// XRGB8888 as drawn (more colours than a palette holds).
        case direct
    }

    /// The most colours kept as a palette; a tile with more is stored as drawn. Measured on the bundled ride's
    /// tiles at 362 px (`TileLevel`, zoom 16.5): at 4096, 9 of its 16 tiles had more and were kept as drawn,
    /// 8 times the bytes of runs. The colour table costs 16 bytes a colour while a tile is encoded.
    public static let maximumPaletteColors = 16384
    /// The longest run one run entry holds (its length is stored as one byte, length − 1).
    static let longestRun = 256

    /// Keeps `pixels` (size × size, XRGB8888), in the smallest exact form.
    public init(size: Int, pixels: [UInt32]) {
        precondition(pixels.count == size * size, "a tile bitmap is square")
        self.size = size
        let n = pixels.count
        guard size > 0, let colors = Self.palette(of: pixels, size: size) else {
            encoding = .direct
            palette = .allocate(capacity: 0)
            rowStarts = .allocate(capacity: 0)
            storageBytes = max(1, n * 4)
            storage = .allocate(byteCount: storageBytes, alignment: 16)
            pixels.withUnsafeBytes { storage.copyMemory(from: $0.baseAddress!, byteCount: n * 4) }
            return
        }
        let indexBytes = colors.list.count <= 256 ? 1 : 2
        palette = .allocate(capacity: colors.list.count)
        _ = palette.initialize(from: colors.list)
        let runBytes = colors.runs * (1 + indexBytes)
        // The run form also keeps a row table (4 bytes a row): it must beat plain indices with it.
        let useRuns = runBytes + 4 * (size + 1) < n * indexBytes
        encoding = useRuns ? .runs(indexBytes: indexBytes) : .indices(indexBytes: indexBytes)
        storageBytes = max(1, useRuns ? runBytes : n * indexBytes)
        storage = .allocate(byteCount: storageBytes, alignment: 16)
        rowStarts = .allocate(capacity: useRuns ? size + 1 : 0)
        let table = colors.table
        pixels.withUnsafeBufferPointer { src in
            var last = src.first ?? 0
            var lastIndex = table.index(of: last) ?? 0
            // The palette index of `p`, looked up only when the colour changes (most neighbours are equal).
            func index(_ p: UInt32) -> Int {
                if p != last { (last, lastIndex) = (p, table.index(of: p) ?? 0) }
                return lastIndex
            }
            if useRuns {
                var offset = 0
                for y in 0..<size {
                    rowStarts[y] = UInt32(truncatingIfNeeded: offset)
                    var x = 0
                    while x < size {
                        let p = src[y * size + x]
                        var length = 1
                        while x + length < size, length < Self.longestRun, src[y * size + x + length] == p {
                            length += 1
                        }
                        storage.storeBytes(
                            of: UInt8(truncatingIfNeeded: length - 1), toByteOffset: offset, as: UInt8.self)
                        store(index(p), indexBytes: indexBytes, at: offset + 1)
                        offset += 1 + indexBytes
                        x += length
                    }
                }
                rowStarts[size] = UInt32(truncatingIfNeeded: offset)
            } else {
                for i in 0..<n { store(index(src[i]), indexBytes: indexBytes, at: i * indexBytes) }
            }
        }
    }

    deinit {
        storage.deallocate()
        palette.deallocate()
        rowStarts.deallocate()
    }

    /// Bytes per pixel when every pixel is stored (4, or the index size); runs store less than this.
    public var bytesPerPixel: Int {
        switch encoding {
        case .runs(let b), .indices(let b): return b
        case .direct: return 4
        }
    }

    /// The bytes the pixels take (runs and their row table, or indices, with the palette; or the pixels).
    public var byteCount: Int { storageBytes + rowStarts.count * 4 + palette.count * 4 }

    /// Writes row `y` as XRGB8888 into `destination` (`size` pixels).
    @inline(__always)
    func copyRow(_ y: Int, to destination: UnsafeMutablePointer<UInt32>) {
        copyRow(y, columns: 0..<size, to: destination)
    }

    /// Writes pixels `columns` of row `y` as XRGB8888 into `destination` (`columns.count` pixels).
    @inline(__always)
    func copyRow(_ y: Int, columns: Range<Int>, to destination: UnsafeMutablePointer<UInt32>) {
        copyRow(y, columns: columns, to: destination) { $0 }
    }

    /// Writes pixels `columns` of row `y` as RGB565 (`RGB565.nearest`) into `destination` (the map's mosaic): a
    /// run's colour is converted once for the whole run.
    @inline(__always)
    func copyRow565(_ y: Int, columns: Range<Int>, to destination: UnsafeMutablePointer<UInt16>) {
        copyRow(y, columns: columns, to: destination, as: RGB565.nearest)
    }

    /// Writes pixels `columns` of row `y` into `destination` (`columns.count` pixels), each colour as `convert`
    /// makes it.
    @inline(__always)
    private func copyRow<Pixel>(
        _ y: Int, columns: Range<Int>, to destination: UnsafeMutablePointer<Pixel>,
        as convert: (UInt32) -> Pixel
    ) {
        let columns = columns.clamped(to: 0..<size)
        guard !columns.isEmpty else { return }
        switch encoding {
        case .runs(let indexBytes):
            var at = Int(rowStarts[y])
            let end = Int(rowStarts[y + 1])
            var x = 0
            while at < end, x < columns.upperBound {
                let length = Int(storage.load(fromByteOffset: at, as: UInt8.self)) + 1
                let from = max(x, columns.lowerBound)
                let to = min(x + length, columns.upperBound)
                if from < to {
                    let index =
                        indexBytes == 1
                        ? Int(storage.load(fromByteOffset: at + 1, as: UInt8.self))
                        : Int(storage.loadUnaligned(fromByteOffset: at + 1, as: UInt16.self))
                    (destination + (from - columns.lowerBound)).update(
                        repeating: convert(palette[index]), count: to - from)
                }
                x += length
                at += 1 + indexBytes
            }
        case .indices(1):
            let indices = (storage + y * size).assumingMemoryBound(to: UInt8.self)
            for x in columns { destination[x - columns.lowerBound] = convert(palette[Int(indices[x])]) }
        case .indices:
            let indices = (storage + 2 * y * size).assumingMemoryBound(to: UInt16.self)
            for x in columns { destination[x - columns.lowerBound] = convert(palette[Int(indices[x])]) }
        case .direct:
            let pixels = (storage + 4 * y * size).assumingMemoryBound(to: UInt32.self)
            for x in columns { destination[x - columns.lowerBound] = convert(pixels[x]) }
        }
    }

    /// The pixels as an array (for tests, PNG output and scaling a parent up).
    public var pixels: [UInt32] {
        [UInt32](unsafeUninitializedCapacity: size * size) { buffer, count in
            for y in 0..<size { copyRow(y, to: buffer.baseAddress! + y * size) }
            count = size * size
        }
    }

    private func store(_ index: Int, indexBytes: Int, at offset: Int) {
        // Runs are 2 or 3 bytes long, so an index may sit at any offset (raw stores need no alignment).
        if indexBytes == 1 {
            storage.storeBytes(of: UInt8(truncatingIfNeeded: index), toByteOffset: offset, as: UInt8.self)
        } else {
            storage.storeBytes(of: UInt16(truncatingIfNeeded: index), toByteOffset: offset, as: UInt16.self)
        }
    }

    /// The distinct colours of `pixels` (rows of `size`) in first-seen order with a table from colour to index,
    /// and how many runs (of at most `longestRun` equal pixels, never crossing a row) the rows hold; nil when
    /// there are more than `maximumPaletteColors` colours. One pass: the palette is looked up only where the
    /// colour changes, which is also where a run ends.
    private static func palette(of pixels: [UInt32], size: Int) -> (list: [UInt32], table: ColorTable, runs: Int)? {
        var table = ColorTable()
        var list: [UInt32] = []
        var runs = 0
        let complete = pixels.withUnsafeBufferPointer { src -> Bool in
            for y in 0..<size {
                var last = src[y * size]
                var length = 0
                runs += 1
                for x in 0..<size {
                    let p = src[y * size + x]
                    if p == last {
                        if length == longestRun {
                            runs += 1
                            length = 0
                        }
                        length += 1
                        if x > 0 { continue }
                    } else {
                        runs += 1
                        length = 1
                        last = p
                    }
                    if table.index(of: p) != nil { continue }
                    guard list.count < maximumPaletteColors else { return false }
                    table.insert(p, index: list.count)
                    list.append(p)
                }
            }
            return true
        }
        return complete ? (list, table, runs) : nil
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
