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

@Suite("Map memory budget setting")
struct MapMemoryBudgetSettingTests {
    @Test(arguments: [0, 16, 100, 512, 1_000_000])
    func aBudgetInMegabytesStaysWithinItsSize(_ megabytes: Int) {
        let b = MapMemoryBudget(megabytes: megabytes)
        let mb = min(max(megabytes, 16), 4096)
        let mosaic = b.tilesPerFrame * 256 * 256 * 4
        #expect(b.renderedTileBytes + b.decodedTileBytes + mosaic <= (mb + 1) << 20)
        #expect(b.tilesPerFrame >= 16)
    }

    @Test func theDefaultIsTheBoardBudget() {
        #expect(MapMemoryBudget.standard == .board512MB)
        #expect(MapMemoryBudget(megabytes: 100) == .board512MB)
    }
}

@Suite("Label names")
struct LabelNameLengthTests {
    @Test func aHugeNameIsCut() {
        let layer = VectorLayer(
            name: "place", extent: 4096, keys: ["name", "class"],
            values: [.string(String(repeating: "Ä", count: 100_000)), .string("city")],
            features: [VectorFeature(id: nil, kind: .point, tags: [0, 0, 1, 1], parts: [[Point(x: 1, y: 1)]])])
        let labels = LabelCandidate.extract(
            from: VectorTile(layers: [layer]), tile: TileID(z: 14, x: 1, y: 1), schema: .openMapTiles)
        #expect(labels.first?.text.count == LabelCandidate.maxNameCharacters)
    }
}

@Suite("Map helpers on broken numbers")
struct MapHelperBadNumberTests {
    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300])
    func bilinearSamplingOfABrokenCoordinateIsAnEdgePixel(_ v: Double) {
        let pixels: [UInt32] = [0x10, 0x20, 0x30, 0x40]
        let got = pixels.withUnsafeBufferPointer { Bilinear.sample($0, 2, 2, v, v) }
        #expect(pixels.contains(got))
    }

    @Test(arguments: [Double.nan, .infinity, 1e300, -1e300])
    func aCollisionBoxAtABrokenPlaceTouchesNothing(_ v: Double) {
        var grid = CollisionGrid(width: 800, height: 480)
        let box = Rect(x: v, y: v, width: 10, height: 10)
        grid.insert([box])
        #expect(grid.isFree([Rect(x: 10, y: 10, width: 10, height: 10)]))
        _ = grid.isFree([box])
    }
}
