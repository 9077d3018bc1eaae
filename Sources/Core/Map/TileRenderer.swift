/// Draws one map tile north-up into a square canvas: vector tiles by schema and style, raster tiles resampled.
///
/// A tile deeper than the data (overzoom) is drawn from its ancestor's geometry scaled by 2^(z − data z).
public struct TileRenderer: Sendable {
    public var style: MapStyle
    public var schema: MapSchema

    /// When set, every filled path is also handed here (the benchmark replays them through cairo).
    public var recorder: PathRecorder?

    public init(style: MapStyle, schema: MapSchema) {
        self.style = style
        self.schema = schema
    }

    private func fill(_ path: Path, _ color: Color, _ canvas: Canvas) {
        recorder?.paths.append((path, color))
        canvas.fill(path, color)
    }

    /// Draws `data` (the tile `dataTile`, at or above `target`) as the tile `target`, filling `canvas`.
    public func render(_ data: VectorTile, dataTile: TileID, target: TileID, on canvas: Canvas) {
        render(composing: [(data, dataTile)], target: target, on: canvas)
    }

    /// Draws several data tiles as the tile `target` in one pass, so the draw order (land, then water, then
    /// roads) holds across all of them: one ancestor (overzoom), or `target`'s descendants (underzoom).
    public func render(composing tiles: [(data: VectorTile, tile: TileID)], target: TileID, on canvas: Canvas) {
        canvas.clear(to: style.land)
        let size = Double(canvas.width)
        let zoom = Double(target.z) + log2(size / 256)
        var buckets = Buckets()
        for (data, dataTile) in tiles {
            let depth = target.z - dataTile.z
            guard depth >= -8, depth <= 24 else { continue }
            // Where the data tile sits in the target's pixels: its origin and its size (2^depth target tiles).
            let k = depth >= 0 ? Double(1 << depth) : 1 / Double(1 << -depth)
            let originX = (Double(dataTile.x) * k - Double(target.x)) * size
            let originY = (Double(dataTile.y) * k - Double(target.y)) * size
            for layer in data.layers {
                let scale = size * k / Double(layer.extent)
                addFeatures(of: layer, scale: scale, originX: originX, originY: originY, size: size, to: &buckets)
            }
        }
        draw(buckets, zoom: zoom, on: canvas)
    }

    private func addFeatures(
        of layer: VectorLayer, scale: Double, originX: Double, originY: Double, size: Double,
        to buckets: inout Buckets
    ) {
        // Pixels of margin so wide strokes and casings that cross the edge are still drawn.
        let margin = 24.0
        func mapped(_ p: Point) -> Point { Point(x: p.x * scale + originX, y: p.y * scale + originY) }
        for feature in layer.features {
            // A target deeper than its data shows a part of it (a z16 tile a sixteenth of its z14 data): the
            // features outside are passed over before they are classified or their points copied.
            let reaches = feature.parts.contains { part in
                var (minX, minY) = (Double.infinity, Double.infinity)
                var (maxX, maxY) = (-Double.infinity, -Double.infinity)
                for p in part {
                    let q = mapped(p)
                    (minX, maxX) = (min(minX, q.x), max(maxX, q.x))
                    (minY, maxY) = (min(minY, q.y), max(maxY, q.y))
                }
                return maxX >= -margin && minX <= size + margin && maxY >= -margin && minY <= size + margin
            }
            guard reaches else { continue }
            let role = schema.role(of: feature, in: layer)
            if !buckets.wants(role, feature.kind) { continue }
            buckets.add(role, feature.parts.map { $0.map(mapped) })
        }
    }

    /// Draws a raster tile's image (the tile `dataTile`, at or above `target`) as the tile `target`.
    public func render(_ image: RasterImage, dataTile: TileID, target: TileID, on canvas: Canvas) {
        let depth = target.z - dataTile.z
        guard depth >= 0, depth <= 24, image.width > 0, image.height > 0 else {
            canvas.clear(to: style.placeholder)
            return
        }
        let size = canvas.width
        let span = 1 << depth
        // The part of the source image this target covers, in source pixels.
        let sx0 = Double(target.x - (dataTile.x << depth)) * Double(image.width) / Double(span)
        let sy0 = Double(target.y - (dataTile.y << depth)) * Double(image.height) / Double(span)
        let step = Double(image.width) / Double(span) / Double(size)
        let stepY = Double(image.height) / Double(span) / Double(size)
        canvas.frame.pixels.withUnsafeMutableBufferPointer { out in
            image.pixels.withUnsafeBufferPointer { src in
                for y in 0..<size {
                    let fy = sy0 + (Double(y) + 0.5) * stepY - 0.5
                    for x in 0..<size {
                        let fx = sx0 + (Double(x) + 0.5) * step - 0.5
                        out[y * size + x] = Bilinear.sample(src, image.width, image.height, fx, fy)
                    }
                }
            }
        }
        dimForNight(canvas)
    }

