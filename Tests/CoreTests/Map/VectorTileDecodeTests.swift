import Testing

@testable import Core

/// Builds MVT protobufs field by field, as the spec describes them.
enum MVTBuilder {
    static func varint(_ v: UInt64) -> [UInt8] { PMTilesDirectoryTests.varint(v) }
    static func key(_ field: Int, _ type: UInt64) -> [UInt8] { varint(UInt64(field) << 3 | type) }
    static func bytesField(_ field: Int, _ b: [UInt8]) -> [UInt8] { key(field, 2) + varint(UInt64(b.count)) + b }
    static func packed(_ field: Int, _ values: [UInt32]) -> [UInt8] {
        bytesField(field, values.flatMap { varint(UInt64($0)) })
    }
    static func feature(type: Int, geometry: [UInt32], tags: [UInt32] = [], id: UInt64? = nil) -> [UInt8] {
        var f: [UInt8] = []
        if let id { f += key(1, 0) + varint(id) }
        if !tags.isEmpty { f += packed(2, tags) }
        f += key(3, 0) + varint(UInt64(type))
        f += packed(4, geometry)
        return f
    }
    static func layer(
        name: String, features: [[UInt8]], keys: [String] = [], values: [[UInt8]] = [], extent: Int = 4096
    ) -> [UInt8] {
        var l = key(15, 0) + varint(2) + bytesField(1, Array(name.utf8))
        for f in features { l += bytesField(2, f) }
        for k in keys { l += bytesField(3, Array(k.utf8)) }
        for v in values { l += bytesField(4, v) }
        l += key(5, 0) + varint(UInt64(extent))
        return l
    }
    static func tile(_ layers: [[UInt8]]) -> [UInt8] { layers.flatMap { bytesField(3, $0) } }
    static func stringValue(_ s: String) -> [UInt8] { bytesField(1, Array(s.utf8)) }
}

@Suite("Vector tile decoding")
struct VectorTileDecodeTests {
    @Test(arguments: [
        (UInt32(0), Int32(0)), (1, -1), (2, 1), (3, -2), (4_294_967_294, 2_147_483_647),
        (4_294_967_295, -2_147_483_648),
    ])
    func zigzagDecodesSignedValues(_ c: (encoded: UInt32, value: Int32)) {
        #expect(ProtobufReader.zigzag(c.encoded) == c.value)
    }

    // The three geometry examples of the MVT 2.1 specification, section 4.3.5.
    @Test func theSpecificationsPointLineAndPolygonExamplesDecode() throws {
        let bytes = MVTBuilder.tile([
            MVTBuilder.layer(
                name: "examples",
                features: [
                    MVTBuilder.feature(type: 1, geometry: [9, 50, 34], tags: [0, 0], id: 7),
                    MVTBuilder.feature(type: 2, geometry: [9, 4, 4, 18, 0, 16, 16, 0]),
                    MVTBuilder.feature(type: 3, geometry: [9, 6, 12, 18, 10, 12, 24, 44, 15]),
                ],
                keys: ["name"], values: [MVTBuilder.stringValue("Kluuvi")])
        ])
        let tile = try VectorTile(decoding: bytes)
        let layer = try #require(tile.layer(named: "examples"))
        #expect(layer.extent == 4096)
        #expect(layer.features.count == 3)
        let point = layer.features[0]
        let line = layer.features[1]
        let polygon = layer.features[2]
        #expect(point.id == 7 && point.kind == .point)
        #expect(point.parts == [[Point(x: 25, y: 17)]])
        #expect(layer.string("name", of: point) == "Kluuvi")
        #expect(line.parts == [[Point(x: 2, y: 2), Point(x: 2, y: 10), Point(x: 10, y: 10)]])
        #expect(polygon.parts == [[Point(x: 3, y: 6), Point(x: 8, y: 12), Point(x: 20, y: 34)]])
        #expect(tile.problems.isEmpty)
    }

    @Test func aMultiPointIsOnePartPerPoint() throws {
        // MoveTo(2) of (5,7) and (3,2) relative: the spec's multipoint example.
        let bytes = MVTBuilder.tile([
            MVTBuilder.layer(name: "p", features: [MVTBuilder.feature(type: 1, geometry: [17, 10, 14, 3, 9])])
        ])
        let f = try #require(try VectorTile(decoding: bytes).layers.first?.features.first)
        #expect(f.parts == [[Point(x: 5, y: 7)], [Point(x: 3, y: 2)]])
    }

    @Test func aTruncatedTileIsAnErrorNotACrash() throws {
        let bytes = MVTBuilder.tile([
            MVTBuilder.layer(name: "roads", features: [MVTBuilder.feature(type: 2, geometry: [9, 4, 4, 18, 0, 16])])
        ])
        for cut in [1, 5, bytes.count / 2, bytes.count - 1] {
            #expect(throws: MapError.self) { try VectorTile(decoding: Array(bytes.prefix(cut))) }
        }
    }

    @Test func garbageBytesAreRejectedAsABrokenTile() {
        #expect(throws: MapError.self) { try VectorTile(decoding: [0x1a, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x01]) }
        #expect(throws: MapError.self) { try VectorTile(decoding: [0x1f, 0x8b, 0x08, 0x00]) }
    }

    @Test func aCommandCountLargerThanItsDataDropsOnlyThatFeature() throws {
        // LineTo with a count of a million but two values behind it.
        let absurd = MVTBuilder.feature(type: 2, geometry: [9, 4, 4, 1_000_000 << 3 | 2, 0, 16])
        let good = MVTBuilder.feature(type: 2, geometry: [9, 4, 4, 18, 0, 16, 16, 0])
        let tile = try VectorTile(
            decoding: MVTBuilder.tile([MVTBuilder.layer(name: "roads", features: [absurd, good])]))
        #expect(tile.layers[0].features.count == 1)
        #expect(tile.problems.count == 1)
        #expect(tile.problems[0].contains("wants"))
    }

    @Test func absurdCoordinatesDropTheFeature() throws {
        // A MoveTo jumping 2^30 units away, far beyond any real tile buffer.
        let far = MVTBuilder.feature(type: 1, geometry: [9, UInt32(1) << 31, 0])
        let tile = try VectorTile(decoding: MVTBuilder.tile([MVTBuilder.layer(name: "poi", features: [far])]))
        #expect(tile.layers[0].features.isEmpty)
        #expect(tile.problems.first?.contains("absurdly far") == true)
    }

    @Test func aZeroExtentIsRefused() {
        let bytes = MVTBuilder.tile([MVTBuilder.layer(name: "x", features: [], extent: 0)])
        #expect(throws: MapError.self) { try VectorTile(decoding: bytes) }
    }

    @Test func tooManyFeaturesInALayerAreRefusedBeforeDecoding() {
        var limits = VectorTileLimits()
        limits.maxFeaturesPerLayer = 3
        let f = MVTBuilder.feature(type: 1, geometry: [9, 2, 2])
        let bytes = MVTBuilder.tile([MVTBuilder.layer(name: "x", features: Array(repeating: f, count: 4))])
        #expect(throws: MapError.self) { try VectorTile(decoding: bytes, limits: limits) }
    }
}
