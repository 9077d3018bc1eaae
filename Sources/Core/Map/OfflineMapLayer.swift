/// The offline map under the scene: cached north-up tiles turned into the camera's frame, then labels placed
/// upright in screen space.
public final class OfflineMapLayer: MapLayer {
    public let tiles: TileImageCache
    public var style: MapStyle { tiles.style }
    /// When true, a frame renders missing tiles itself before drawing (one-shot renders, golden tests); the live
    /// display leaves it false so a frame never waits.
    public var waitForTiles: Bool
    /// How many zoom levels past the file's deepest to draw by scaling its geometry.
    public static let maxOverzoom = 6
    let placer = LabelPlacer()
    /// Labels turned with the map, sampled once for as long as the map keeps its rotation.
    let turnedLabels = TurnedLabelCache()
    private let mosaic = TileMosaic()
    /// The way the map is moving, for asking for the tiles ahead before the screen reaches them.
    private var ahead = TilesAhead()
    /// The numbers naming label looks in the composite's overlay.
    var labelNumbers = LabelNumbers()
    /// Glyph outlines and halos of recent labels at the origin, unturned (when labels are set without the text
    /// stack): a frame only moves and turns them.
    var shapeCache = LRUCache<String, (text: Path, halo: Path)>(capacity: 256)
    let fonts: FontSet
    /// The world text stack labels are set with (shaped, glyph masks cached); nil sets them in `fonts`' outlines.
    public let shaper: (any TextShaper)?
    /// The label and credit fonts for the last frame's physics: made once, not per frame.
    var typographyCache: LabelTypography?
    /// Labels can be switched off (the benchmark measures composition alone).
    public var drawsLabels = true
    /// The credit line's place for the last frame's screen, HUD and physics: most frames reuse it.
    var creditCache: (key: CreditKey, layout: CreditLayout?)?
    /// Whether the credit had a place at full size for the last screen and HUD the scene asked about.
    var creditRoomCache: (key: CreditKey, fits: Bool)?
    /// The capital height in pixels of the credit line drawn in the last frame, nil when none was (for tests).
    public internal(set) var lastCreditCapHeight: Double?
    /// The credit line as a layer over the map (`prepareCredit`).
    var creditLayer = HUDLayerCache()
    /// The labels drawn in the last frame (for tests and debugging).
    public internal(set) var lastLabels: [PlacedLabel] = []
    /// The last current-street answer (`currentStreet(at:course:)`), reused while the position barely moved.
    var streetCache: StreetAnswer?
    /// The label candidates of the data tiles last drawn, and which tiles they came from: most frames draw the
    /// same tiles, and the list is not rebuilt for them.
    var candidateCache: (tiles: [TileID], candidates: [LabelCandidate])?
    /// Bumped by each `draw` that writes other pixels than the one before (`MapLayer.drawnPixelsRevision`).
    private var pixelsRevision = 0
    public var drawnPixelsRevision: Int? { pixelsRevision }
    /// The last full label placement, reused while the map only slides by whole pixels (`SlidLabelPlacement`).
    var slidPlacement: SlidLabelPlacement?
    /// False places the labels afresh every frame (tests and benchmarks compare the two).
    public var reusesSlidLabels = true
    /// How many frames placed their labels afresh (the others slid the last placement), for the benchmarks.
    public internal(set) var placedLabelSets = 0

    /// `shaper` nil (or one that fails) sets labels with `fonts`' outlines.
    public init(
        tiles: TileImageCache, fonts: FontSet, waitForTiles: Bool = false, shaper: (any TextShaper)? = nil
    ) {
        self.tiles = tiles
        self.fonts = fonts
        self.shaper = shaper
        self.waitForTiles = waitForTiles
    }

    /// Changes when a tile lands, so a frame that would otherwise be skipped shows it.
    public var revision: Int { tiles.landedTiles }
    /// False until a frame drew every tile it needs (so a loop starts at its moving frame rate, and the map shows
    /// as soon as it is there).
    public private(set) var isComplete = false
    /// Screen pixels the map's composite resampled over every frame drawn (the others were the last frame
    /// shifted by whole pixels), for the benchmarks.
    public private(set) var resampledPixels = 0
    /// Labels drawn over every frame drawn (the others lay on the kept map and were shifted with it), for the
    /// benchmarks.
    public private(set) var redrawnLabels = 0

    /// Makes the next frame resample the whole map and draw every label afresh, taking nothing from the last
    /// frame (tests compare shifted frames with such ones).
    public func redrawWholeNextFrame() { mosaic.forgetKeptFrame() }

    /// Switches between day and night colours.
    public func setStyle(_ style: MapStyle) { tiles.setStyle(style) }

    /// The deepest tile zoom ever drawn (a tile's x and y then still fit comfortably in an `Int`).
    public static let deepestTileZoom = 30

