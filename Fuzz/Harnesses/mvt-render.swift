import Core

/// Mapbox Vector Tiles through the tile worker's whole path: decoded, then rendered at 64 px under each schema,
/// at its own zoom, overzoomed and underzoomed (slower than `mvt`, which stops before drawing).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let tile = try? VectorTile(decoding: bytes) else { return 0 }
    let id = TileID(z: 14, x: 9327, y: 4742)
    let canvas = Canvas(width: 64, height: 64)
    for schema in [MapSchema.openMapTiles, .protomaps, .unknown] {
        for layer in tile.layers {
            for feature in layer.features {
                _ = schema.role(of: feature, in: layer)
                _ = MapSchema.name(of: feature, in: layer)
                _ = layer.properties(of: feature)
            }
        }
        _ = LabelCandidate.extract(from: tile, tile: id, schema: schema)
        TileRenderer(style: .day, schema: schema).render(tile, dataTile: id, target: id, on: canvas)
    }
    _ = MapSchema.detect(layerNames: tile.layerNames)
    // Overzoomed and underzoomed, as the cache draws a tile from its ancestor or its descendants.
    let deeper = TileID(z: 17, x: 9327 << 3, y: 4742 << 3)
    TileRenderer(style: .night, schema: .openMapTiles).render(tile, dataTile: id, target: deeper, on: canvas)
    TileRenderer(style: .day, schema: .protomaps).render(
        composing: [(tile, id)], target: TileID(z: 12, x: 9327 >> 2, y: 4742 >> 2), on: canvas)
    return 0
}
