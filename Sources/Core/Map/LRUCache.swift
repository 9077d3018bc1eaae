/// A least-recently-used cache bounded by entry count and, optionally, by a total cost (bytes, say). Not
/// thread-safe: owners lock around it.
struct LRUCache<Key: Hashable, Value> {
    private(set) var capacity: Int
    /// The most total cost kept; the newest entry is kept even when it alone costs more.
    private(set) var maxCost: Int
    private(set) var totalCost = 0
    private var values: [Key: (value: Value, stamp: UInt64, cost: Int)] = [:]
    private var clock: UInt64 = 0

    init(capacity: Int, maxCost: Int = .max) {
        self.capacity = max(1, capacity)
        self.maxCost = max(0, maxCost)
    }

    var count: Int { values.count }

    mutating func get(_ key: Key) -> Value? {
        guard let hit = values[key] else { return nil }
        clock += 1
        values[key] = (hit.value, clock, hit.cost)
        return hit.value
    }

    /// Looks without counting as a use.
    func peek(_ key: Key) -> Value? { values[key]?.value }

    mutating func set(_ key: Key, _ value: Value, cost: Int = 0) {
        clock += 1
        let cost = max(0, cost)
        if let old = values[key] { totalCost -= old.cost }
        values[key] = (value, clock, cost)
        totalCost += cost
        // Evicting by scanning is fine: capacities are tens to a few hundred tiles.
        while values.count > 1 && (values.count > capacity || totalCost > maxCost),
            let oldest = values.min(by: { $0.value.stamp < $1.value.stamp })?.key
        {
            totalCost -= values[oldest]?.cost ?? 0
            values[oldest] = nil
        }
    }

    mutating func removeAll() {
        values.removeAll()
        totalCost = 0
    }
}
