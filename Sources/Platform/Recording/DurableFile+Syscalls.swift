import Glibc

// Every POSIX file call the durable recording writer makes. Each returns -1 and sets errno on failure; the
// callers turn that into a `DurableFileError` naming the path and what to do.

/// Creates `path` for writing, failing with EEXIST when anything (a file, a symlink) already has that name, with
/// mode 0600: a recording is a location history. The corresponding C function is `open`.
func recording_create(_ path: String) -> Int32 {
    retryingEINTR { open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_APPEND | O_CLOEXEC, 0o600) }
}

/// Opens an existing regular file at `path` for appending (never through a symlink). The corresponding C function
/// is `open`.
func recording_openForAppend(_ path: String) -> Int32 {
    retryingEINTR { open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC) }
}

/// Takes the recording's advisory lock without waiting: false (errno EWOULDBLOCK) when another recorder holds it.
/// The corresponding C function is `flock`.
func recording_lock(_ fd: Int32) -> Bool {
    retryingEINTR { flock(fd, LOCK_EX | LOCK_NB) } == 0
}

/// Renames `from` to `to` when nothing has the name `to` yet. The corresponding C function is `link` + `unlink`
/// (a plain `rename` would replace `to`).
func recording_moveAside(_ from: String, _ to: String) -> Bool {
    guard link(from, to) == 0 else { return false }
    return unlink(from) == 0
}

/// Writes all of `bytes`, retrying short writes and EINTR. Returns false with errno set on failure.
/// The corresponding C function is `write`.
func recording_writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeBytes { buffer in
            retryingEINTR { write(fd, buffer.baseAddress! + offset, buffer.count - offset) }
        }
        if n < 0 { return false }
        offset += n
    }
    return true
}

/// Flushes the file's data to the storage device. The corresponding C function is `fdatasync`.
func recording_sync(_ fd: Int32) -> Bool {
    retryingEINTR { fdatasync(fd) } == 0
}

/// The corresponding C function is `close`.
func recording_close(_ fd: Int32) { _ = close(fd) }

/// Whether anything (a file, a dangling symlink) has the name `path`. The corresponding C function is `lstat`.
func recording_exists(_ path: String) -> Bool {
    var st = stat()
    return lstat(path, &st) == 0
}

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
    let fd = retryingEINTR { open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    guard fd >= 0 else { return }
    _ = fsync(fd)
    close(fd)
}

/// The text of the current errno. The corresponding C function is `strerror`.

/// True when the last call failed because the name was taken (EEXIST).
func recording_failedBecauseItExists() -> Bool { errno == EEXIST }
