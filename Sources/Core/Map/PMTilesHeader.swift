/// The fixed 127-byte header of a PMTiles v3 archive (all integers little-endian).
public struct PMTilesHeader: Sendable, Equatable {
    public var rootOffset: UInt64, rootLength: UInt64
    public var metadataOffset: UInt64, metadataLength: UInt64
    public var leafDirectoryOffset: UInt64, leafDirectoryLength: UInt64
    public var tileDataOffset: UInt64, tileDataLength: UInt64
    public var addressedTiles: UInt64, tileEntries: UInt64, tileContents: UInt64
    public var clustered: Bool
    /// 0 unknown, 1 none, 2 gzip, 3 brotli, 4 zstd.
    public var internalCompression: UInt8, tileCompression: UInt8
    /// 0 unknown, 1 MVT, 2 PNG, 3 JPEG, 4 WebP, 5 AVIF.
    public var tileType: UInt8
    public var minZoom: UInt8, maxZoom: UInt8
    public var minLonE7: Int32, minLatE7: Int32, maxLonE7: Int32, maxLatE7: Int32
    public var centerZoom: UInt8, centerLonE7: Int32, centerLatE7: Int32

    public init(parsing b: [UInt8]) throws {
        guard b.count >= 127 else { throw MapError.corruptArchive("PMTiles header is \(b.count) bytes, not 127") }
        guard Array(b[0..<7]) == Array("PMTiles".utf8) else {
            throw MapError.corruptArchive(
                "bad magic: not a PMTiles file (first bytes \(b[0..<7].map { String($0, radix: 16) }))")
        }
        guard b[7] == 3 else { throw MapError.unsupported("PMTiles version \(b[7]); only version 3 is read") }
        func u64(_ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(b[at + $1]) << (8 * UInt64($1)) } }
        func i32(_ at: Int) -> Int32 {
            Int32(bitPattern: (0..<4).reduce(0) { $0 | UInt32(b[at + $1]) << (8 * UInt32($1)) })
        }
        rootOffset = u64(8)
        rootLength = u64(16)
        metadataOffset = u64(24)
        metadataLength = u64(32)
        leafDirectoryOffset = u64(40)
        leafDirectoryLength = u64(48)
        tileDataOffset = u64(56)
        tileDataLength = u64(64)
        addressedTiles = u64(72)
        tileEntries = u64(80)
        tileContents = u64(88)
        clustered = b[96] == 1
        internalCompression = b[97]
        tileCompression = b[98]
        tileType = b[99]
        minZoom = b[100]
        maxZoom = b[101]
        minLonE7 = i32(102)
        minLatE7 = i32(106)
        maxLonE7 = i32(110)
        maxLatE7 = i32(114)
        centerZoom = b[118]
        centerLonE7 = i32(119)
        centerLatE7 = i32(123)
    }

    /// Checks every section lies inside a file of `fileSize` bytes and the zooms are sane.
    func validate(fileSize: UInt64) throws {
        let sections: [(String, UInt64, UInt64)] = [
            ("root directory", rootOffset, rootLength), ("metadata", metadataOffset, metadataLength),
            ("leaf directories", leafDirectoryOffset, leafDirectoryLength),
            ("tile data", tileDataOffset, tileDataLength),
        ]
        for (name, offset, length) in sections where offset > fileSize || length > fileSize - offset {
            throw MapError.corruptArchive(
                "\(name) at \(offset)+\(length) lies past the end of the \(fileSize)-byte file")
        }
        guard rootLength > 0 else { throw MapError.corruptArchive("empty root directory") }
        guard minZoom <= maxZoom, maxZoom <= 31 else {
            throw MapError.corruptArchive("zoom range \(minZoom)...\(maxZoom) is impossible")
        }
    }
}

/// One directory entry: a run of `runLength` tiles from `tileID` sharing one blob, or (run length 0) a leaf.
public struct PMTilesEntry: Sendable, Equatable {
    public var tileID: UInt64
    public var offset: UInt64
    public var length: UInt32
    public var runLength: UInt32

    public init(tileID: UInt64, offset: UInt64, length: UInt32, runLength: UInt32) {
        self.tileID = tileID
        self.offset = offset
        self.length = length
        self.runLength = runLength
    }

    /// The largest number of entries one directory may claim (a real leaf holds a few thousand).
    public static let maxEntries = 4_000_000

