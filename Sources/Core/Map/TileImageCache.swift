/// Rendered north-up tile images, bounded (LRU), and the queue of tiles still to render.
///
/// A frame asks for what it needs with `image(for:)`: a hit returns at once; a miss queues the tile (newest
/// requests first, duplicates ignored, the queue bounded) and returns nil, so the frame draws a placeholder and
/// never waits. The cache runs no threads of its own: it describes the work (`takeJob()` hands out the tile to
/// render next, `run(_:on:)` renders and publishes it) and tells its `TileRenderScheduler` when work arrives; a
/// worker pool in Platform does the running.
// Unchecked Sendable: every `var` (cache, queue, in-flight count, style, scheduler) is read and written only while
// `lock` is held; the `let`s are themselves Sendable.
public final class TileImageCache: @unchecked Sendable {
    /// A rendered tile: the tile it shows, its size in pixels (`TileLevel`) and the style it was drawn in.
    public struct Key: Hashable, Sendable {
        public var tile: TileID
        public var size: Int
        public var style: String
    }

    public let store: TileStore
    public let budget: MapMemoryBudget
    private let lock = Lock()
    private var currentStyle: MapStyle
    private var images: LRUCache<Key, TileBitmap>
    private var queue: [Key] = []
    private var queued: Set<Key> = []
    private var inFlight = 0
    private var scheduler: TileRenderScheduler?
    /// Jobs waiting beyond this are dropped oldest first (a fast pan should not leave a backlog).
    public static let maxQueued = 64
    /// Incremented whenever a tile lands.
    private var generation = 0

    /// - Parameters:
    ///   - budget: the memory bounds; the rendered tiles kept are `budget.renderedTileBytes` worth.
    ///   - capacity: overrides how many rendered tiles to keep (each costs at most size² × 4 bytes: 256 KiB at
    ///     256 px).
    public init(store: TileStore, style: MapStyle, budget: MapMemoryBudget = .standard, capacity: Int? = nil) {
        self.store = store
        self.currentStyle = style
        self.budget = budget
        // Bounded by count (one frame's tiles and a margin must fit) and by bytes: compact tiles cost less. The
        // count is that of the smallest tiles, the most a frame needs (`MapMemoryBudget.tilesPerScreen`).
        self.images = LRUCache(
            capacity: capacity ?? budget.renderedTileCount(tileSize: TileLevel.smallestSize),
            maxCost: capacity == nil ? budget.renderedTileBytes : .max)
    }

    deinit { scheduler?.stop() }

    /// The style new tiles are drawn in.
    public var style: MapStyle { lock.locked { currentStyle } }

    /// How many tiles have landed so far: the frame loop redraws when it changes.
    public var landedTiles: Int { lock.locked { generation } }

    /// How many rendered tiles are held.
    public var cachedCount: Int { lock.locked { images.count } }

    /// The bytes the rendered tiles held take (`TileBitmap.byteCount`).
    public var cachedBytes: Int { lock.locked { images.totalCost } }

    /// True when nothing is queued or being rendered.
    public var isIdle: Bool { lock.locked { queue.isEmpty && inFlight == 0 } }

    /// Hands the background rendering to `scheduler` (a worker pool); until then misses are not queued.
    public func attach(_ scheduler: TileRenderScheduler) {
        lock.locked { self.scheduler = scheduler }
        scheduler.workAvailable()
    }

    /// Stops background rendering after the tiles being rendered now.
    public func stop() {
        let s = lock.locked { () -> TileRenderScheduler? in
            defer { scheduler = nil }
            return scheduler
        }
        s?.stop()
    }

    /// Blocks until the queue is empty and no worker is busy (tests and one-shot renders only).
    public func waitUntilIdle() {
        lock.locked { scheduler }?.waitUntilIdle()
    }

    /// Switches day/night: cached images of the other style age out by LRU.
    public func setStyle(_ s: MapStyle) {
        lock.locked {
            currentStyle = s
            queue.removeAll()
            queued.removeAll()
        }
    }

    /// The rendered tile at `size` pixels if cached; otherwise queues it (when `request`) and returns nil.
    public func image(for tile: TileID, size: Int, request: Bool = true) -> TileBitmap? {
        var wake: TileRenderScheduler?
        let hit = lock.locked { () -> TileBitmap? in
            let key = Key(tile: tile, size: size, style: currentStyle.name)
            if let hit = images.get(key) { return hit }
            if request, let scheduler, !queued.contains(key) {
                queue.append(key)
                queued.insert(key)
                if queue.count > Self.maxQueued { queued.remove(queue.removeFirst()) }
                wake = scheduler
            }
            return nil
        }
        // Outside the lock: the scheduler takes its own lock, and its workers call back into this one.
        wake?.workAvailable()
        return hit
    }

