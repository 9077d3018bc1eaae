import Testing

@testable import Core

/// Issue 16, class 2: a tile's numeric property of NaN or ±1e300 used to trap the tile worker (and with it the
/// display) where it became an `Int`; now it falls back to the style's default.
@Suite("Map schema bad numbers")
struct MapSchemaTrapTests {
    static let badNumbers: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 9.3e18, -9.3e18]

    static func role(schema: MapSchema, layer name: String, key: String, value: Double) -> FeatureRole {
        let layer = VectorLayer(
            name: name, extent: 4096, keys: [key, "class"], values: [.double(value), .string("museum")], features: [])
        let feature = VectorFeature(id: nil, kind: .lineString, tags: [0, 0, 1, 1], parts: [])
        return schema.role(of: feature, in: layer)
    }

    @Test(arguments: badNumbers)
    func anOpenMapTilesAdminLevelOutOfRangeIsTheDefaultLevel(_ value: Double) {
        #expect(
            Self.role(schema: .openMapTiles, layer: "boundary", key: "admin_level", value: value)
                == .boundary(adminLevel: 8))
    }

    @Test(arguments: badNumbers)
    func aPoiRankOutOfRangeIsTheDefaultRank(_ value: Double) {
        #expect(Self.role(schema: .openMapTiles, layer: "poi", key: "rank", value: value) == .poiLabel(rank: 20))
    }

    @Test(arguments: badNumbers)
    func aProtomapsKindDetailOutOfRangeIsTheDefaultLevel(_ value: Double) {
        #expect(
            Self.role(schema: .protomaps, layer: "boundaries", key: "kind_detail", value: value)
                == .boundary(adminLevel: 8))
    }

    @Test func aGoodAdminLevelIsKept() {
        #expect(
            Self.role(schema: .openMapTiles, layer: "boundary", key: "admin_level", value: 4)
                == .boundary(adminLevel: 4))
        #expect(
            Self.role(schema: .protomaps, layer: "boundaries", key: "kind_detail", value: 2) == .boundary(adminLevel: 2)
        )
    }

    @Test func labelsOfATileWithBadNumbersAreExtractedWithoutATrap() {
        let layer = VectorLayer(
            name: "poi", extent: 4096, keys: ["rank", "name"], values: [.double(.nan), .string("Ateneum")],
            features: [VectorFeature(id: nil, kind: .point, tags: [0, 0, 1, 1], parts: [[Point(x: 10, y: 10)]])])
        let labels = LabelCandidate.extract(
            from: VectorTile(layers: [layer]), tile: TileID(z: 14, x: 9327, y: 4742), schema: .openMapTiles)
        #expect(labels.map(\.text) == ["Ateneum"])
    }
}
