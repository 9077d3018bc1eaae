import Core
import Glibc
import Synchronization

/// A font file mapped read-only, so the pages the parser reads are the page cache's (file-backed) and the rest
/// never become resident; a copy in memory held all 0.7 MiB of each DejaVu file.
///
/// A file is mapped once for all its readers while any of them holds it (`open`): Core's parser, FreeType and
/// HarfBuzz read the same mapping. Each had one of its own, and a page read through three mappings counts
/// three times in the resident set (the two DejaVu files' six mappings held 1.3 MiB). FreeType and HarfBuzz are
/// guarded by it too: their own mappings ended the process with SIGBUS when the file shrank.
///
/// The mapping is guarded (`BusErrorGuard`): if the file shrinks while mapped, what was past its new end reads
/// as zeros, which the font's bounds checks treat as a damaged font, instead of SIGBUS ending the process.
// Unchecked Sendable: the mapping is read-only and lives as long as this object.
public final class MappedFontFile: FontFileBytes, @unchecked Sendable {
    public let bytes: UnsafeRawBufferPointer
    private let slot: Int?

    /// The bytes of the font file at `path`: the ones already open for another reader while it holds them,
    /// else mapped where the mapping can be guarded, else read into memory (more mappings than
    /// `BusErrorGuard.capacity`, or a file that cannot be mapped). Throws naming the file when it cannot be read.
    public static func open(_ path: String) throws -> any FontFileBytes {
        try OpenFontFiles.shared.open(path) {
            if let mapped = try MappedFontFile(path: path) { return mapped }
            return try FontFileInMemory(contentsOf: path)
        }
    }

    /// Whether a page was read past the end of the file, which shrank while mapped (it then read as zeros).
    public var shrankWhileMapped: Bool { slot.map(BusErrorGuard.faulted) ?? false }

    /// Maps the file; nil when it cannot be mapped and guarded. The corresponding C functions are `open`,
    /// `fstat` and `mmap`.
    private init?(path: String) throws {
        let fd = retryingEINTR { Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else { throw FontError.unreadable(path) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { throw FontError.unreadable(path) }
        let size = Int(st.st_size)
        guard size > 0 else {
            // Nothing to map (mmap refuses a length of 0): the font's own checks say what is wrong.
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            slot = nil
            return
        }
        let start = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let start, start != MAP_FAILED else { return nil }
        let mapped = UnsafeRawBufferPointer(start: start, count: size)
        guard let slot = BusErrorGuard.register(mapped) else {
            munmap(start, size)
            return nil
        }
        bytes = mapped
        self.slot = slot
    }

    deinit {
        guard let slot, let start = bytes.baseAddress else { return }
        BusErrorGuard.unregister(slot)
        munmap(UnsafeMutableRawPointer(mutating: start), bytes.count)
    }
}

/// The font files open now, by path, held weakly: the last reader to let go of a file unmaps it.
private final class OpenFontFiles: Sendable {
    static let shared = OpenFontFiles()

    private struct Entry {
        weak var file: (any FontFileBytes)?
    }

    private let files = Mutex<[String: Entry]>([:])

    /// The file open at `path`, or the one `make` opens (made under the lock, so two readers opening one file
    /// at once get one mapping).
    func open(_ path: String, _ make: () throws -> any FontFileBytes) throws -> any FontFileBytes {
        try files.withLock { files in
            if let file = files[path]?.file { return file }
            // Entries of files let go of are dropped here, so the table is as long as the files open.
            files = files.filter { $0.value.file != nil }
            let file = try make()
            files[path] = Entry(file: file)
            return file
        }
    }
}

extension FontSet {
    /// Loads DejaVuSans.ttf and DejaVuSans-Bold.ttf from `directory`, mapped (`MappedFontFile`).
    public static func loadMapped(directory: String = defaultDirectory) throws -> FontSet {
        try load(directory: directory, reading: MappedFontFile.open)
    }
}
