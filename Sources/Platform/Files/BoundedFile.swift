import Glibc

/// Reads a whole small file (a setting, a calibration, a route, the ride's state) with its size checked before
/// anything is read, so a wrong path is refused at once: a FIFO or a device (which could block or never end), or a
/// file far larger than any we write. Callers word the failure for the file they asked for.
enum BoundedFile {
    /// Why a file was not read.
    enum Failure: Error {
        case cannotOpen(errno: Int32)
        case cannotStat(errno: Int32)
        case notRegular
        case tooLarge(bytes: Int)
        case readFailed(errno: Int32)

        /// The failure in words, after the file's path ("cannot open: No such file or directory").
        func words(maxBytes: Int) -> String {
            switch self {
            case .cannotOpen(let code): "cannot open: \(errnoText(code))"
            case .cannotStat(let code): "cannot stat: \(errnoText(code))"
            case .notRegular: "is not a regular file"
            case .tooLarge(let bytes): "is \(Self.size(bytes)), more than the \(Self.size(maxBytes)) read"
            case .readFailed(let code): "read failed: \(errnoText(code))"
            }
        }

        /// A byte count in the unit that reads best: bytes, KiB or MiB.
        static func size(_ bytes: Int) -> String {
            if bytes >= 1 << 20 { return "\(bytes >> 20) MiB" }
            if bytes >= 1 << 10 { return "\(bytes >> 10) KiB" }
            return "\(bytes) bytes"
        }
    }

    /// The bytes of `path`, refused without reading when it is not a regular file or is larger than `maxBytes`;
    /// nil when there is no such file.
    static func read(_ path: String, maxBytes: Int) throws(Failure) -> [UInt8]? {
        // O_NONBLOCK: opening a FIFO would otherwise wait for a writer; for a regular file it changes nothing.
        let fd = retryingEINTR { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw .cannotOpen(errno: errno)
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .cannotStat(errno: errno) }
        guard st.st_mode & S_IFMT == S_IFREG else { throw .notRegular }
        let size = Int(st.st_size)
        guard size <= maxBytes else { throw .tooLarge(bytes: size) }
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        while offset < size {
            let n = bytes.withUnsafeMutableBytes { b in
                retryingEINTR { Glibc.read(fd, b.baseAddress! + offset, size - offset) }
            }
            if n < 0 { throw .readFailed(errno: errno) }
            if n == 0 { break }
            offset += Int(n)
        }
        // A file that shrank while being read is what was there.
        if offset < size { bytes.removeLast(size - offset) }
        return bytes
    }
}
