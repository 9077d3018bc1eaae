import Glibc

/// What failed while writing or reading a small file, and what to do about it.
///
/// Not a `SystemCallError`: it names the file the user must look at, and some failures (too large, not UTF-8) have no errno.
public struct AtomicFileError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var what: String
    public var description: String { "\(path): \(what)" }
}

/// Small files (calibration, configuration) replaced all at once: a crash or power cut leaves either the old
/// file or the new one, never a mix or an empty file.
///
/// Every call into the C library for this lives in this file; all of them return -1 and set errno.
public enum AtomicFile {
    /// Writes `text` to `path` atomically: write a new temporary file beside it → fsync it → rename it over
    /// `path` → fsync the directory (so the rename itself survives a power cut).
    ///
    /// The temporary file is created with `O_EXCL | O_NOFOLLOW` (a file or symlink planted under its name is
    /// never written through) and `permissions` (0600 by default: calibrations and configuration are the
    /// user's own). The rename replaces `path` itself, never the target of a symlink at `path`.
    public static func write(_ text: String, to path: String, permissions: mode_t = 0o600) throws {
        try write(bytes: Array(text.utf8), to: path, permissions: permissions)
    }

    /// Writes `bytes` to `path` atomically, as `write(_:to:permissions:)` does.
    /// - Parameters:
    ///   - refusingSymlink: throw when `path` is a symbolic link (dangling or not) instead of replacing the
    ///     link: an output path given on the command line is then never a way to write somewhere else.
    ///   - durable: fsync the file and its folder (false for output that is cheap to make again, such as frames).
    public static func write(
        bytes: [UInt8], to path: String, permissions: mode_t = 0o600, refusingSymlink: Bool = false,
        durable: Bool = true
    ) throws {
        if refusingSymlink {
            var st = stat()
            if lstat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFLNK {
                throw AtomicFileError(path: path, what: "is a symbolic link; not following it (give a plain path)")
            }
        }
        let directory = directoryName(of: path)
        var temporary = ""
        var fd: Int32 = -1
        for attempt in 0..<16 {
            temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            fd = retryingEINTR { open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions) }
            if fd >= 0 || errno != EEXIST || attempt == 15 { break }
        }
        guard fd >= 0 else {
            throw AtomicFileError(
                path: path,
                what: "cannot create \(temporary): \(errnoText()) (check that \(directory) exists and is writable)")
        }
        // The umask may have narrowed the mode; it must not have widened it, and fchmod makes it exact.
        _ = fchmod(fd, permissions)
        var failure: String?
        var offset = 0
        while offset < bytes.count && failure == nil {
            let n = bytes[offset...].withUnsafeBytes { buffer in
                retryingEINTR { Glibc.write(fd, buffer.baseAddress, buffer.count) }
            }
            if n < 0 { failure = "write failed: \(errnoText())" } else { offset += Int(n) }
        }
        if durable && failure == nil && fsync(fd) != 0 { failure = "fsync failed: \(errnoText())" }
        if close(fd) != 0 && failure == nil { failure = "close failed: \(errnoText())" }
        if failure == nil && rename(temporary, path) != 0 {
            failure = "rename over the old file failed: \(errnoText())"
        }
        if let failure {
            unlink(temporary)
            throw AtomicFileError(path: path, what: failure + " (the old file, if any, is unchanged)")
        }
        guard durable else { return }
        let dirFd = retryingEINTR { open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard dirFd >= 0 else {
            throw AtomicFileError(path: path, what: "written, but cannot open \(directory) to sync it: \(errnoText())")
        }
        defer { close(dirFd) }
        if fsync(dirFd) != 0 {
            throw AtomicFileError(path: path, what: "written, but syncing \(directory) failed: \(errnoText())")
        }
    }

    /// Reads a whole small file as UTF-8 text; nil when it does not exist, throws on any other failure (a FIFO,
    /// a device or a file over `maxBytes` is refused before reading).
    public static func read(_ path: String, maxBytes: Int = 1 << 20) throws -> String? {
        let bytes: [UInt8]?
        do {
            bytes = try BoundedFile.read(path, maxBytes: maxBytes)
        } catch {
            throw AtomicFileError(path: path, what: error.words(maxBytes: maxBytes))
        }
        guard let bytes else { return nil }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw AtomicFileError(path: path, what: "is not UTF-8 text")
        }
        return text
    }

    static func directoryName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = String(path[..<slash])
        return dir.isEmpty ? "/" : dir
    }
}