    /// Parses an inflated directory: count, then delta-coded ids, run lengths, lengths and offsets as varints.
    public static func parseDirectory(_ b: [UInt8]) throws -> [PMTilesEntry] {
        var pos = 0
        func varint() throws -> UInt64 {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard pos < b.count else { throw MapError.corruptArchive("directory ends inside a varint") }
                let byte = b[pos]
                pos += 1
                guard shift < 64 else { throw MapError.corruptArchive("directory varint longer than 10 bytes") }
                result |= UInt64(byte & 0x7f) << shift
                if byte & 0x80 == 0 { return result }
                shift += 7
            }
        }
        let n = try varint()
        // Each entry needs at least 4 bytes, which bounds the count by the buffer before anything is allocated.
        guard n <= UInt64(maxEntries), n <= UInt64(b.count) else {
            throw MapError.corruptArchive("directory claims \(n) entries in \(b.count) bytes")
        }
        let count = Int(n)
        var entries = [PMTilesEntry](
            repeating: PMTilesEntry(tileID: 0, offset: 0, length: 0, runLength: 0), count: count)
        var last: UInt64 = 0
        for i in 0..<count {
            let (sum, overflow) = last.addingReportingOverflow(try varint())
            guard !overflow else { throw MapError.corruptArchive("tile ids overflow") }
            entries[i].tileID = sum
            last = sum
        }
        for i in 0..<count {
            let v = try varint()
            guard v <= UInt64(UInt32.max) else { throw MapError.corruptArchive("run length \(v) too large") }
            entries[i].runLength = UInt32(v)
        }
        for i in 0..<count {
            let v = try varint()
            guard v <= UInt64(UInt32.max) else { throw MapError.corruptArchive("entry length \(v) too large") }
            entries[i].length = UInt32(v)
        }
        for i in 0..<count {
            let v = try varint()
            if v == 0 {
                guard i > 0 else { throw MapError.corruptArchive("first entry has a relative offset") }
                entries[i].offset = entries[i - 1].offset &+ UInt64(entries[i - 1].length)
            } else {
                entries[i].offset = v - 1
            }
        }
        return entries
    }

    /// The entry holding `id`: an exact or run match, or the leaf whose range may hold it.
    public static func find(_ id: UInt64, in entries: [PMTilesEntry]) -> PMTilesEntry? {
        var lo = 0
        var hi = entries.count - 1
        while lo <= hi {
            let mid = (lo + hi) >> 1
            if entries[mid].tileID < id {
                lo = mid + 1
            } else if entries[mid].tileID > id {
                hi = mid - 1
            } else {
                return entries[mid]
            }
        }
        guard hi >= 0 else { return nil }
        let e = entries[hi]
        if e.runLength == 0 || id - e.tileID < UInt64(e.runLength) { return e }
        return nil
    }
}

/// PMTiles tile ids: all tiles of lower zooms first, then the tile's position along the zoom's Hilbert curve.
public enum PMTilesTileID {
    public static func id(z: Int, x: Int, y: Int) -> UInt64 {
        var acc: UInt64 = ((1 << (UInt64(z) * 2)) - 1) / 3
        var x = UInt64(x)
        var y = UInt64(y)
        var a = z - 1
        while a >= 0 {
            let s = UInt64(1) << UInt64(a)
            let rx = s & x
            let ry = s & y
            acc += ((3 * rx) ^ ry) << UInt64(a)
            (x, y) = rotate(s, x, y, rx, ry)
            a -= 1
        }
        return acc
    }

    public static func tile(_ id: UInt64) -> TileID? {
        // Tiles before zoom z: (4^z − 1) / 3, which fits in 64 bits up to z = 31.
        func before(_ z: Int) -> UInt64 { ((1 << (UInt64(z) * 2)) - 1) / 3 }
        var z = 0
        while z < 31, before(z + 1) <= id { z += 1 }
        guard id - before(z) < UInt64(1) << (UInt64(z) * 2) else { return nil }
        var pos = id - before(z)
        var x: UInt64 = 0
        var y: UInt64 = 0
        var s: UInt64 = 1
        let n = UInt64(1) << UInt64(z)
        while s < n {
            let rx = (pos / 2) & s
            let ry = (pos ^ rx) & s
            (x, y) = rotate(s, x, y, rx, ry)
            x += rx
            y += ry
            pos >>= 1
            s <<= 1
        }
        return TileID(z: z, x: Int(x), y: Int(y))
    }

    private static func rotate(_ n: UInt64, _ x: UInt64, _ y: UInt64, _ rx: UInt64, _ ry: UInt64) -> (UInt64, UInt64) {
        if ry == 0 {
            if rx != 0 { return (n &- 1 &- y, n &- 1 &- x) }
            return (y, x)
        }
        return (x, y)
    }
}
