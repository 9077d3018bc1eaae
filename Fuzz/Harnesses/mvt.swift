import Core

/// Mapbox Vector Tiles: the decoder, then every feature's role, name and properties under each schema, and the
/// labels (drawing has its own harness, `mvt-render`, which is much slower per input).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let tile = try? VectorTile(decoding: bytes) else { return 0 }
    let id = TileID(z: 14, x: 9327, y: 4742)
    for schema in [MapSchema.openMapTiles, .protomaps, .unknown] {
        for layer in tile.layers {
            for feature in layer.features {
                _ = schema.role(of: feature, in: layer)
                _ = MapSchema.name(of: feature, in: layer)
                _ = layer.properties(of: feature)
            }
        }
        _ = LabelCandidate.extract(from: tile, tile: id, schema: schema)
    }
    _ = MapSchema.detect(layerNames: tile.layerNames)
    return 0
}