    /// The tiles drawn for a camera at `zoom`, before the frame's tile budget (`TileLevel.forCamera`).
    ///
    /// Not raised to the file's shallowest zoom: drawing a z14-only file at zoom 10 with z14 tiles would take
    /// 4^4 times the tiles; tiles above the file's range are composed from its tiles or are the placeholder.
    public func tileLevel(for zoom: Double) -> TileLevel {
        let store = tiles.store
        let deepest = max(0, min(store.maxZoom + Self.maxOverzoom, Self.deepestTileZoom))
        // A zoom that is not a number draws the file's shallowest tiles.
        return TileLevel.forCamera(zoom: zoom.isFinite ? zoom : Double(store.minZoom), within: 0...deepest)
    }

    /// The tile level and tiles a frame for `camera` draws: `tileLevel(for:)`, made coarser until the tiles fit
    /// the budget's `tilesPerFrame` (a huge screen or a far zoom never composes thousands of tiles).
    public func tileGrid(for camera: Camera) -> (level: TileLevel, xs: ClosedRange<Int>, ys: ClosedRange<Int>) {
        var level = tileLevel(for: camera.zoom)
        var (xs, ys) = TileCompositor.visibleTiles(camera: camera, zoom: level.zoom)
        while xs.count * ys.count > tiles.budget.tilesPerFrame && level.zoom > 0 {
            level.zoom -= 1
            (xs, ys) = TileCompositor.visibleTiles(camera: camera, zoom: level.zoom)
        }
        return (level, xs, ys)
    }

    /// Draws for a 7" panel at 70 cm (what a `Scene` assumes when nothing says how large the panel is).
    public func draw(on canvas: Canvas, camera: Camera, reserved: [Rect]) {
        draw(
            on: canvas, camera: camera, reserved: reserved,
            physics: .assumed(width: camera.width, height: camera.height))
    }

    /// Draws the tiles, the credit line and the labels, the text sized for `physics` (ISO 15008's capital heights
    /// at its viewing distance, `LabelTypography`).
    public func draw(on canvas: Canvas, camera: Camera, reserved: [Rect], physics: ScreenPhysics) {
        draw(on: canvas, camera: camera, reserved: reserved, keepOff: [], physics: physics)
    }

    /// The same, the labels also kept off `lines` (the route and the trail, drawn over the map).
    public func draw(
        on canvas: Canvas, camera: Camera, reserved: [Rect], keepOff lines: [LabelKeepOutLine], physics: ScreenPhysics
    ) {
        _ = draw(on: canvas, camera: camera, reserved: reserved, keepOff: lines, physics: physics, apart: false)
    }

    /// The same, leaving the map in the composite's kept picture, with the credit line as a layer over it
    /// (`MapLayer.drawApart`).
    public func drawApart(
        on canvas: Canvas, camera: Camera, reserved: [Rect], keepOff lines: [LabelKeepOutLine], physics: ScreenPhysics
    ) -> ComposedFrame? {
        draw(on: canvas, camera: camera, reserved: reserved, keepOff: lines, physics: physics, apart: true)
    }

