import Core

/// A few threads that render a `TileImageCache`'s queued tiles, so a frame never waits for a tile.
///
/// Core's cache says what to render and how to publish it; this pool only runs it. Each worker drains the cache's
/// queue, then sleeps until the cache says more work arrived. The cache holds the pool; the pool holds the cache
/// weakly, so dropping the map layer stops the threads.
// Unchecked Sendable: `wakeups`, `stopped` and `busy` are read and written only while `condition` is held; the
// cache is a weak reference to a Sendable class.
public final class TileWorkerPool: TileRenderScheduler, @unchecked Sendable {
    private let condition = ThreadCondition()
    private weak var cache: TileImageCache?
    private var wakeups = 0
    private var busy = 0
    private var stopped = false

    /// Starts `threads` workers for `cache` and attaches the pool to it.
    public init(cache: TileImageCache, threads: Int) {
        self.cache = cache
        for _ in 0..<max(1, threads) {
            WorkerThread.start(stackBytes: 1 << 20) { [self] in workLoop() }
        }
        cache.attach(self)
    }

    public func workAvailable() {
        condition.lock()
        wakeups += 1
        condition.signal()
        condition.unlock()
    }

    public func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    public func waitUntilIdle() {
        condition.lock()
        // The cache's state is checked under our lock and a worker signals under it after each job, so the
        // last job's signal cannot slip in between the check and the wait.
        while !stopped && (busy > 0 || !(cache?.isIdle ?? true)) { condition.wait() }
        condition.unlock()
    }

    private func workLoop() {
        while true {
            condition.lock()
            while wakeups == 0 && !stopped { condition.wait() }
            if stopped {
                condition.unlock()
                return
            }
            wakeups = 0
            busy += 1
            condition.unlock()
            // A job queued after this drain ends raises `wakeups` again, so no request is left sleeping.
            if let cache {
                // Made for the first job of a drain, reused by the rest (`TileImageCache.run` makes another when
                // a job's size differs) and dropped when the queue is empty: an idle worker holds no tile-sized
                // buffers (up to 2.6 MB for two workers at 800×480 with a coastline's edges; docs/memory.md).
                var kept: Canvas?
                while !isStopped, let job = cache.takeJob() {
                    var canvas = kept ?? Canvas(width: job.key.size, height: job.key.size)
                    cache.run(job, on: &canvas)
                    kept = canvas
                    condition.locked { condition.broadcast() }
                }
            }
            condition.locked {
                busy -= 1
                condition.broadcast()
            }
        }
    }

    private var isStopped: Bool { condition.locked { stopped } }
}
