import Glibc

// Every call into the C library for the backlight; all of them return -1 (or nil) and set errno.

/// The names in `directory` that do not start with a dot, sorted; empty when it cannot be read. The corresponding
/// C functions are `opendir` and `readdir`.
func backlight_listDirectory(_ directory: String) -> [String] {
    guard let dir = opendir(directory) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if !name.hasPrefix(".") { names.append(name) }
    }
    return names.sorted()
}

/// The first line of a small sysfs attribute, or the error text. The corresponding C functions are `open` and
/// `read`.
func backlight_readAttribute(_ path: String) -> Result<String, BacklightError> {
    let fd = retryingEINTR { open(path, O_RDONLY | O_CLOEXEC) }
    guard fd >= 0 else { return .failure(BacklightError(path: path, what: "cannot open: \(errnoText())")) }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 64)
    let n = buffer.withUnsafeMutableBytes { b in
        retryingEINTR { read(fd, b.baseAddress, b.count) }
    }
    guard n >= 0 else { return .failure(BacklightError(path: path, what: "read failed: \(errnoText())")) }
    let text = String(decoding: buffer.prefix(Int(n)).prefix { $0 != 10 }, as: UTF8.self)
    return .success(text)
}

/// Writes `text` to a sysfs attribute in one `write`, as sysfs wants it (`O_TRUNC` as a shell's `>` does:
/// sysfs ignores it, a plain file in a test is not left with the old value's tail). The corresponding C functions
/// are `open` and `write`.
func backlight_writeAttribute(_ path: String, _ text: String) -> BacklightError? {
    let fd = retryingEINTR { open(path, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOFOLLOW) }
    guard fd >= 0 else { return BacklightError(path: path, what: "cannot open: \(errnoText())") }
    defer { close(fd) }
    let bytes = Array(text.utf8)
    let n = bytes.withUnsafeBytes { b in
        retryingEINTR { write(fd, b.baseAddress, b.count) }
    }
    guard n == bytes.count else {
        return BacklightError(path: path, what: "write failed: \(n < 0 ? errnoText() : "short write")")
    }
    return nil
}