    /// Daylight rasters would glare at night: scales them down to the night style's brightness.
    private func dimForNight(_ canvas: Canvas) {
        guard style.rasterBrightness < 1 else { return }
        let k = UInt32(checkedTruncating: min(1, max(0, style.rasterBrightness)) * 256) ?? 0
        canvas.frame.pixels.withUnsafeMutableBufferPointer { out in
            for i in 0..<out.count {
                let p = out[i]
                out[i] = ((p & 0xff00ff) &* k >> 8) & 0xff00ff | ((p & 0x00ff00) &* k >> 8) & 0x00ff00
            }
        }
    }

    /// Draws raster tiles one or more levels below `target` (underzoom) into their squares of `target`,
    /// each image shrunk to its square; squares without a tile show the placeholder colour.
    public func render(composing images: [(image: RasterImage, tile: TileID)], target: TileID, on canvas: Canvas) {
        canvas.clear(to: style.placeholder)
        let size = canvas.width
        for (image, tile) in images {
            let depth = tile.z - target.z
            guard depth > 0, depth <= 8, image.width > 0, image.height > 0 else { continue }
            let square = max(1, size >> depth)
            let x0 = (tile.x - (target.x << depth)) * square
            let y0 = (tile.y - (target.y << depth)) * square
            guard x0 >= 0, y0 >= 0, x0 + square <= size, y0 + square <= size else { continue }
            let stepX = Double(image.width) / Double(square)
            let stepY = Double(image.height) / Double(square)
            canvas.frame.pixels.withUnsafeMutableBufferPointer { out in
                image.pixels.withUnsafeBufferPointer { src in
                    for y in 0..<square {
                        let fy = (Double(y) + 0.5) * stepY - 0.5
                        for x in 0..<square {
                            let fx = (Double(x) + 0.5) * stepX - 0.5
                            out[(y0 + y) * size + x0 + x] = Bilinear.sample(src, image.width, image.height, fx, fy)
                        }
                    }
                }
            }
        }
        dimForNight(canvas)
    }

    private func draw(_ b: Buckets, zoom: Double, on canvas: Canvas) {
        let s = style
        // What a stroke can show: the tile, and a pixel to spare. A feature that reaches the tile is kept whole
        // (`addFeatures`), so a road across its data tile is mostly outside a deeper tile, and only its pieces
        // that cross this one are stroked.
        let area = Rect(x: -1, y: -1, width: Double(canvas.width) + 2, height: Double(canvas.height) + 2)
        func fillAreas(_ list: [[[Point]]], _ color: Color) {
            guard !list.isEmpty else { return }
            var path = Path()
            for parts in list { for ring in parts { path.addPolygon(ring) } }
            self.fill(path, color, canvas)
        }
        fillAreas(b.areas[.residential] ?? [], s.residential)
        fillAreas(b.areas[.otherLanduse] ?? [], s.otherLanduse)
        fillAreas(b.areas[.industrial] ?? [], s.industrial)
        fillAreas(b.areas[.cemetery] ?? [], s.cemetery)
        fillAreas(b.areas[.grass] ?? [], s.grass)
        fillAreas(b.areas[.wood] ?? [], s.wood)
        fillAreas(b.areas[.park] ?? [], s.park)
        fillAreas(b.areas[.pitch] ?? [], s.pitch)
        fillAreas(b.areas[.water] ?? [], s.water)
        for line in b.waterways {
            for part in line {
                fill(Stroker.stroke(part, width: MapStyle.width(3, zoom: zoom), within: area), s.waterway, canvas)
            }
        }
        if zoom >= 13.5 {
            var bodies = Path()
            var edges = Path()
            for parts in b.areas[.building] ?? [] {
                for ring in parts {
                    bodies.addPolygon(ring)
                    if zoom >= 15.5 {
                        for c in Stroker.stroke(ring, width: 0.8, closed: true, within: area).contours {
                            edges.addPolygon(c)
                        }
                    }
                }
            }
            fill(edges, s.buildingEdge, canvas)
            fill(bodies, s.building, canvas)
        }
        for (level, parts) in b.boundaries where level <= 8 {
            for part in parts {
                fill(
                    Stroker.dashed(part, width: MapStyle.width(2, zoom: zoom), on: 8, off: 4, within: area), s.boundary,
                    canvas)
            }
        }
        drawRoads(b, zoom: zoom, within: area, on: canvas)
    }

