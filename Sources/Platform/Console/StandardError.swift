import Glibc

/// The process's standard error stream, unbuffered.
public enum StandardError {
    /// Writes `text` as it is (add the line break yourself); a write that fails is dropped, since there is
    /// nowhere left to report it. The corresponding C function is `write(2, …)`.
    public static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
