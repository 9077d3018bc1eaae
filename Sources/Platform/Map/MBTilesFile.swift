import Core
import FoundationEssentials

/// An MBTiles 1.3 file: tiles in SQLite, rows in TMS order (y grows northwards), metadata as name/value rows.
///
/// `tiles` may be a table or a view (mbutil's deduplicated layout); each tile's format is told from its bytes.
// Unchecked Sendable: every stored property is a `let`, and the one connection is opened in SQLite's serialized
// (FULLMUTEX) mode, so the tile workers may call it at once.
public final class MBTilesFile: TileSource, @unchecked Sendable {
    public let path: String
    public let metadata: MapMetadata
    private let db: SqliteDatabase

    /// Opens `path` read-only and reads its metadata; throws `MapError` when it is not a usable MBTiles file.
    public init(path: String) throws {
        // sqlite3_open_v2 happily "opens" a missing file read-only only to fail later; say so up front.
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw MapError.unreadableFile(path: path, reason: "no such readable file")
        }
        self.path = path
        db = try SqliteDatabase(readOnly: path)
        var entries: [String: String] = [:]
        let meta = try db.prepare("SELECT name, value FROM metadata")
        while try meta.step() {
            if let k = meta.text(0) { entries[k] = meta.text(1) ?? "" }
        }
        // Check the tiles relation up front so a file without tiles fails at open, not at the first frame.
        _ = try db.prepare("SELECT tile_data FROM tiles WHERE zoom_level = ?1 AND tile_column = ?2 AND tile_row = ?3")
        var minZoom = Int(entries["minzoom"] ?? "")
        var maxZoom = Int(entries["maxzoom"] ?? "")
        if minZoom == nil || maxZoom == nil {
            let range = try db.prepare("SELECT MIN(zoom_level), MAX(zoom_level) FROM tiles")
            if try range.step() {
                minZoom = minZoom ?? range.text(0).flatMap { Int($0) }
                maxZoom = maxZoom ?? range.text(1).flatMap { Int($0) }
            }
        }
        var format = TileFormat(metadataName: entries["format"] ?? "")
        let probe = try db.prepare("SELECT tile_data FROM tiles LIMIT 1")
        if try probe.step(), let sample = probe.blob(0) {
            // The bytes win over the metadata (some writers say "png" for JPEG tiles).
            let detected = TileFormat.isGzip(sample) ? .mvt : TileFormat.detect(sample)
            if detected != .unknown { format = detected }
        }
        metadata = MapMetadata(
            name: entries["name"] ?? "", format: format, minZoom: minZoom ?? 0, maxZoom: maxZoom ?? 0,
            bounds: MapMetadata.parseBounds(entries["bounds"]), attribution: entries["attribution"] ?? "",
            vectorLayers: entries["json"].map(MetadataJSON.vectorLayerIDs(inJSON:)) ?? [], entries: entries)
    }

    public func tileBytes(_ tile: TileID) throws -> [UInt8]? {
        guard tile.z >= 0, tile.z < 31, tile.x >= 0, tile.y >= 0, tile.x < 1 << tile.z, tile.y < 1 << tile.z else {
            return nil
        }
        let stmt = try db.prepare(
            "SELECT tile_data FROM tiles WHERE zoom_level = ?1 AND tile_column = ?2 AND tile_row = ?3")
        stmt.bind(1, tile.z)
        stmt.bind(2, tile.x)
        // MBTiles rows are TMS: row 0 is the southernmost.
        stmt.bind(3, (1 << tile.z) - 1 - tile.y)
        guard try stmt.step() else { return nil }
        return stmt.blob(0)
    }
}
