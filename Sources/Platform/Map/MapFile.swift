import Core

/// Opens a map file by its contents: PMTiles by magic, otherwise MBTiles (SQLite).
public enum MapFile {
    /// A tile source for `path`; throws `MapError` saying what is wrong with the file.
    public static func open(path: String) throws -> TileSource {
        let reader = try FileRangeReader(path: path)
        let head = try reader.read(offset: 0, length: Int(min(reader.size, 16)))
        if head.starts(with: Array("PMTiles".utf8)) { return try PMTilesFile.open(path: path) }
        if head.starts(with: Array("SQLite format 3".utf8)) { return try MBTilesFile(path: path) }
        throw MapError.unreadableFile(path: path, reason: "neither a PMTiles archive nor an SQLite (MBTiles) database")
    }
}
