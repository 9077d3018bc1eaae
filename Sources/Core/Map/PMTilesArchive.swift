/// Reads byte ranges of a file; Platform implements it with pread so Core never touches files.
public protocol ByteRangeReader: Sendable {
    /// The file's size in bytes.
    var size: UInt64 { get }
    /// Exactly `length` bytes from `offset`; throws when the range runs past the end.
    func read(offset: UInt64, length: Int) throws -> [UInt8]
}

/// A PMTiles v3 archive: header, root and leaf directories of run-length entries keyed by Hilbert tile id.
///
/// Pure parsing; reading bytes and inflating gzip are injected. Directories are cached (root always, leaves in a
/// small bounded cache).
// Unchecked Sendable: the leaf cache and its order are touched only while `lock` is held; everything else is a
// `let` of a Sendable type.
public final class PMTilesArchive: TileSource, @unchecked Sendable {
    public let header: PMTilesHeader
    public let metadata: MapMetadata
    private let reader: ByteRangeReader
    private let inflater: Inflater
    private let root: [PMTilesEntry]
    private let lock = Lock()
    private var leafCache: [UInt64: [PMTilesEntry]] = [:]
    private var leafOrder: [UInt64] = []
    /// Directories and metadata larger than this after inflating are refused (a real root is < 16 KiB).
    public static let maxDirectoryBytes = 32 << 20
    /// The spec allows root plus at most 3 levels of leaves; deeper chains are loops or corruption.
    public static let maxDepth = 4
    private static let leafCacheSize = 64

    public init(reader: ByteRangeReader, inflater: Inflater) throws {
        self.reader = reader
        self.inflater = inflater
        guard reader.size >= 127 else {
            throw MapError.corruptArchive("PMTiles file has \(reader.size) bytes, shorter than its 127-byte header")
        }
        let header = try PMTilesHeader(parsing: try reader.read(offset: 0, length: 127))
        try header.validate(fileSize: reader.size)
        self.header = header
        self.root = try Self.directory(
            reader: reader, inflater: inflater, compression: header.internalCompression,
            offset: header.rootOffset, length: header.rootLength)
        var meta: [String: String] = [:]
        var vectorLayers: [String] = []
        if header.metadataLength > 0 {
            let raw = try reader.read(offset: header.metadataOffset, length: Int(header.metadataLength))
            let json = try Self.inflate(raw, header.internalCompression, inflater)
            (meta, vectorLayers) = MetadataJSON.flatten(json)
        }
        let format: TileFormat
        switch header.tileType {
        case 1: format = .mvt
        case 2: format = .png
        case 3: format = .jpeg
        case 4: format = .webp
        default: format = .unknown
        }
        let b = header
        self.metadata = MapMetadata(
            name: meta["name"] ?? "", format: format, minZoom: Int(b.minZoom), maxZoom: Int(b.maxZoom),
            bounds: (
                Double(b.minLonE7) / 1e7, Double(b.minLatE7) / 1e7, Double(b.maxLonE7) / 1e7, Double(b.maxLatE7) / 1e7
            ),
            attribution: meta["attribution"] ?? "", vectorLayers: vectorLayers, entries: meta)
    }

    public func tileBytes(_ tile: TileID) throws -> [UInt8]? {
        guard tile.z >= 0, tile.z <= 31, tile.x >= 0, tile.y >= 0, tile.x < 1 << tile.z, tile.y < 1 << tile.z else {
            return nil
        }
        let id = PMTilesTileID.id(z: tile.z, x: tile.x, y: tile.y)
        var entries = root
        var visited: Set<UInt64> = []
        for _ in 0..<Self.maxDepth {
            guard let e = PMTilesEntry.find(id, in: entries) else { return nil }
            if e.runLength > 0 {
                guard e.offset <= header.tileDataLength, UInt64(e.length) <= header.tileDataLength - e.offset else {
                    throw MapError.corruptArchive("tile \(tile) lies past the end of the tile data")
                }
                let bytes = try reader.read(offset: header.tileDataOffset + e.offset, length: Int(e.length))
                return bytes
            }
            guard visited.insert(e.offset).inserted else {
                throw MapError.corruptArchive("leaf directory at offset \(e.offset) points back to itself")
            }
            entries = try leaf(offset: e.offset, length: UInt64(e.length))
        }
        throw MapError.corruptArchive("directories nest deeper than \(Self.maxDepth) levels (a loop?)")
    }

    private func leaf(offset: UInt64, length: UInt64) throws -> [PMTilesEntry] {
        if let hit = lock.locked({ leafCache[offset] }) { return hit }
        guard offset <= header.leafDirectoryLength, length <= header.leafDirectoryLength - offset else {
            throw MapError.corruptArchive("leaf directory at \(offset)+\(length) lies outside the leaf section")
        }
        let dir = try Self.directory(
            reader: reader, inflater: inflater, compression: header.internalCompression,
            offset: header.leafDirectoryOffset + offset, length: length)
        lock.locked {
            leafCache[offset] = dir
            leafOrder.append(offset)
            if leafOrder.count > Self.leafCacheSize { leafCache[leafOrder.removeFirst()] = nil }
        }
        return dir
    }

    private static func directory(
        reader: ByteRangeReader, inflater: Inflater, compression: UInt8, offset: UInt64, length: UInt64
    ) throws -> [PMTilesEntry] {
        guard length <= UInt64(maxDirectoryBytes), offset <= reader.size, length <= reader.size - offset else {
            throw MapError.corruptArchive("directory at \(offset)+\(length) lies past the end of the file")
        }
        let raw = try reader.read(offset: offset, length: Int(length))
        return try PMTilesEntry.parseDirectory(try inflate(raw, compression, inflater))
    }

    static func inflate(_ raw: [UInt8], _ compression: UInt8, _ inflater: Inflater) throws -> [UInt8] {
        switch compression {
        case 0, 1: return raw
        case 2: return try inflater.gunzip(raw, limit: maxDirectoryBytes)
        case 3: throw MapError.unsupported("PMTiles internal compression brotli; convert with gzip")
        case 4: throw MapError.unsupported("PMTiles internal compression zstd; convert with gzip")
        default: throw MapError.corruptArchive("unknown PMTiles compression \(compression)")
        }
    }

    /// Inflates a tile according to the header's tile compression.
    public func inflateTile(_ raw: [UInt8]) throws -> [UInt8] {
        switch header.tileCompression {
        case 2: return try inflater.gunzip(raw, limit: 64 << 20)
        default: return try Self.inflate(raw, header.tileCompression, inflater)
        }
    }
}
