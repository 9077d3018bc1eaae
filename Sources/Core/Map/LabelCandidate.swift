/// A name the map could show, in world units (the Web Mercator square, 0...1 on each axis), so one candidate
/// serves every zoom and rotation.
public struct LabelCandidate: Sendable, Equatable {
    public enum Kind: Int, Sendable, Comparable {
        case place, road, water, poi
        public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    public let text: String
    public let kind: Kind
    /// A point label's anchor, or the line a street name follows.
    public var points: [Point] {
        didSet { (lowest, highest) = Self.extent(of: points) }
    }
    /// The smallest and largest x and y of `points` (world units; ±infinity when there are none): the placer
    /// skips candidates far off screen by them each frame without walking their points.
    public private(set) var lowest: Point
    public private(set) var highest: Point
    /// Lower is more important (places before big roads before small roads before POIs).
    public var priority: Int

    /// The identity used to keep a label from one frame to the next.
    public let key: LabelKey

    /// A street of OpenMapTiles class tertiary or above (Protomaps `highway` and `major_road`): the names a rider
    /// steers by, placed before place names and everything else.
    public var isMajorRoad: Bool { kind == .road && priority <= 30 - RoadClass.tertiary.rawValue }

    public init(text: String, kind: Kind, points: [Point], priority: Int) {
        self.text = text
        self.kind = kind
        self.points = points
        self.priority = priority
        self.key = LabelKey("\(kind.rawValue):\(text)")
        (lowest, highest) = Self.extent(of: points)
    }

    private static func extent(of points: [Point]) -> (Point, Point) {
        var lx = Double.infinity
        var hx = -Double.infinity
        var ly = Double.infinity
        var hy = -Double.infinity
        for p in points {
            lx = min(lx, p.x)
            hx = max(hx, p.x)
            ly = min(ly, p.y)
            hy = max(hy, p.y)
        }
        return (Point(x: lx, y: ly), Point(x: hx, y: hy))
    }
}

extension LabelCandidate {
    /// The labels of a decoded tile: places, POIs and water names at their points, street names along their lines.
    /// Names longer than this are cut (the longest real street and place names are well under it).
    public static let maxNameCharacters = 80

    public static func extract(from tile: VectorTile, tile id: TileID, schema: MapSchema) -> [LabelCandidate] {
        var out: [LabelCandidate] = []
        // Street lines by name and priority, joined end to end before they become candidates.
        var streets: [String: (name: String, priority: Int, lines: [[Point]])] = [:]
        var streetOrder: [String] = []
        let n = Double(1 << id.z)
        for layer in tile.layers {
            let scale = 1 / (Double(layer.extent) * n)
            let ox = Double(id.x) / n
            let oy = Double(id.y) / n
            func world(_ p: Point) -> Point { Point(x: ox + p.x * scale, y: oy + p.y * scale) }
            for f in layer.features {
                guard let full = MapSchema.name(of: f, in: layer) else { continue }
                // Real names fit in a few dozen characters; a tile's 1 MB "name" must not become a 1 MB label
                // shaped, cached and laid out every frame.
                let name = full.count > Self.maxNameCharacters ? String(full.prefix(Self.maxNameCharacters)) : full
                let role = schema.role(of: f, in: layer)
                switch (role, f.kind) {
                case (.placeLabel(let rank), .point):
                    for part in f.parts {
                        out.append(.init(text: name, kind: .place, points: part.map(world), priority: rank))
                    }
                case (.poiLabel(let rank), .point):
                    for part in f.parts {
                        out.append(.init(text: name, kind: .poi, points: part.map(world), priority: 40 + rank))
                    }
                case (.waterLabel, .point):
                    for part in f.parts {
                        out.append(.init(text: name, kind: .water, points: part.map(world), priority: 8))
                    }
                case (_, .lineString) where isStreetLayer(layer.name, schema):
                    let cls: RoadClass
                    if case .road(let c, _, _) = role {
                        cls = c
                    } else {
                        cls = roadClassForName(layer.string("class", of: f), layer.string("subclass", of: f))
                    }
                    let priority = 30 - cls.rawValue
                    let key = "\(priority)|\(name)"
                    if streets[key] == nil {
                        streets[key] = (name, priority, [])
                        streetOrder.append(key)
                    }
                    for part in f.parts where part.count >= 2 { streets[key]?.lines.append(part.map(world)) }
                default: continue
                }
            }
        }
        for key in streetOrder {
            guard let street = streets[key] else { continue }
            for line in joined(street.lines) {
                out.append(.init(text: street.name, kind: .road, points: line, priority: street.priority))
            }
        }
        return out
    }

    /// Most lines this many or fewer of one name in one tile are joined (the pairwise search is quadratic).
    static let maxJoinedLines = 64

    /// Lines of one street joined where one ends exactly where another starts or ends: OpenStreetMap splits a
    /// street into ways at junctions and tag changes, and a name should be able to sit across such a joint.
    static func joined(_ lines: [[Point]]) -> [[Point]] {
        guard lines.count > 1, lines.count <= maxJoinedLines else { return lines }
        var pool = lines
        var merged = true
        while merged {
            merged = false
            search: for i in pool.indices {
                for j in pool.indices where j != i {
                    guard let a = pool[i].first, let b = pool[i].last, let c = pool[j].first, let d = pool[j].last
                    else { continue }
                    var joined: [Point]?
                    if b == c {
                        joined = pool[i] + pool[j].dropFirst()
                    } else if b == d {
                        joined = pool[i] + pool[j].reversed().dropFirst()
                    } else if a == d {
                        joined = pool[j] + pool[i].dropFirst()
                    } else if a == c {
                        joined = pool[j].reversed() + pool[i].dropFirst()
                    }
                    // A closed ring joined to itself would have no ends to join again; keep it as it is.
                    if let joined {
                        pool[i] = joined
                        pool.remove(at: j)
                        merged = true
                        break search
                    }
                }
            }
        }
        return pool
    }

    private static func isStreetLayer(_ name: String, _ schema: MapSchema) -> Bool {
        switch schema {
        case .openMapTiles: return name == "transportation_name"
        case .protomaps: return name == "roads"
        case .unknown: return false
        }
    }

    private static func roadClassForName(_ cls: String?, _ sub: String?) -> RoadClass {
        switch cls ?? "" {
        case "motorway": return .motorway
        case "trunk": return .trunk
        case "primary": return .primary
        case "secondary": return .secondary
        case "tertiary": return .tertiary
        case "minor": return .minor
        case "service": return .service
        case "path": return sub == "cycleway" ? .cycleway : (sub == "pedestrian" ? .pedestrian : .path)
        default: return .minor
        }
    }
}

/// A label's identity from frame to frame (its kind and text) with its hash worked out once: the placer looks
/// every visible name up several times a frame, and hashing a `String` normalises it each time.
public struct LabelKey: Hashable, Sendable, CustomStringConvertible {
    public let description: String
    /// FNV-1a of the UTF-8 bytes.
    private let fnv: UInt64

    public init(_ text: String) {
        description = text
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        fnv = h
    }

    // Equal keys have equal bytes, so equal hashes; the text is compared only when the hashes match.
    public static func == (a: LabelKey, b: LabelKey) -> Bool { a.fnv == b.fnv && a.description == b.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(fnv) }
}