    private func draw(
        on canvas: Canvas, camera: Camera, reserved: [Rect], keepOff lines: [LabelKeepOutLine], physics: ScreenPhysics,
        apart: Bool
    ) -> ComposedFrame? {
        let (level, xs, ys) = tileGrid(for: camera)
        let z = level.zoom
        var cells: [TileCompositor.Cell?] = []
        cells.reserveCapacity(xs.count * ys.count)
        if !waitForTiles { askForTilesAhead(camera: camera, level: level, xs: xs, ys: ys) }
        // What the screen shows first, nearest the marker first, so the workers fill it before the corners.
        let order = TileCompositor.requestOrder(camera: camera, zoom: z, xs: xs, ys: ys)
        var found: [TileID: TileCompositor.Cell] = [:]
        for tile in order {
            if !tiles.hasData(for: tile) {
                // Too far above the file's zoom range to compose from its tiles: the mosaic's hatch.
                continue
            } else if waitForTiles {
                found[tile] = .init(bitmap: tiles.renderNow(tile, size: level.size), scale: 1, offsetX: 0, offsetY: 0)
            } else if let image = tiles.image(for: tile, size: level.size) {
                found[tile] = .init(bitmap: image, scale: 1, offsetX: 0, offsetY: 0)
            } else if let stand = cachedStandIn(for: tile, size: level.size) {
                found[tile] = stand
            }
        }
        for y in ys { for x in xs { cells.append(found[TileID(z: z, x: x, y: y)]) } }
        // Tiles with data that are not drawn yet, or drawn from a parent: the frame will change when they land.
        isComplete = order.allSatisfy { tile in
            !tiles.hasData(for: tile) || found[tile].map { $0.scale == 1 && $0.bitmap.size == level.size } == true
        }
        mosaic.update(
            xs: xs, ys: ys, zoom: z, tileSize: level.size, cells: cells,
            placeholder: style.placeholder.xrgb, placeholderLine: style.placeholderLine.xrgb,
            footprint: TileMosaic.footprint(camera: camera, zoom: z, tileSize: level.size))
        let typography = labelTypography(for: physics)
        // The credit line's place is chosen first, so street names keep clear of it.
        let credit = creditLayout(on: canvas, typography: typography, reserved: reserved, keepOff: lines)
        prepareCredit(credit, typography: typography, on: canvas)
        let (labels, slide) =
            drawsLabels
            ? placeLabels(
                camera: camera, zoom: z, xs: xs, ys: ys, typography: typography,
                reserved: reserved + (credit.map { [$0.box] } ?? []), keepOff: lines) : ([], nil)
        // The labels lie on the map in the composite's kept frame and shift with it; the frame is taken out of the
        // canvas while the mosaic draws into it, so the labels can be drawn through the canvas meanwhile.
        var frame = FrameBuffer(width: 1, height: 1)
        swap(&frame, &canvas.frame)
        mosaic.draw(
            into: &frame, camera: camera, zoom: z, tileSize: level.size, background: style.placeholder.xrgb,
            overlay: labelOverlay(labels, slid: slide, typography: typography, canvas: canvas), keptOnly: apart)
        swap(&frame, &canvas.frame)
        resampledPixels += mosaic.lastResampledPixels
        redrawnLabels += mosaic.lastRedrawnItems
        lastCreditCapHeight = credit?.font.capHeight
        let creditChanged = creditLayer.takeChange() != nil
        if mosaic.lastDrawChangedPixels || creditChanged {
            pixelsRevision &+= 1
        }
        if apart, let kept = mosaic.keptPicture {
            return ComposedFrame(base: kept, layers: creditLayer.composedLayers)
        }
        creditLayer.composite(into: &canvas.frame)
        return nil
    }

    /// Asks for the tiles just beyond the grid along the way the map moves (`TilesAhead`), before the frame's own
    /// tiles, so the render queue (newest first) takes them only when the screen needs nothing.
    private func askForTilesAhead(camera: Camera, level: TileLevel, xs: ClosedRange<Int>, ys: ClosedRange<Int>) {
        let anchor = TileCompositor.anchorInTiles(camera: camera, zoom: level.zoom)
        ahead.follow(x: anchor.x, y: anchor.y, zoom: level.zoom)
        for tile in ahead.tiles(xs: xs, ys: ys, zoom: level.zoom) where tiles.hasData(for: tile) {
            _ = tiles.image(for: tile, size: level.size)
        }
    }

    /// The composite writes every pixel of the frame: a resampled tile, a placeholder's hatch, or the placeholder
    /// colour outside the mosaic and for a camera that is not finite (`RotatedBlit.draw`).
    public var coversEveryPixel: Bool { true }

    /// The credit line drawn on the map.
    public var attribution: String {
        let meta = tiles.store.source.metadata.attribution
        // Tilemaker writes HTML links into `attribution`; keep its text only.
        let plain = meta.strippingHTMLTags().trimmingWhitespace()
        return plain.isEmpty ? "© OpenStreetMap contributors" : plain
    }

    func labelShapes(_ text: String, layout: TextLayout, haloWidth: Double) -> (text: Path, halo: Path) {
        let key = "\(layout.size)|\(haloWidth)|\(text)"
        if let hit = shapeCache.get(key) { return hit }
        let glyphs = layout.path(text, origin: Point(x: 0, y: 0))
        let halo = Self.dilated(glyphs, by: haloWidth)
        shapeCache.set(key, (glyphs, halo))
        return (glyphs, halo)
    }

    /// What to show while `tile` renders at `size`: the same tile cached at another size (the zoom just crossed a
    /// quarter level), else a cached tile one to three levels up (any size), mapped onto `tile`'s square.
    private func cachedStandIn(for tile: TileID, size: Int) -> TileCompositor.Cell? {
        // Nearest size first: the least resampling.
        for other in TileLevel.sizes.sorted(by: { abs($0 - size) < abs($1 - size) }) where other != size {
            if let image = tiles.image(for: tile, size: other, request: false) {
                return .init(bitmap: image, scale: 1, offsetX: 0, offsetY: 0)
            }
        }
        for d in 1...3 where tile.z - d >= 0 {
            let parent = TileID(z: tile.z - d, x: tile.x >> d, y: tile.y >> d)
            for parentSize in TileLevel.sizes {
                guard let image = tiles.image(for: parent, size: parentSize, request: false) else { continue }
                let span = Double(1 << d)
                let side = Double(image.size)
                return .init(
                    bitmap: image, scale: 1 / span,
                    offsetX: Double(tile.x - (parent.x << d)) * side / span,
                    offsetY: Double(tile.y - (parent.y << d)) * side / span)
            }
        }
        return nil
    }
}
