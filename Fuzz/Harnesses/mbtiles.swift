import Core
import Foundation
import Platform

/// MBTiles files (SQLite): the metadata rows, the zoom range and format detection, the schema a store picks,
/// and tile lookups. The input is written to a file first, since SQLite reads files.
let path = "/dev/shm/navdisplay-fuzz-mbtiles-\(getpid()).mbtiles"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Data(bytes: data, count: size)
    guard (try? bytes.write(to: URL(fileURLWithPath: path))) != nil else { return 0 }
    defer { unlink(path) }
    guard let file = try? MBTilesFile(path: path) else { return 0 }
    let store = TileStore(source: file, inflater: ZlibInflater(), rasterDecoder: PlatformRasterDecoder())
    _ = store.schema
    for z in store.minZoom...min(store.maxZoom, store.minZoom + 4) {
        let tile = WebMercator.tile(containing: GeoCoordinate(latitude: 60.17, longitude: 24.94), z: z)
        _ = store.load(tile)
    }
    _ = MetadataJSON.vectorLayerIDs(inJSON: file.metadata.entries["json"] ?? "")
    return 0
}
