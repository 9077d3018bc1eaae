import Core
import Platform

/// PMTiles v3 archives held in memory: the header, the root and leaf directories, the metadata, and tile
/// lookups down the zoom levels the header claims.
final class MemoryReader: ByteRangeReader, @unchecked Sendable {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    var size: UInt64 { UInt64(bytes.count) }
    func read(offset: UInt64, length: Int) throws -> [UInt8] {
        guard length >= 0, offset <= size, UInt64(length) <= size - offset else {
            throw MapError.corruptArchive("past the end")
        }
        let start = Int(offset)
        return Array(bytes[start..<(start + length)])
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? PMTilesHeader(parsing: bytes)
    guard let archive = try? PMTilesArchive(reader: MemoryReader(bytes), inflater: ZlibInflater()) else { return 0 }
    // As the map layer reads it: through a store, whose zoom range is the header's clamped to what can be drawn.
    let store = TileStore(source: archive, inflater: ZlibInflater(), rasterDecoder: PlatformRasterDecoder())
    let centre = GeoCoordinate(latitude: 60.17, longitude: 24.94)
    for z in store.minZoom...min(store.maxZoom, store.minZoom + 6) {
        let tile = WebMercator.tile(containing: centre, z: z)
        if let raw = try? archive.tileBytes(tile) { _ = try? archive.inflateTile(raw) }
        _ = store.load(tile)
    }
    _ = try? archive.tileBytes(TileID(z: 0, x: 0, y: 0))
    return 0
}
