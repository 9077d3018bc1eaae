import Core
import Foundation
import Platform

/// The committed map files in maps/ (made from the real Helsinki OSM extract by scripts/make-map-fixtures.sh).
enum MapFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static func path(_ name: String) -> String { root.appendingPathComponent("maps/\(name)").path }
    /// The densest z14 tile of the extract (central Helsinki, the railway station and Kluuvi).
    static let densest = TileID(z: 14, x: 9327, y: 4742)
    static let kluuvi = GeoCoordinate(latitude: 60.170, longitude: 24.941)

    /// A scratch directory for files a test writes (bad inputs, rendered frames to look at).
    static func scratch(_ name: String) -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navdisplay-map-tests")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(name).path
    }

    /// Inflates (when gzip'd) and decodes a vector tile's stored bytes.
    static func decode(_ stored: [UInt8]) throws -> VectorTile {
        let raw = TileFormat.isGzip(stored) ? try ZlibInflater().gunzip(stored, limit: 64 << 20) : stored
        return try VectorTile(decoding: raw)
    }
}