    /// One tile to render: what a worker takes from `takeJob()` and gives back to `run(_:on:)`.
    public struct Job: Sendable {
        public let key: Key
        let style: MapStyle
    }

    /// The tile to render next (newest request first), or nil when the queue is empty. Every job taken must be
    /// given to `run(_:on:)`, which ends it.
    public func takeJob() -> Job? {
        lock.locked {
            // Newest first: what the rider looks at now matters more than where the map was.
            guard let key = queue.popLast() else { return nil }
            queued.remove(key)
            inFlight += 1
            return Job(key: key, style: currentStyle)
        }
    }

    /// Renders `job` on the calling thread into `canvas` (reused between jobs; made anew when the job's size
    /// differs from it) and publishes it.
    public func run(_ job: Job, on canvas: inout Canvas) {
        if canvas.width != job.key.size || canvas.height != job.key.size {
            canvas = Canvas(width: job.key.size, height: job.key.size)
        }
        let image = job.key.style == job.style.name ? render(job.key.tile, style: job.style, canvas: canvas) : nil
        lock.locked {
            inFlight -= 1
            // A job for a style switched away from while it rendered is dropped.
            if let image, job.key.style == currentStyle.name {
                images.set(job.key, image, cost: image.byteCount)
                generation += 1
            }
        }
    }

    /// Renders `tile` at `size` pixels on the calling thread (used when a caller must have the full map, such as
    /// `render`).
    @discardableResult
    public func renderNow(_ tile: TileID, size: Int) -> TileBitmap {
        let key = { (style: String) in Key(tile: tile, size: size, style: style) }
        let (hit, s) = lock.locked { (images.get(key(currentStyle.name)), currentStyle) }
        if let hit { return hit }
        let image = render(tile, style: s, canvas: Canvas(width: size, height: size))
        lock.locked {
            images.set(key(s.name), image, cost: image.byteCount)
            generation += 1
        }
        return image
    }

    /// True when the file has data to draw `tile` from within the budget's underzoom (else it is the placeholder).
    public func hasData(for tile: TileID) -> Bool {
        tile.z >= store.minZoom - budget.maxUnderzoom
    }

    private func render(_ tile: TileID, style: MapStyle, canvas: Canvas) -> TileBitmap {
        let renderer = TileRenderer(style: style, schema: store.schema)
        let sources = store.dataTiles(for: tile, maxUnderzoom: budget.maxUnderzoom)
        if sources.count == 1, sources[0].z <= tile.z {
            let dataTile = sources[0]
            switch store.load(dataTile) {
            case .vector(let v, _): renderer.render(v, dataTile: dataTile, target: tile, on: canvas)
            case .raster(let r): renderer.render(r, dataTile: dataTile, target: tile, on: canvas)
            case .missing, .failed: drawPlaceholder(on: canvas, style: style)
            }
        } else {
            // Underzoom: the file's shallowest tiles under this one, each drawn into its part of the square.
            var vectors: [(data: VectorTile, tile: TileID)] = []
            var rasters: [(image: RasterImage, tile: TileID)] = []
            for t in sources {
                switch store.load(t) {
                case .vector(let v, _): vectors.append((v, t))
                case .raster(let r): rasters.append((r, t))
                case .missing, .failed: break
                }
            }
            if !rasters.isEmpty {
                renderer.render(composing: rasters, target: tile, on: canvas)
            } else if !vectors.isEmpty {
                renderer.render(composing: vectors, target: tile, on: canvas)
            } else {
                drawPlaceholder(on: canvas, style: style)
            }
        }
        return TileBitmap(size: canvas.width, pixels: canvas.frame.pixels)
    }

    /// A quiet hatched square where the file has no data (or the data is broken), so a gap reads as "no map here".
    func drawPlaceholder(on canvas: Canvas, style: MapStyle) {
        canvas.clear(to: style.placeholder)
        let n = Double(canvas.width)
        var path = Path()
        var d = -n
        while d < n {
            for c in Stroker.stroke([Point(x: d, y: n), Point(x: d + n, y: 0)], width: 1, roundCaps: false).contours {
                path.addPolygon(c)
            }
            d += 16
        }
        canvas.fill(path, style.placeholderLine)
    }
}

/// Runs a `TileImageCache`'s rendering jobs off the frame's thread (Platform's `TileWorkerPool`).
public protocol TileRenderScheduler: AnyObject, Sendable {
    /// A job was queued: wake a worker. Called without the cache's lock held.
    func workAvailable()
    /// Stop after the jobs being rendered now; no job is taken after this returns.
    func stop()
    /// Block until the cache has no job queued or in flight (tests and one-shot renders only).
    func waitUntilIdle()
}
