import Testing

@testable import Core

@Suite("PMTiles tile ids")
struct PMTilesTileIDTests {
    // Values from the PMTiles reference implementation (the spec's Python package, pmtiles.tile.zxy_to_tileid).
    @Test(arguments: [
        (0, 0, 0, UInt64(0)), (1, 0, 0, 1), (1, 0, 1, 2), (1, 1, 1, 3), (1, 1, 0, 4), (2, 0, 0, 5),
        (12, 3423, 1763, 19_078_479), (14, 9327, 4742, 319_433_622), (14, 9326, 4741, 319_433_634),
        (18, 200_000, 140_000, 72_952_363_349), (31, 2_147_483_647, 2_147_483_647, 4_611_686_018_427_387_903),
    ])
    func tileIDsFollowTheHilbertCurveOfEachZoom(_ c: (z: Int, x: Int, y: Int, id: UInt64)) throws {
        #expect(PMTilesTileID.id(z: c.z, x: c.x, y: c.y) == c.id)
        #expect(PMTilesTileID.tile(c.id) == TileID(z: c.z, x: c.x, y: c.y))
    }

    @Test func everyTileOfZoomThreeRoundTrips() {
        var seen: Set<UInt64> = []
        for x in 0..<8 {
            for y in 0..<8 {
                let id = PMTilesTileID.id(z: 3, x: x, y: y)
                #expect(PMTilesTileID.tile(id) == TileID(z: 3, x: x, y: y))
                seen.insert(id)
            }
        }
        // Zoom 3 owns ids 21...84: 1 + 4 + 16 before it.
        #expect(seen == Set(21...84))
    }
}

@Suite("PMTiles directories")
struct PMTilesDirectoryTests {
    static func varint(_ v: UInt64) -> [UInt8] {
        var v = v
        var out: [UInt8] = []
        while v >= 0x80 {
            out.append(UInt8(v & 0x7f) | 0x80)
            v >>= 7
        }
        return out + [UInt8(v)]
    }

    /// A directory in the spec's layout: count, id deltas, run lengths, lengths, offsets (+1, or 0 = contiguous).
    static func directory(_ entries: [PMTilesEntry]) -> [UInt8] {
        var b = varint(UInt64(entries.count))
        var last: UInt64 = 0
        for e in entries {
            b += varint(e.tileID - last)
            last = e.tileID
        }
        for e in entries { b += varint(UInt64(e.runLength)) }
        for e in entries { b += varint(UInt64(e.length)) }
        for (i, e) in entries.enumerated() {
            let contiguous = i > 0 && e.offset == entries[i - 1].offset + UInt64(entries[i - 1].length)
            b += varint(contiguous ? 0 : e.offset + 1)
        }
        return b
    }

    @Test func entriesParseWithDeltasRunLengthsAndContiguousOffsets() throws {
        let entries = [
            PMTilesEntry(tileID: 0, offset: 0, length: 100, runLength: 1),
            PMTilesEntry(tileID: 5, offset: 100, length: 20, runLength: 16),
            PMTilesEntry(tileID: 300, offset: 7, length: 9, runLength: 1),
            PMTilesEntry(tileID: 1000, offset: 0, length: 50, runLength: 0),
        ]
        #expect(try PMTilesEntry.parseDirectory(Self.directory(entries)) == entries)
    }

    @Test(arguments: [
        (UInt64(0), UInt64?(0)), (4, nil), (5, 5), (20, 5), (21, nil), (300, 300), (999, nil), (1000, 1000),
        (5000, 1000),
    ])
    func findsRunsAndLeaves(_ c: (id: UInt64, found: UInt64?)) {
        let entries = [
            PMTilesEntry(tileID: 0, offset: 0, length: 100, runLength: 1),
            PMTilesEntry(tileID: 5, offset: 100, length: 20, runLength: 16),
            PMTilesEntry(tileID: 300, offset: 7, length: 9, runLength: 1),
            PMTilesEntry(tileID: 1000, offset: 0, length: 50, runLength: 0),
        ]
        #expect(PMTilesEntry.find(c.id, in: entries)?.tileID == c.found)
    }

    @Test func aDirectoryClaimingMoreEntriesThanBytesIsRefused() {
        #expect(throws: MapError.self) { try PMTilesEntry.parseDirectory(Self.varint(1_000_000) + [0, 0, 0]) }
    }

    @Test func aTruncatedDirectoryIsRefused() {
        let full = Self.directory([PMTilesEntry(tileID: 1, offset: 0, length: 300, runLength: 1)])
        #expect(throws: MapError.self) { try PMTilesEntry.parseDirectory(Array(full.dropLast())) }
    }
}

@Suite("PMTiles tile ids past zoom 31")
struct PMTilesTileIDLimitTests {
    @Test func idsBeyondZoomThirtyOneAreNotTiles() {
        #expect(PMTilesTileID.tile(UInt64.max) == nil)
        #expect(PMTilesTileID.tile(6_148_914_691_236_517_205) == nil)  // (4^32 − 1) / 3: the first id of zoom 32
    }
}
