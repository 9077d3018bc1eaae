/// The vector tile layer schemas the renderer knows, told apart by their layer names.
public enum MapSchema: String, Sendable, Equatable {
    /// OpenMapTiles: what tilemaker and planetiler write (transportation, building, water, landuse, place, ...).
    case openMapTiles
    /// Protomaps basemap v4 (roads, buildings, water, landuse, earth, places, pois, ...).
    case protomaps
    /// Neither: drawn with a generic style so the frame still shows something, and reported.
    case unknown

    /// Picks the schema from layer names (metadata `vector_layers`, or a decoded tile's layers).
    public static func detect(layerNames: [String]) -> MapSchema {
        let names = Set(layerNames)
        let omt = ["transportation", "building", "landcover", "place", "waterway", "transportation_name"]
        let pm = ["roads", "buildings", "earth", "places", "pois", "boundaries"]
        let omtScore = omt.filter(names.contains).count
        let pmScore = pm.filter(names.contains).count
        if omtScore == 0 && pmScore == 0 { return .unknown }
        return omtScore >= pmScore ? .openMapTiles : .protomaps
    }
}

/// Road classes in draw order (lowest first), shared by both schemas.
public enum RoadClass: Int, Sendable, Comparable, CaseIterable {
    case path, footway, steps, track, cycleway, pedestrian, service, minor, tertiary, secondary, primary, trunk,
        motorway

    public static func < (a: RoadClass, b: RoadClass) -> Bool { a.rawValue < b.rawValue }

    /// True for the classes drawn as thin lines without casing (paths, cycleways).
    public var isPath: Bool { self <= .cycleway }
}

/// What a feature is for drawing, independent of the schema it came in.
public enum FeatureRole: Sendable, Equatable {
    case earth
    case water
    case waterway
    case park
    case wood
    case grass
    case residential
    case industrial
    case pitch
    case cemetery
    case otherLanduse
    case building
    case road(RoadClass, tunnel: Bool, bridge: Bool)
    case rail(tunnel: Bool)
    case boundary(adminLevel: Int)
    /// A labelled point: places (towns, suburbs) rank high, POIs lower.
    case placeLabel(rank: Int)
    case poiLabel(rank: Int)
    case waterLabel
    /// A feature the style ignores.
    case none
}

extension MapSchema {
    /// The role of `feature` in `layer` under this schema.
    public func role(of feature: VectorFeature, in layer: VectorLayer) -> FeatureRole {
        switch self {
        case .openMapTiles: return Self.omtRole(feature, layer)
        case .protomaps: return Self.protomapsRole(feature, layer)
        case .unknown: return Self.genericRole(feature)
        }
    }

    /// A feature's name: `name`, else `name:latin`, else `name:en` (OpenMapTiles writes only `name:latin` when no
    /// language is preferred).
    public static func name(of feature: VectorFeature, in layer: VectorLayer) -> String? {
        for key in ["name", "name:latin", "name:en"] {
            if let s = layer.string(key, of: feature), !s.isEmpty { return s }
        }
        return nil
    }

    /// An integer property as the style uses it: a value that is missing, not a number, fractional beyond an
    /// integer's range (NaN, ±1e300) or outside `range` gives `fallback`, so no tile can trap the renderer.
    static func integer(
        _ key: String, of f: VectorFeature, in l: VectorLayer, default fallback: Int, range: ClosedRange<Int>
    ) -> Int {
        guard let v = l.property(key, of: f)?.numberValue, let i = Int(checkedTruncating: v), range.contains(i)
        else { return fallback }
        return i
    }

    private static func roadClass(_ s: String?, detail: String?) -> RoadClass? {
        switch detail ?? "" {
        case "cycleway": return .cycleway
        case "footway", "sidewalk", "crossing", "corridor": return .footway
        case "steps": return .steps
        case "pedestrian", "living_street": return .pedestrian
        case "bridleway", "path": return .path
        default: break
        }
        switch s ?? "" {
        case "motorway", "highway": return .motorway
        case "trunk": return .trunk
        case "primary", "major_road": return .primary
        case "secondary": return .secondary
        case "tertiary": return .tertiary
        case "minor", "residential", "unclassified", "minor_road", "living_street", "raceway", "busway": return .minor
        case "service": return .service
        case "track": return .track
        case "path": return .path
        case "pedestrian": return .pedestrian
        default: return nil
        }
    }

