/// What a data tile turned into after loading: decoded vector features with their labels, raster pixels, a
/// missing tile, or a failure with its message.
public enum LoadedTile: Sendable {
    case vector(VectorTile, labels: [LabelCandidate])
    case raster(RasterImage)
    case missing
    case failed(String)
}

/// Loads and decodes data tiles from a `TileSource`, keeping the last few decoded (overzoomed children share
/// their parent's data). Thread-safe; decoding runs outside the lock.
// Unchecked Sendable: the decoded-tile cache and the problem log are touched only while `lock` is held; the
// source, inflater and decoder are Sendable `let`s.
public final class TileStore: @unchecked Sendable {
    public let source: TileSource
    public let schema: MapSchema
    private let inflater: Inflater
    private let rasterDecoder: RasterDecoder
    private let lock = Lock()
    private var decoded: LRUCache<TileID, LoadedTile>
    private var problemLog: [String] = []
    private var failures = 0
    /// Tiles larger than this after inflating are refused (real z14 tiles are well under 2 MB; a decoded tile
    /// costs several times its bytes, so this bounds one tile's memory).
    public static let maxTileBytes = 8 << 20
    /// The deepest zoom a file may claim; deeper claims are clamped (the renderer scales geometry up to 2^24).
    public static let deepestDataZoom = 24
    /// The deepest data zoom, from the file's metadata clamped to 0...`deepestDataZoom`.
    public let maxZoom: Int
    /// The shallowest data zoom, clamped to 0...`maxZoom` (a file claiming minzoom 30 and maxzoom 14 gets 14).
    public let minZoom: Int

    /// - Parameter decodedBytes: decoded data tiles kept, by `LoadedTile.estimatedBytes` (at least the last one).
    public init(
        source: TileSource, inflater: Inflater, rasterDecoder: RasterDecoder, decodedCapacity: Int = 12,
        decodedBytes: Int = MapMemoryBudget.standard.decodedTileBytes
    ) {
        self.source = source
        self.inflater = inflater
        self.rasterDecoder = rasterDecoder
        self.decoded = LRUCache(capacity: decodedCapacity, maxCost: decodedBytes)
        let meta = source.metadata
        let hi = min(max(meta.maxZoom, 0), Self.deepestDataZoom)
        maxZoom = hi
        minZoom = min(max(meta.minZoom, 0), hi)
        var schema = MapSchema.detect(layerNames: meta.vectorLayers)
        if schema == .unknown, meta.format == .mvt {
            // No layer list in the metadata: look at a real tile.
            if let center = meta.bounds.map({
                GeoCoordinate(latitude: ($0.south + $0.north) / 2, longitude: ($0.west + $0.east) / 2)
            }),
                let bytes = try? source.tileBytes(WebMercator.tile(containing: center, z: hi)),
                let raw = try? (TileFormat.isGzip(bytes) ? inflater.gunzip(bytes, limit: Self.maxTileBytes) : bytes),
                let tile = try? VectorTile(decoding: raw)
            {
                schema = MapSchema.detect(layerNames: tile.layerNames)
            }
        }
        self.schema = schema
        if meta.format == .mvt && schema == .unknown {
            problemLog.append(
                "unknown vector schema (layers: \(meta.vectorLayers.joined(separator: ", "))); drawn plainly")
        }
    }

    /// True for raster files (PNG, JPEG, WebP tiles).
    public var isRaster: Bool { [.png, .jpeg, .webp].contains(source.metadata.format) }

    /// What went wrong so far (most recent last, at most 32), for the status line and logs.
    public var problems: [String] { lock.locked { problemLog } }

    /// How many data tiles failed to load or decode so far (each is skipped: drawn as the placeholder).
    public var failedTileCount: Int { lock.locked { failures } }

    /// The decoded tile if it is in memory, without loading anything (what a frame may use).
    public func cached(_ tile: TileID) -> LoadedTile? { lock.locked { decoded.get(tile) } }

    /// Loads and decodes `tile` (from cache when possible). Never throws: failures become `.failed`.
    public func load(_ tile: TileID) -> LoadedTile {
        if let hit = cached(tile) { return hit }
        let result: LoadedTile
        do {
            result = try decode(tile)
        } catch {
            result = .failed("tile \(tile): \(error)")
        }
        lock.locked {
            decoded.set(tile, result, cost: result.estimatedBytes)
            if case .failed(let message) = result {
                failures += 1
                note(message)
            }
            if case .vector(let v, _) = result, !v.problems.isEmpty { note("tile \(tile): \(v.problems[0])") }
        }
        return result
    }

    private func note(_ message: String) {
        problemLog.append(message)
        if problemLog.count > 32 { problemLog.removeFirst(problemLog.count - 32) }
    }

    private func decode(_ tile: TileID) throws -> LoadedTile {
        guard let stored = try source.tileBytes(tile) else { return .missing }
        let bytes = TileFormat.isGzip(stored) ? try inflater.gunzip(stored, limit: Self.maxTileBytes) : stored
        switch TileFormat.detect(bytes) {
        case .mvt:
            let v = try VectorTile(decoding: bytes)
            return .vector(v, labels: LabelCandidate.extract(from: v, tile: tile, schema: schema))
        case .png, .jpeg, .webp:
            return .raster(try rasterDecoder.decode(bytes, format: .unknown))
        case .unknown:
            throw MapError.unsupported(
                "tile bytes are neither MVT, PNG, JPEG nor WebP (first byte \(bytes.first.map { String($0, radix: 16) } ?? "none"))"
            )
        }
    }

    /// The data tiles that `tile` is composed of: itself (or its ancestor, overzoom) at or below the file's
    /// shallowest zoom; its descendants at that zoom above it (underzoom), or none when that takes more than
    /// `maxUnderzoom` levels (the caller draws the placeholder).
    public func dataTiles(for tile: TileID, maxUnderzoom: Int) -> [TileID] {
        guard tile.z < minZoom else { return [dataTile(for: tile)] }
        let depth = minZoom - tile.z
        guard depth <= maxUnderzoom else { return [] }
        let span = 1 << depth
        var out: [TileID] = []
        out.reserveCapacity(span * span)
        for dy in 0..<span {
            for dx in 0..<span { out.append(TileID(z: minZoom, x: (tile.x << depth) + dx, y: (tile.y << depth) + dy)) }
        }
        return out
    }

    /// The data tile that holds `tile`: itself up to the file's max zoom, its ancestor beyond (overzoom).
    public func dataTile(for tile: TileID) -> TileID {
        let depth = max(0, tile.z - maxZoom)
        return TileID(z: tile.z - depth, x: tile.x >> depth, y: tile.y >> depth)
    }
}

extension LoadedTile {
    /// About how many bytes this decoded tile holds (points, tags, label text, pixels), for the cache's budget.
    public var estimatedBytes: Int {
        switch self {
        case .vector(let v, let labels):
            var n = 256
            for layer in v.layers {
                n += 128 + layer.keys.count * 32 + layer.values.count * 32
                for f in layer.features {
                    n += 96 + f.tags.count * 4
                    for part in f.parts { n += 32 + part.count * MemoryLayout<Point>.stride }
                }
            }
            for label in labels { n += 96 + label.text.utf8.count * 2 + label.points.count * 16 }
            return n
        case .raster(let r): return 64 + r.pixels.count * 4
        case .missing: return 16
        case .failed(let message): return 16 + message.utf8.count
        }
    }
}
