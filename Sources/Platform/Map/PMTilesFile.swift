import Core

#if canImport(Glibc)
    import Glibc
#endif

/// Opens a PMTiles v3 file: Core's `PMTilesArchive` over a pread-based reader and zlib.
public enum PMTilesFile {
    public static func open(path: String) throws -> PMTilesArchive {
        try PMTilesArchive(reader: try FileRangeReader(path: path), inflater: ZlibInflater())
    }
}

/// Reads byte ranges of a file with pread, which is safe from several threads at once.
// Unchecked Sendable: the descriptor and size are `let`s and `pread` takes its offset as an argument, so reads
// from several threads never share a file position.
public final class FileRangeReader: ByteRangeReader, @unchecked Sendable {
    public let path: String
    public let size: UInt64
    private let fd: Int32

    /// The corresponding C functions are `open` and `fstat`.
    public init(path: String) throws {
        self.path = path
        // O_NONBLOCK: opening a FIFO would wait for a writer (a mistyped --map would hang); pread on a regular
        // file is unaffected.
        fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw MapError.unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            Glibc.close(fd)
            throw MapError.unreadableFile(path: path, reason: "not a regular file")
        }
        size = UInt64(st.st_size)
    }

    deinit { Glibc.close(fd) }

    /// The corresponding C function is `pread`.
    public func read(offset: UInt64, length: Int) throws -> [UInt8] {
        guard length >= 0, offset <= size, UInt64(length) <= size - offset else {
            throw MapError.corruptArchive(
                "read of \(length) bytes at \(offset) runs past the end of \(path) (\(size) bytes)")
        }
        var out = [UInt8](repeating: 0, count: length)
        var done = 0
        while done < length {
            let n = retryingEINTR {
                out.withUnsafeMutableBytes { buf in
                    pread(fd, buf.baseAddress! + done, length - done, off_t(offset) + off_t(done))
                }
            }
            guard n > 0 else {
                throw MapError.unreadableFile(
                    path: path, reason: n == 0 ? "file shrank while reading" : String(cString: strerror(errno)))
            }
            done += n
        }
        return out
    }
}
