/// A least-recently-used cache bounded by the bytes its values hold, as the caller measures them.
///
/// Lookups and inserts are amortised O(1): recency is a queue of (key, stamp) pairs where a newer use of a key
/// makes its older pairs stale; stale pairs are skipped on eviction and the queue is compacted when it grows.
struct ByteBoundedCache<Key: Hashable, Value> {
    private struct Entry {
        var value: Value
        var bytes: Int
        var stamp: UInt64
    }

    /// The most bytes the cache keeps; inserting past it evicts the least recently used values first.
    let capacityBytes: Int
    private var entries: [Key: Entry] = [:]
    private var queue: [(key: Key, stamp: UInt64)] = []
    private var head = 0
    private var clock: UInt64 = 0
    private(set) var bytes = 0
    private(set) var hits = 0
    private(set) var misses = 0
    private(set) var evictions = 0

    init(capacityBytes: Int) { self.capacityBytes = max(0, capacityBytes) }

    var count: Int { entries.count }

    /// The value for `key`, which becomes the most recently used; counts a hit or a miss.
    mutating func get(_ key: Key) -> Value? {
        guard var e = entries[key] else {
            misses += 1
            return nil
        }
        hits += 1
        clock += 1
        e.stamp = clock
        entries[key] = e
        push(key, clock)
        return e.value
    }

    /// Stores `value` costing `bytes`; a value larger than the whole capacity is not kept.
    mutating func set(_ key: Key, _ value: Value, bytes cost: Int) {
        if let old = entries.removeValue(forKey: key) { bytes -= old.bytes }
        guard cost <= capacityBytes else { return }
        clock += 1
        entries[key] = Entry(value: value, bytes: cost, stamp: clock)
        bytes += cost
        push(key, clock)
        while bytes > capacityBytes, evictOldest() {}
    }

    /// Drops everything (the counters stay).
    mutating func removeAll() {
        entries.removeAll()
        queue.removeAll()
        head = 0
        bytes = 0
    }

    private mutating func push(_ key: Key, _ stamp: UInt64) {
        queue.append((key, stamp))
        // Stale pairs pile up on hits: compact once they outnumber the live ones three to one.
        if queue.count - head > 4 * max(entries.count, 16) { compact() }
    }

    private mutating func evictOldest() -> Bool {
        while head < queue.count {
            let (key, stamp) = queue[head]
            head += 1
            if let e = entries[key], e.stamp == stamp {
                entries.removeValue(forKey: key)
                bytes -= e.bytes
                evictions += 1
                return true
            }
        }
        return false
    }

    private mutating func compact() {
        queue = queue[head...].filter { pair in entries[pair.key]?.stamp == pair.stamp }
        head = 0
    }
}
