import FoundationEssentials

/// The bytes of a font file, however they are held: read into memory here, or mapped read-only from the file
/// (Platform's `MappedFontFile`), so that only the pages the parser reads are resident, and they are the page
/// cache's, shared with FreeType's and HarfBuzz's mappings of the same file.
public protocol FontFileBytes: AnyObject, Sendable {
    /// The file's bytes, valid while this object lives.
    var bytes: UnsafeRawBufferPointer { get }
}

/// A font file's bytes read into memory (or given, for tests).
// Unchecked Sendable: the buffer is written in `init` only.
public final class FontFileInMemory: FontFileBytes, @unchecked Sendable {
    public let bytes: UnsafeRawBufferPointer

    public init(_ contents: some Collection<UInt8>) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: contents.count, alignment: 16)
        _ = buffer.initializeMemory(as: UInt8.self, from: contents)
        bytes = UnsafeRawBufferPointer(buffer)
    }

    /// Reads the file at `path`.
    public convenience init(contentsOf path: String) throws {
        guard let d = FileManager.default.contents(atPath: path) else { throw FontError.unreadable(path) }
        self.init(d)
    }

    deinit { bytes.deallocate() }
}
