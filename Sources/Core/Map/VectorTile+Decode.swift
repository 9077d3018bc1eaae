/// Limits that keep a hostile or broken tile from using unbounded memory or time.
public struct VectorTileLimits: Sendable {
    public var maxLayers = 256
    public var maxFeaturesPerLayer = 200_000
    public var maxGeometryValuesPerFeature = 2_000_000
    public var maxTableEntries = 1_000_000
    /// Coordinates beyond this many extents from the tile are absurd (real tiles buffer a few percent).
    public var maxCoordinateExtents = 16
    public init() {}
}

extension VectorTile {
    /// Decodes an uncompressed MVT protobuf (inflate gzip'd tiles first).
    ///
    /// A malformed message throws; a single malformed feature (bad command, absurd coordinate) is dropped and
    /// reported in `problems` so the rest of the tile still draws.
    public init(decoding bytes: [UInt8], limits: VectorTileLimits = VectorTileLimits()) throws {
        var reader = ProtobufReader(bytes)
        var layers: [VectorLayer] = []
        var problems: [String] = []
        while !reader.isAtEnd {
            let (field, type) = try reader.key()
            if field == 3 && type == .lengthDelimited {
                let range = try reader.lengthDelimited()
                guard layers.count < limits.maxLayers else {
                    throw MapError.badVectorTile("more than \(limits.maxLayers) layers")
                }
                layers.append(try Self.decodeLayer(bytes, range, limits, &problems))
            } else {
                try reader.skip(type)
            }
        }
        self.init(layers: layers, problems: problems)
    }

    private static func decodeLayer(
        _ bytes: [UInt8], _ range: Range<Int>, _ limits: VectorTileLimits, _ problems: inout [String]
    ) throws -> VectorLayer {
        var r = ProtobufReader(bytes, range: range)
        var name = ""
        var extent = 4096
        var version = 1
        var keys: [String] = []
        var values: [VectorValue] = []
        var featureRanges: [Range<Int>] = []
        while !r.isAtEnd {
            let (field, type) = try r.key()
            switch (field, type) {
            case (1, .lengthDelimited): name = r.string(try r.lengthDelimited())
            case (2, .lengthDelimited):
                guard featureRanges.count < limits.maxFeaturesPerLayer else {
                    throw MapError.badVectorTile("layer \(name) has more than \(limits.maxFeaturesPerLayer) features")
                }
                featureRanges.append(try r.lengthDelimited())
            case (3, .lengthDelimited):
                guard keys.count < limits.maxTableEntries else { throw MapError.badVectorTile("too many keys") }
                keys.append(r.string(try r.lengthDelimited()))
            case (4, .lengthDelimited):
                guard values.count < limits.maxTableEntries else { throw MapError.badVectorTile("too many values") }
                values.append(try decodeValue(bytes, try r.lengthDelimited()))
            case (5, .varint):
                let e = try r.varint()
                guard e > 0 && e <= 1 << 20 else { throw MapError.badVectorTile("layer \(name) has extent \(e)") }
                extent = Int(e)
            case (15, .varint): version = Int(clamping: try r.varint())
            default: try r.skip(type)
            }
        }
        guard version <= 2 else {
            throw MapError.badVectorTile("layer \(name) has version \(version); 1 or 2 expected")
        }
        var features: [VectorFeature] = []
        features.reserveCapacity(featureRanges.count)
        let bound = Double(extent * limits.maxCoordinateExtents)
        for fr in featureRanges {
            do {
                features.append(try decodeFeature(bytes, fr, limits, bound: bound))
            } catch let e as MapError {
                problems.append("layer \(name): feature dropped: \(e)")
            }
        }
        return VectorLayer(name: name, extent: extent, keys: keys, values: values, features: features)
    }

