/// A decoded Mapbox Vector Tile (2.1): named layers of features in tile-local integer coordinates.
public struct VectorTile: Sendable {
    public var layers: [VectorLayer]
    /// Features or layers that were dropped as malformed, each with the reason (the rest of the tile is kept).
    public var problems: [String]

    public init(layers: [VectorLayer], problems: [String] = []) {
        self.layers = layers
        self.problems = problems
    }

    public func layer(named name: String) -> VectorLayer? { layers.first { $0.name == name } }
    public var layerNames: [String] { layers.map(\.name) }
}

/// A value in a vector tile's property table.
public enum VectorValue: Hashable, Sendable, CustomStringConvertible {
    case string(String)
    case double(Double)
    case int(Int64)
    case bool(Bool)

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var numberValue: Double? {
        switch self {
        case .double(let d): return d
        case .int(let i): return Double(i)
        case .bool(let b): return b ? 1 : 0
        case .string(let s): return Double(s)
        }
    }

    public var description: String {
        switch self {
        case .string(let s): return s
        case .double(let d): return "\(d)"
        case .int(let i): return "\(i)"
        case .bool(let b): return b ? "true" : "false"
        }
    }
}

/// One layer of a vector tile; its features index into shared key and value tables.
public struct VectorLayer: Sendable {
    public var name: String
    /// The width and height of the tile in this layer's coordinates (4096 by default).
    public var extent: Int
    public var keys: [String]
    public var values: [VectorValue]
    public var features: [VectorFeature]

    public init(name: String, extent: Int, keys: [String], values: [VectorValue], features: [VectorFeature]) {
        self.name = name
        self.extent = extent
        self.keys = keys
        self.values = values
        self.features = features
    }

    /// The value of property `key` on `feature`, if it has one: its first tag of that key.
    public func property(_ key: String, of feature: VectorFeature) -> VectorValue? {
        // A feature has a handful of tags and the schemas' keys are short strings, compared in place: walking the
        // tags costs less than hashing `key` into an index of the layer's keys did (callgrind: 343 instructions a
        // lookup, and the tile workers look up a few for every feature).
        let tags = feature.tags
        var i = 0
        while i + 1 < tags.count {
            let k = Int(tags[i])
            if k < keys.count, keys[k] == key {
                let v = Int(tags[i + 1])
                return v < values.count ? values[v] : nil
            }
            i += 2
        }
        return nil
    }

    /// A string property, or nil.
    public func string(_ key: String, of feature: VectorFeature) -> String? { property(key, of: feature)?.stringValue }

    /// All properties of `feature` as a dictionary (for tests and debugging; renderers use `property`).
    public func properties(of feature: VectorFeature) -> [String: VectorValue] {
        var out: [String: VectorValue] = [:]
        var i = 0
        while i + 1 < feature.tags.count {
            let k = Int(feature.tags[i])
            let v = Int(feature.tags[i + 1])
            if k < keys.count, v < values.count { out[keys[k]] = values[v] }
            i += 2
        }
        return out
    }
}

/// One feature: its geometry type, parts and property tags.
public struct VectorFeature: Sendable {
    public enum Kind: Int, Sendable {
        case unknown = 0
        case point = 1
        case lineString = 2
        case polygon = 3
    }

    public var id: UInt64?
    public var kind: Kind
    /// Pairs of (key index, value index) into the layer's tables.
    public var tags: [UInt32]
    /// Points: one part per point. Lines: one part per line string. Polygons: one part per ring, exterior rings
    /// clockwise on screen (y down) and holes anticlockwise, so a non-zero fill draws holes right.
    public var parts: [[Point]]

    public init(id: UInt64?, kind: Kind, tags: [UInt32], parts: [[Point]]) {
        self.id = id
        self.kind = kind
        self.tags = tags
        self.parts = parts
    }
}
