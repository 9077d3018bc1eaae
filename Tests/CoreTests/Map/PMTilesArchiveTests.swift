import Testing

@testable import Core

/// In-memory bytes for the archive reader.
struct MemoryRangeReader: ByteRangeReader {
    let bytes: [UInt8]
    var size: UInt64 { UInt64(bytes.count) }
    func read(offset: UInt64, length: Int) throws -> [UInt8] {
        guard offset <= size, UInt64(length) <= size - offset else { throw MapError.corruptArchive("read past end") }
        return Array(bytes[Int(offset)..<Int(offset) + length])
    }
}

/// For archives whose internal compression is "none" (1): any call means the archive asked for gzip wrongly.
struct RefusingInflater: Inflater {
    func gunzip(_ bytes: [UInt8], limit: Int) throws -> [UInt8] { throw MapError.badCompression("not expected") }
}

/// Builds small uncompressed PMTiles archives to test how the reader handles broken structure.
enum ArchiveBuilder {
    static func u64(_ v: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) } }

    static func header(
        root: (UInt64, UInt64), leaves: (UInt64, UInt64), data: (UInt64, UInt64), magic: String = "PMTiles"
    ) -> [UInt8] {
        var h = Array(magic.utf8.prefix(7)) + [3]
        h += u64(root.0) + u64(root.1) + u64(0) + u64(0) + u64(leaves.0) + u64(leaves.1) + u64(data.0) + u64(data.1)
        h += u64(1) + u64(1) + u64(1)
        h += [1, 1, 1, 1, 0, 14]  // clustered, internal none, tile none, MVT, zooms 0...14
        h += [UInt8](repeating: 0, count: 127 - h.count)
        return h
    }

    /// Root → one leaf → one tile (id of 14/9327/4742) whose bytes are `payload`.
    static func withLeaf(payload: [UInt8], leafPointsToItself: Bool = false) -> [UInt8] {
        let id = PMTilesTileID.id(z: 14, x: 9327, y: 4742)
        let leafEntries =
            leafPointsToItself
            ? [PMTilesEntry(tileID: id, offset: 0, length: 0, runLength: 0)]
            : [PMTilesEntry(tileID: id, offset: 0, length: UInt32(payload.count), runLength: 1)]
        var leaf = PMTilesDirectoryTests.directory(leafEntries)
        if leafPointsToItself {
            leaf = PMTilesDirectoryTests.directory([
                PMTilesEntry(tileID: id, offset: 0, length: UInt32(leaf.count), runLength: 0)
            ])
        }
        let root = PMTilesDirectoryTests.directory([
            PMTilesEntry(tileID: 0, offset: 0, length: UInt32(leaf.count), runLength: 0)
        ])
        let rootOffset: UInt64 = 127
        let leafOffset = rootOffset + UInt64(root.count)
        let dataOffset = leafOffset + UInt64(leaf.count)
        return header(
            root: (rootOffset, UInt64(root.count)), leaves: (leafOffset, UInt64(leaf.count)),
            data: (dataOffset, UInt64(payload.count))) + root + leaf + payload
    }
}

@Suite("PMTiles archives")
struct PMTilesArchiveTests {
    @Test func aTileIsFoundThroughALeafDirectory() throws {
        let archive = try PMTilesArchive(
            reader: MemoryRangeReader(bytes: ArchiveBuilder.withLeaf(payload: [0x1a, 0x00])),
            inflater: RefusingInflater())
        #expect(try archive.tileBytes(TileID(z: 14, x: 9327, y: 4742)) == [0x1a, 0x00])
        #expect(try archive.tileBytes(TileID(z: 14, x: 9327, y: 4743)) == nil)
        #expect(archive.metadata.maxZoom == 14)
    }

    @Test func aBadMagicIsRefusedWithAClearMessage() throws {
        var bytes = ArchiveBuilder.withLeaf(payload: [1])
        bytes.replaceSubrange(0..<7, with: Array("PKZIP!!".utf8))
        #expect {
            try PMTilesArchive(reader: MemoryRangeReader(bytes: bytes), inflater: RefusingInflater())
        } throws: { error in
            "\(error)".contains("bad magic")
        }
    }

    @Test func sectionsPastTheEndOfTheFileAreRefused() throws {
        let bytes = ArchiveBuilder.header(root: (127, 10_000), leaves: (0, 0), data: (0, 0))
        #expect {
            try PMTilesArchive(reader: MemoryRangeReader(bytes: bytes), inflater: RefusingInflater())
        } throws: { error in
            "\(error)".contains("past the end")
        }
    }

    @Test func aTileOffsetPastTheDataSectionIsRefused() throws {
        var bytes = ArchiveBuilder.withLeaf(payload: [1, 2, 3, 4])
        // Shrink the declared tile data length (header bytes 64...71) below the entry's length.
        bytes.replaceSubrange(64..<72, with: ArchiveBuilder.u64(2))
        let archive = try PMTilesArchive(reader: MemoryRangeReader(bytes: bytes), inflater: RefusingInflater())
        #expect(throws: MapError.self) { try archive.tileBytes(TileID(z: 14, x: 9327, y: 4742)) }
    }

    @Test func aLeafDirectoryThatPointsToItselfIsALoopNotAHang() throws {
        let bytes = ArchiveBuilder.withLeaf(payload: [1], leafPointsToItself: true)
        let archive = try PMTilesArchive(reader: MemoryRangeReader(bytes: bytes), inflater: RefusingInflater())
        #expect {
            try archive.tileBytes(TileID(z: 14, x: 9327, y: 4742))
        } throws: { error in
            "\(error)".contains("points back to itself") || "\(error)".contains("deeper")
        }
    }

    @Test func aFileShorterThanTheHeaderIsRefused() {
        #expect(throws: MapError.self) {
            try PMTilesArchive(
                reader: MemoryRangeReader(bytes: Array("PMTiles".utf8) + [3]), inflater: RefusingInflater())
        }
    }
}
