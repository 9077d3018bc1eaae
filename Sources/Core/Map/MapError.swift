/// Why a map file or one of its tiles could not be used. Every case says what was wrong and what to do.
public enum MapError: Error, Equatable, CustomStringConvertible {
    /// The file could not be opened or read (missing, unreadable, not a database).
    case unreadableFile(path: String, reason: String)
    /// The file's structure is wrong (bad magic, offsets past the end, loops, absurd counts).
    case corruptArchive(String)
    /// A compressed block could not be inflated (broken gzip, or it grew past the allowed size).
    case badCompression(String)
    /// A vector tile's protobuf is malformed.
    case badVectorTile(String)
    /// A raster tile could not be decoded.
    case badRasterTile(String)
    /// The tiles use a compression or format this reader does not know.
    case unsupported(String)

    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason):
            return "cannot read map file \(path): \(reason); check the path and that it is an MBTiles or PMTiles file"
        case .corruptArchive(let what):
            return "map file is corrupt: \(what); rebuild it (tilemaker, planetiler or pmtiles convert)"
        case .badCompression(let what): return "cannot decompress map data: \(what)"
        case .badVectorTile(let what): return "broken vector tile: \(what)"
        case .badRasterTile(let what): return "broken raster tile: \(what)"
        case .unsupported(let what): return "unsupported map data: \(what)"
        }
    }
}
