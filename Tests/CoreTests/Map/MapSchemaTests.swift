import Testing

@testable import Core

@Suite("Map schemas")
struct MapSchemaTests {
    @Test(arguments: [
        (["water", "landcover", "landuse", "transportation", "building", "place"], MapSchema.openMapTiles),
        (["earth", "water", "landuse", "roads", "buildings", "places", "pois"], .protomaps),
        (["contours", "hillshade"], .unknown),
        ([], .unknown),
    ])
    func theSchemaIsChosenFromLayerNames(_ c: (names: [String], schema: MapSchema)) {
        #expect(MapSchema.detect(layerNames: c.names) == c.schema)
    }

    @Test(arguments: [
        (["name": "Mannerheimintie", "name:latin": "x"], "Mannerheimintie"),
        (["name:latin": "Kaivokatu", "name:en": "Kaivo Street"], "Kaivokatu"),
        (["name:en": "Railway Square"], "Railway Square"),
        (["name": "", "name:en": "Esplanade"], "Esplanade"),
    ])
    func namesFallBackFromNameToLatinToEnglish(_ c: (props: [String: String], expected: String)) throws {
        let keys = Array(c.props.keys).sorted()
        let layer = VectorLayer(
            name: "transportation_name", extent: 4096, keys: keys, values: keys.map { .string(c.props[$0]!) },
            features: [])
        let feature = VectorFeature(
            id: nil, kind: .lineString, tags: keys.indices.flatMap { [UInt32($0), UInt32($0)] }, parts: [])
        #expect(MapSchema.name(of: feature, in: layer) == c.expected)
    }

    @Test func cyclewaysAreToldApartFromFootwaysInBothSchemas() {
        let omt = VectorLayer(
            name: "transportation", extent: 4096, keys: ["class", "subclass"],
            values: [.string("path"), .string("cycleway"), .string("footway")], features: [])
        let pm = VectorLayer(
            name: "roads", extent: 4096, keys: ["kind", "kind_detail"],
            values: [.string("path"), .string("cycleway"), .string("footway")], features: [])
        let cycle = VectorFeature(id: nil, kind: .lineString, tags: [0, 0, 1, 1], parts: [])
        let foot = VectorFeature(id: nil, kind: .lineString, tags: [0, 0, 1, 2], parts: [])
        #expect(MapSchema.openMapTiles.role(of: cycle, in: omt) == .road(.cycleway, tunnel: false, bridge: false))
        #expect(MapSchema.openMapTiles.role(of: foot, in: omt) == .road(.footway, tunnel: false, bridge: false))
        #expect(MapSchema.protomaps.role(of: cycle, in: pm) == .road(.cycleway, tunnel: false, bridge: false))
        #expect(MapSchema.protomaps.role(of: foot, in: pm) == .road(.footway, tunnel: false, bridge: false))
    }
}
