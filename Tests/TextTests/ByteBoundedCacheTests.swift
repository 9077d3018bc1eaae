import Testing

@testable import Platform

@Suite struct ByteBoundedCacheTests {
    @Test func theLeastRecentlyUsedValueGoesFirst() {
        var cache = ByteBoundedCache<String, Int>(capacityBytes: 30)
        cache.set("a", 1, bytes: 10)
        cache.set("b", 2, bytes: 10)
        cache.set("c", 3, bytes: 10)
        #expect(cache.get("a") == 1)  // "b" is now the oldest
        cache.set("d", 4, bytes: 10)
        #expect(cache.get("b") == nil)
        #expect(cache.get("a") == 1 && cache.get("c") == 3 && cache.get("d") == 4)
        #expect(cache.bytes == 30 && cache.evictions == 1)
    }

    @Test func replacingAValueCountsOnlyTheNewCost() {
        var cache = ByteBoundedCache<String, Int>(capacityBytes: 100)
        cache.set("a", 1, bytes: 40)
        cache.set("a", 2, bytes: 25)
        #expect(cache.bytes == 25 && cache.count == 1 && cache.get("a") == 2)
    }

    @Test func aValueLargerThanTheWholeCacheIsNotKept() {
        var cache = ByteBoundedCache<String, Int>(capacityBytes: 10)
        cache.set("small", 1, bytes: 5)
        cache.set("huge", 2, bytes: 11)
        #expect(cache.get("huge") == nil && cache.get("small") == 1 && cache.bytes == 5)
    }

    @Test func manyHitsKeepTheRecencyQueueSmallAndTheOrderRight() {
        var cache = ByteBoundedCache<Int, Int>(capacityBytes: 4)
        for k in 0..<4 { cache.set(k, k, bytes: 1) }
        for _ in 0..<10_000 { _ = cache.get(0) }
        cache.set(4, 4, bytes: 1)
        #expect(cache.get(0) == 0)
        #expect(cache.get(1) == nil)
        #expect(cache.count == 4 && cache.bytes == 4)
    }
}