    private func drawRoads(_ b: Buckets, zoom: Double, within area: Rect, on canvas: Canvas) {
        let s = style
        let roads = b.roads
        // Tunnels first and faded, then ground roads, then bridges; casings under fills within each.
        for pass in 0..<3 {
            let group = roads.filter { r in pass == 0 ? r.1 : (pass == 1 ? (!r.1 && !r.2) : r.2) }
                .sorted { $0.0 < $1.0 }
            let fade = pass == 0 ? 0.45 : 1.0
            for (cls, _, _, parts) in group where !cls.isPath {
                let w = MapStyle.width(s.road(cls).width, zoom: zoom)
                let cw = w + 2 * MapStyle.width(s.casingWidth, zoom: zoom, minimum: 0.7)
                var casing = Path()
                for part in parts {
                    for c in Stroker.stroke(part, width: cw, within: area).contours { casing.addPolygon(c) }
                }
                fill(casing, s.casing.withOpacity(fade), canvas)
            }
            for (cls, _, _, parts) in group {
                let (color, w16) = s.road(cls)
                let w = MapStyle.width(w16, zoom: zoom, minimum: cls.isPath ? 0.9 : 0.6)
                var path = Path()
                for part in parts {
                    let outline: Path
                    if cls == .steps || (cls.isPath && cls != .cycleway && zoom >= 15) {
                        outline = Stroker.dashed(
                            part, width: w, on: max(2, w * 2.5), off: max(1.5, w * 1.5), within: area)
                    } else {
                        outline = Stroker.stroke(part, width: w, within: area)
                    }
                    for c in outline.contours { path.addPolygon(c) }
                }
                fill(path, color.withOpacity(fade), canvas)
            }
            if pass == 1 {
                for (tunnel, parts) in b.rails where !tunnel { drawRail(parts, zoom: zoom, within: area, on: canvas) }
            }
        }
    }

    func drawRail(_ parts: [[Point]], zoom: Double, within area: Rect, on canvas: Canvas) {
        let w = MapStyle.width(2.2, zoom: zoom, minimum: 0.8)
        for part in parts {
            fill(Stroker.stroke(part, width: w, within: area), style.rail, canvas)
            fill(Stroker.dashed(part, width: w * 0.5, on: 6, off: 6, within: area), style.land, canvas)
        }
    }
}

/// Features grouped by how they are drawn.
struct Buckets {
    var areas: [AreaKind: [[[Point]]]] = [:]
    var waterways: [[[Point]]] = []
    var roads: [(RoadClass, Bool, Bool, [[Point]])] = []
    var rails: [(Bool, [[Point]])] = []
    var boundaries: [(Int, [[Point]])] = []

    enum AreaKind: Hashable {
        case residential, otherLanduse, industrial, cemetery, grass, wood, park, pitch, water, building
    }

    func wants(_ role: FeatureRole, _ kind: VectorFeature.Kind) -> Bool {
        switch role {
        case .placeLabel, .poiLabel, .waterLabel, .none, .earth: return false
        case .road, .rail, .boundary, .waterway: return kind == .lineString
        default: return kind == .polygon
        }
    }

    mutating func add(_ role: FeatureRole, _ parts: [[Point]]) {
        switch role {
        case .water: areas[.water, default: []].append(parts)
        case .waterway: waterways.append(parts)
        case .park: areas[.park, default: []].append(parts)
        case .wood: areas[.wood, default: []].append(parts)
        case .grass: areas[.grass, default: []].append(parts)
        case .residential: areas[.residential, default: []].append(parts)
        case .industrial: areas[.industrial, default: []].append(parts)
        case .pitch: areas[.pitch, default: []].append(parts)
        case .cemetery: areas[.cemetery, default: []].append(parts)
        case .otherLanduse: areas[.otherLanduse, default: []].append(parts)
        case .building: areas[.building, default: []].append(parts)
        case .road(let c, let tunnel, let bridge): roads.append((c, tunnel, bridge, parts))
        case .rail(let tunnel): rails.append((tunnel, parts))
        case .boundary(let level): boundaries.append((level, parts))
        default: break
        }
    }
}

/// Collects the paths a renderer fills, in order, with their colours.
// Unchecked Sendable: a recorder is only ever attached to a renderer used from one thread (a test or the map
// benchmark); the tile workers' renderers never carry one, so `paths` is never written concurrently.
public final class PathRecorder: @unchecked Sendable {
    public var paths: [(Path, Color)] = []
    public init() {}
}
