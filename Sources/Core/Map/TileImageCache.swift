import Foundation

/// Rendered north-up tile images, bounded (LRU), filled by a small pool of worker threads.
///
/// A frame asks for what it needs with `image(for:)`: a hit returns at once; a miss queues the tile (newest
/// requests first, duplicates ignored, the queue bounded) and returns nil, so the frame draws a placeholder and
/// never waits. Workers load, decode and rasterise, then publish into the cache.
// Unchecked Sendable: every `var` (cache, queue, in-flight count) is read and written only while `condition` is
// held; the `let`s are themselves Sendable.
public final class TileImageCache: @unchecked Sendable {
    /// A rendered tile: the tile it shows and its pixels (`tileSize` square).
    public struct Key: Hashable, Sendable {
        public var tile: TileID
        public var style: String
    }

    public let store: TileStore
    public let tileSize: Int
    public private(set) var style: MapStyle
    private let condition = NSCondition()
    private var images: LRUCache<Key, TileBitmap>
    private var queue: [Key] = []
    private var queued: Set<Key> = []
    private var inFlight = 0
    private var stopped = false
    private var workers: [Thread] = []
    /// Jobs waiting beyond this are dropped oldest first (a fast pan should not leave a backlog).
    public static let maxQueued = 64
    /// Incremented whenever a tile lands (guarded by `condition`: workers write it).
    private var generation = 0

    /// How many tiles have landed so far: the frame loop redraws when it changes.
    public var landedTiles: Int {
        condition.lock()
        defer { condition.unlock() }
        return generation
    }

    /// - Parameters:
    ///   - capacity: how many rendered tiles to keep (each costs tileSize² × 4 bytes: 256 KiB at 256 px).
    ///   - workers: threads rasterising; 0 renders nothing in the background (use `renderNow`).
    public init(store: TileStore, style: MapStyle, tileSize: Int = 256, capacity: Int = 96, workers: Int = 1) {
        self.store = store
        self.style = style
        self.tileSize = tileSize
        self.images = LRUCache(capacity: capacity)
        for i in 0..<workers {
            let t = Thread { [weak self] in self?.workLoop() }
            t.name = "map-tiles-\(i)"
            t.stackSize = 1 << 20
            self.workers.append(t)
        }
        for worker in self.workers { worker.start() }
    }

    deinit { stop() }

    /// Stops the workers after their current tile.
    public func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// Switches day/night: cached images of the other style age out by LRU.
    public func setStyle(_ s: MapStyle) {
        condition.lock()
        style = s
        queue.removeAll()
        queued.removeAll()
        condition.unlock()
    }

    /// The rendered tile if cached; otherwise queues it (when `request`) and returns nil.
    public func image(for tile: TileID, request: Bool = true) -> TileBitmap? {
        condition.lock()
        defer { condition.unlock() }
        let key = Key(tile: tile, style: style.name)
        if let hit = images.get(key) { return hit }
        if request && !queued.contains(key) && !workers.isEmpty {
            queue.append(key)
            queued.insert(key)
            if queue.count > Self.maxQueued { queued.remove(queue.removeFirst()) }
            condition.signal()
        }
        return nil
    }

    /// Renders `tile` on the calling thread (used when a caller must have the full map, such as `render`).
    @discardableResult
    public func renderNow(_ tile: TileID, canvas: Canvas? = nil) -> TileBitmap {
        condition.lock()
        let key = Key(tile: tile, style: style.name)
        if let hit = images.get(key) {
            condition.unlock()
            return hit
        }
        let s = style
        condition.unlock()
        let image = render(tile, style: s, canvas: canvas ?? Canvas(width: tileSize, height: tileSize))
        publish(Key(tile: tile, style: s.name), image)
        return image
    }

    /// Blocks until the queue is empty and no worker is busy (for tests and one-shot renders only).
    public func waitUntilIdle() {
        condition.lock()
        while !(queue.isEmpty && inFlight == 0) && !stopped && !workers.isEmpty { condition.wait() }
        condition.unlock()
    }

    public var cachedCount: Int { condition.locked { images.count } }

    private func workLoop() {
        let canvas = Canvas(width: tileSize, height: tileSize)
        while true {
            condition.lock()
            while queue.isEmpty && !stopped { condition.wait() }
            if stopped {
                condition.unlock()
                return
            }
            // Newest first: what the rider looks at now matters more than where the map was.
            let key = queue.removeLast()
            queued.remove(key)
            inFlight += 1
            let s = style
            condition.unlock()
            let image = key.style == s.name ? render(key.tile, style: s, canvas: canvas) : nil
            condition.lock()
            inFlight -= 1
            if let image {
                images.set(key, image)
                generation += 1
            }
            condition.broadcast()
            condition.unlock()
        }
    }

    private func publish(_ key: Key, _ image: TileBitmap) {
        condition.lock()
        images.set(key, image)
        generation += 1
        condition.unlock()
    }

    private func render(_ tile: TileID, style: MapStyle, canvas: Canvas) -> TileBitmap {
        let dataTile = store.dataTile(for: tile)
        let renderer = TileRenderer(style: style, schema: store.schema)
        switch store.load(dataTile) {
        case .vector(let v, _):
            renderer.render(v, dataTile: dataTile, target: tile, on: canvas)
        case .raster(let r):
            renderer.render(r, dataTile: dataTile, target: tile, on: canvas)
        case .missing, .failed:
            drawPlaceholder(on: canvas, style: style)
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

extension NSCondition {
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
