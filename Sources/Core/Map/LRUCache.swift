/// A least-recently-used cache bounded by entry count. Not thread-safe: owners lock around it.
struct LRUCache<Key: Hashable, Value> {
    private(set) var capacity: Int
    private var values: [Key: (value: Value, stamp: UInt64)] = [:]
    private var clock: UInt64 = 0

    init(capacity: Int) { self.capacity = max(1, capacity) }

    var count: Int { values.count }

    mutating func get(_ key: Key) -> Value? {
        guard let hit = values[key] else { return nil }
        clock += 1
        values[key] = (hit.value, clock)
        return hit.value
    }

    /// Looks without counting as a use.
    func peek(_ key: Key) -> Value? { values[key]?.value }

    mutating func set(_ key: Key, _ value: Value) {
        clock += 1
        values[key] = (value, clock)
        // Evicting by scanning is fine: capacities are tens to a few hundred tiles.
        while values.count > capacity, let oldest = values.min(by: { $0.value.stamp < $1.value.stamp })?.key {
            values[oldest] = nil
        }
    }

    mutating func removeAll() { values.removeAll() }
}
