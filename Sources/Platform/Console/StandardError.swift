import Glibc

/// The process's standard error stream, unbuffered.
public enum StandardError {
    /// Writes `text` as it is (add the line break yourself); a write that fails is dropped, since there is
    /// nowhere left to report it. The corresponding C function is `write(2, …)`.
    public static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { buffer in
                retryingEINTR { Glibc.write(2, buffer.baseAddress, buffer.count) }
            }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
