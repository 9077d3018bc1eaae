import Glibc

// Every POSIX file call the durable recording writer makes. Each returns -1 and sets errno on failure; the
// callers turn that into a `DurableFileError` naming the path and what to do.

/// Opens `path` for appending, creating it with mode 0644. The corresponding C function is `open`.
func recording_open(_ path: String) -> Int32 {
    open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
}

/// Writes all of `bytes`, retrying short writes and EINTR. Returns false with errno set on failure.
/// The corresponding C function is `write`.
func recording_writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeBytes { buffer in write(fd, buffer.baseAddress! + offset, buffer.count - offset) }
        if n < 0 {
            if errno == EINTR { continue }
            return false
        }
        offset += n
    }
    return true
}

/// Flushes the file's data to the storage device. The corresponding C function is `fdatasync`.
func recording_sync(_ fd: Int32) -> Bool {
    while fdatasync(fd) != 0 {
        if errno != EINTR { return false }
    }
    return true
}

/// The corresponding C function is `close`.
func recording_close(_ fd: Int32) { _ = close(fd) }

/// The size of the file at `path`, or nil when it does not exist. The corresponding C function is `stat`.
func recording_size(_ path: String) -> Int? {
    var st = stat()
    guard stat(path, &st) == 0 else { return nil }
    return Int(st.st_size)
}

/// Syncs the directory holding `path`, so a newly created file's name survives a power cut too.
/// The corresponding C functions are `open` and `fsync`.
func recording_syncDirectory(of path: String) {
    let dir: String
    if let slash = path.lastIndex(of: "/") {
        dir = slash == path.startIndex ? "/" : String(path[..<slash])
    } else {
        dir = "."
    }
    let fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = fsync(fd)
    close(fd)
}

/// The text of the current errno. The corresponding C function is `strerror`.
func recording_errnoText() -> String { String(cString: strerror(errno)) }