    private static func decodeValue(_ bytes: [UInt8], _ range: Range<Int>) throws -> VectorValue {
        var r = ProtobufReader(bytes, range: range)
        var value = VectorValue.string("")
        while !r.isAtEnd {
            let (field, type) = try r.key()
            switch (field, type) {
            case (1, .lengthDelimited): value = .string(r.string(try r.lengthDelimited()))
            case (2, .fixed32): value = .double(Double(Float(bitPattern: try r.fixed32())))
            case (3, .fixed64): value = .double(Double(bitPattern: try r.fixed64()))
            case (4, .varint): value = .int(Int64(bitPattern: try r.varint()))
            case (5, .varint): value = .int(Int64(clamping: try r.varint()))
            case (6, .varint): value = .int(ProtobufReader.zigzag64(try r.varint()))
            case (7, .varint): value = .bool(try r.varint() != 0)
            default: try r.skip(type)
            }
        }
        return value
    }

    private static func decodeFeature(
        _ bytes: [UInt8], _ range: Range<Int>, _ limits: VectorTileLimits, bound: Double
    ) throws -> VectorFeature {
        var r = ProtobufReader(bytes, range: range)
        var id: UInt64?
        var tags: [UInt32] = []
        var kind = VectorFeature.Kind.unknown
        var geometry: [UInt32] = []
        while !r.isAtEnd {
            let (field, type) = try r.key()
            switch (field, type) {
            case (1, .varint): id = try r.varint()
            case (2, .lengthDelimited):
                tags = try r.packedVarints(try r.lengthDelimited(), limit: limits.maxGeometryValuesPerFeature)
                guard tags.count % 2 == 0 else { throw MapError.badVectorTile("odd number of tag indices") }
            case (3, .varint): kind = VectorFeature.Kind(rawValue: Int(clamping: try r.varint())) ?? .unknown
            case (4, .lengthDelimited):
                geometry = try r.packedVarints(try r.lengthDelimited(), limit: limits.maxGeometryValuesPerFeature)
            default: try r.skip(type)
            }
        }
        let parts = try decodeGeometry(geometry, kind: kind, bound: bound)
        return VectorFeature(id: id, kind: kind, tags: tags, parts: parts)
    }

    /// Runs the MoveTo / LineTo / ClosePath command stream with its zigzag-encoded relative coordinates.
    static func decodeGeometry(_ g: [UInt32], kind: VectorFeature.Kind, bound: Double) throws -> [[Point]] {
        var parts: [[Point]] = []
        var current: [Point] = []
        var x: Int64 = 0
        var y: Int64 = 0
        var i = 0
        while i < g.count {
            let command = g[i] & 7
            let count = Int(g[i] >> 3)
            i += 1
            switch command {
            case 1, 2:
                guard count <= (g.count - i) / 2 else {
                    throw MapError.badVectorTile("command wants \(count) points, \((g.count - i) / 2) remain")
                }
                for _ in 0..<count {
                    x += Int64(ProtobufReader.zigzag(g[i]))
                    y += Int64(ProtobufReader.zigzag(g[i + 1]))
                    i += 2
                    guard abs(Double(x)) <= bound, abs(Double(y)) <= bound else {
                        throw MapError.badVectorTile("coordinate (\(x), \(y)) is absurdly far outside the tile")
                    }
                    let p = Point(x: Double(x), y: Double(y))
                    if command == 1 {
                        if kind == .point {
                            parts.append([p])
                        } else {
                            if current.count > 0 { parts.append(current) }
                            current = [p]
                        }
                    } else {
                        guard !current.isEmpty else { throw MapError.badVectorTile("LineTo before any MoveTo") }
                        current.append(p)
                    }
                }
            case 7:
                guard count == 1 else { throw MapError.badVectorTile("ClosePath with count \(count)") }
                guard let first = current.first else { throw MapError.badVectorTile("ClosePath without a path") }
                // Rings are implicitly closed by the rasteriser; keep the first point out of the list.
                if current.count >= 3 { parts.append(current) }
                _ = first
                current = []
            default:
                throw MapError.badVectorTile("unknown geometry command \(command)")
            }
        }
        if current.count > 1 { parts.append(current) }
        return parts
    }
}
