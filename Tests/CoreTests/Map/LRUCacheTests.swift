import Testing

@testable import Core

@Suite("LRU cache")
struct LRUCacheTests {
    @Test func theTotalCostStaysWithinItsBoundOldestOutFirst() {
        var cache = LRUCache<Int, String>(capacity: 100, maxCost: 100)
        for i in 0..<10 { cache.set(i, "\(i)", cost: 30) }
        #expect(cache.totalCost <= 100)
        #expect(cache.count == 3)
        #expect(cache.peek(9) == "9" && cache.peek(0) == nil)
    }

    @Test func anEntryCostingMoreThanTheBoundIsStillKeptAlone() {
        var cache = LRUCache<Int, String>(capacity: 100, maxCost: 10)
        cache.set(1, "a", cost: 5)
        cache.set(2, "b", cost: 50)
        #expect(cache.count == 1 && cache.peek(2) == "b")
    }

    @Test func replacingAnEntryCountsItsCostOnce() {
        var cache = LRUCache<Int, String>(capacity: 100, maxCost: 100)
        cache.set(1, "a", cost: 40)
        cache.set(1, "b", cost: 40)
        #expect(cache.totalCost == 40)
    }

    @Test func theCountBoundStillHolds() {
        var cache = LRUCache<Int, Int>(capacity: 2)
        for i in 0..<5 { cache.set(i, i) }
        #expect(cache.count == 2)
    }
}