    private static func omtRole(_ f: VectorFeature, _ l: VectorLayer) -> FeatureRole {
        let cls = l.string("class", of: f)
        switch l.name {
        case "water": return f.kind == .polygon ? .water : .none
        case "waterway": return .waterway
        case "park": return .park
        case "landcover":
            switch cls ?? "" {
            case "wood", "forest": return .wood
            case "grass", "farmland", "wetland": return .grass
            default: return .otherLanduse
            }
        case "landuse":
            switch cls ?? "" {
            case "residential", "suburb", "neighbourhood": return .residential
            case "industrial", "commercial", "retail", "railway", "garages": return .industrial
            case "cemetery": return .cemetery
            case "pitch", "stadium", "playground", "track": return .pitch
            case "park", "garden", "grass", "recreation_ground", "village_green": return .park
            default: return .otherLanduse
            }
        case "building": return .building
        case "transportation":
            let brunnel = l.string("brunnel", of: f)
            if ["rail", "transit", "tram", "subway", "light_rail", "narrow_gauge"].contains(cls ?? "") {
                return .rail(tunnel: brunnel == "tunnel")
            }
            guard f.kind == .lineString, let rc = roadClass(cls, detail: l.string("subclass", of: f)) else {
                return .none
            }
            return .road(rc, tunnel: brunnel == "tunnel", bridge: brunnel == "bridge")
        case "boundary":
            return .boundary(adminLevel: integer("admin_level", of: f, in: l, default: 8, range: 0...20))
        case "place":
            let rank: Int
            switch cls ?? "" {
            case "city": rank = 1
            case "town": rank = 2
            case "suburb", "village": rank = 3
            case "quarter", "neighbourhood": rank = 4
            default: rank = 5
            }
            return .placeLabel(rank: rank)
        case "poi":
            // Stops and platforms crowd a city centre with names a rider does not steer by.
            let sub = l.string("subclass", of: f) ?? ""
            if [
                "bus_stop", "platform", "stop_position", "tram_stop", "halt", "bicycle_parking", "parking",
                "waste_basket", "bench", "post_box", "telephone", "toilets", "recycling",
            ].contains(sub) {
                return .none
            }
            return .poiLabel(rank: integer("rank", of: f, in: l, default: 20, range: 0...1000))
        case "water_name": return .waterLabel
        default: return .none
        }
    }

    private static func protomapsRole(_ f: VectorFeature, _ l: VectorLayer) -> FeatureRole {
        let kind = l.string("kind", of: f)
        switch l.name {
        case "earth": return .earth
        case "water": return f.kind == .polygon ? .water : (f.kind == .lineString ? .waterway : .waterLabel)
        case "landuse", "landcover":
            switch kind ?? "" {
            case "park", "garden", "golf_course", "nature_reserve", "national_park", "recreation_ground", "playground",
                "village_green", "dog_park":
                return .park
            case "wood", "forest": return .wood
            case "grass", "grassland", "meadow", "farmland", "scrub": return .grass
            case "residential": return .residential
            case "industrial", "commercial", "retail", "railway", "military", "brownfield": return .industrial
            case "pitch", "stadium", "sports_centre": return .pitch
            case "cemetery", "grave_yard": return .cemetery
            default: return .otherLanduse
            }
        case "buildings": return f.kind == .polygon ? .building : .none
        case "roads":
            let detail = l.string("kind_detail", of: f)
            let tunnel = l.string("is_tunnel", of: f) == "true" || l.property("is_tunnel", of: f) == .bool(true)
            let bridge = l.string("is_bridge", of: f) == "true" || l.property("is_bridge", of: f) == .bool(true)
            if kind == "rail" { return .rail(tunnel: tunnel) }
            guard f.kind == .lineString, let rc = roadClass(kind == "other" ? detail : kind, detail: detail) else {
                return .none
            }
            return .road(rc, tunnel: tunnel, bridge: bridge)
        case "transit": return f.kind == .lineString ? .rail(tunnel: false) : .none
        case "boundaries":
            return .boundary(adminLevel: integer("kind_detail", of: f, in: l, default: 8, range: 0...20))
        case "places":
            switch kind ?? "" {
            case "country", "region": return .placeLabel(rank: 0)
            case "locality": return .placeLabel(rank: 2)
            case "neighbourhood", "macrohood": return .placeLabel(rank: 4)
            default: return .placeLabel(rank: 5)
            }
        case "pois": return .poiLabel(rank: kind == "station" ? 2 : 10)
        default: return .none
        }
    }

    private static func genericRole(_ f: VectorFeature) -> FeatureRole {
        switch f.kind {
        case .polygon: return .otherLanduse
        case .lineString: return .road(.minor, tunnel: false, bridge: false)
        default: return .none
        }
    }
}
