import Core
import Foundation
import Testing

/// A small vector MBTiles written by the test: Mapbox Vector Tile 2.1 bytes encoded here, stored with SQLite's
/// own `sqlite3` shell, so the product reads it through `MBTilesFile` exactly as it reads a tilemaker file.
enum ScriptMapFixture {
    /// One feature of a tile: a point or a line in tile units (0...4096), with string properties.
    struct Feature {
        enum Kind: UInt64 {
            case point = 1
            case line = 2
        }
        var kind: Kind
        var properties: [(String, String)]
        var points: [(x: Int, y: Int)]
    }

    static let extent = 4096

    // MARK: Protocol Buffers, as much as a vector tile needs.

    static func varint(_ value: UInt64) -> [UInt8] {
        var v = value
        var out: [UInt8] = []
        repeat {
            let byte = UInt8(v & 0x7f)
            v >>= 7
            out.append(v == 0 ? byte : byte | 0x80)
        } while v != 0
        return out
    }

    static func key(_ field: Int, wire: Int) -> [UInt8] { varint(UInt64(field << 3 | wire)) }
    static func varintField(_ field: Int, _ value: UInt64) -> [UInt8] { key(field, wire: 0) + varint(value) }
    static func bytesField(_ field: Int, _ bytes: [UInt8]) -> [UInt8] {
        key(field, wire: 2) + varint(UInt64(bytes.count)) + bytes
    }
    static func zigzag(_ v: Int) -> UInt64 { UInt64(bitPattern: Int64((v << 1) ^ (v >> 63))) }

    /// A layer message (MVT spec 4.1): version 2, the name, the features, their keys and string values.
    static func layer(_ name: String, _ features: [Feature]) -> [UInt8] {
        var keys: [String] = []
        var values: [String] = []
        var body: [UInt8] = varintField(15, 2) + bytesField(1, Array(name.utf8))
        for (id, f) in features.enumerated() {
            var tags: [UInt8] = []
            for (k, v) in f.properties {
                if !keys.contains(k) { keys.append(k) }
                if !values.contains(v) { values.append(v) }
                tags += varint(UInt64(keys.firstIndex(of: k) ?? 0)) + varint(UInt64(values.firstIndex(of: v) ?? 0))
            }
            // Geometry (MVT spec 4.3): MoveTo the first point, LineTo the rest, as zigzag deltas.
            var geometry: [UInt8] = varint(UInt64(1 | 1 << 3))
            var cursor = (x: 0, y: 0)
            for (i, p) in f.points.enumerated() {
                if i == 1 { geometry += varint(UInt64(2 | (f.points.count - 1) << 3)) }
                geometry += varint(zigzag(p.x - cursor.x)) + varint(zigzag(p.y - cursor.y))
                cursor = p
            }
            let feature =
                varintField(1, UInt64(id + 1)) + bytesField(2, tags) + varintField(3, f.kind.rawValue)
                + bytesField(4, geometry)
            body += bytesField(2, feature)
        }
        for k in keys { body += bytesField(3, Array(k.utf8)) }
        for v in values { body += bytesField(4, bytesField(1, Array(v.utf8))) }
        body += varintField(5, UInt64(extent))
        return body
    }

    /// A tile message: its layers, each encoded by `layer`.
    static func tile(_ layers: [(String, [Feature])]) -> [UInt8] {
        layers.flatMap { bytesField(3, layer($0.0, $0.1)) }
    }

    // MARK: The MBTiles file.

    /// Writes `tiles` (XYZ ids; rows are stored in TMS order as MBTiles wants) into a new MBTiles at `path` with
    /// the OpenMapTiles layer names in its metadata, through the `sqlite3` shell.
    static func writeMBTiles(_ path: String, tiles: [(TileID, [UInt8])]) throws {
        let tool = "/usr/bin/sqlite3"
        try #require(FileManager.default.isExecutableFile(atPath: tool), "sqlite3 missing: install sqlite3")
        try? FileManager.default.removeItem(atPath: path)
        let zooms = tiles.map(\.0.z)
        let layers = ["transportation", "transportation_name", "place"]
            .map { #"{"id":"\#($0)","fields":{}}"# }.joined(separator: ",")
        var sql = """
            CREATE TABLE metadata (name TEXT, value TEXT);
            CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
            CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row);
            INSERT INTO metadata VALUES ('name', 'Names in seven scripts');
            INSERT INTO metadata VALUES ('format', 'pbf');
            INSERT INTO metadata VALUES ('minzoom', '\(zooms.min() ?? 14)');
            INSERT INTO metadata VALUES ('maxzoom', '\(zooms.max() ?? 14)');
            INSERT INTO metadata VALUES ('attribution', '© OpenStreetMap contributors');
            INSERT INTO metadata VALUES ('json', '{"vector_layers":[\(layers)]}');

            """
        for (id, bytes) in tiles {
            let hex = bytes.map { String(format: "%02X", $0) }.joined()
            sql += "INSERT INTO tiles VALUES (\(id.z), \(id.x), \((1 << id.z) - 1 - id.y), X'\(hex)');\n"
        }
        let script = path + ".sql"
        try sql.write(toFile: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-bail", path, ".read \(script)"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "sqlite3 failed: \(message)")
        try FileManager.default.removeItem(atPath: script)
    }
}
