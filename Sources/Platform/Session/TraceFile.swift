import Core
import Glibc

/// The `--trace` CSV file, written through a buffer.
public final class TraceFile {
    let file: UnsafeMutablePointer<FILE>
    let path: String
    var buffer = ""
    public init(path: String) throws {
        guard let f = fopen(path, "w") else {
            throw RecordingError("\(path): cannot create the trace file (check the folder exists and is writable)")
        }
        file = f
        self.path = path
        buffer = TraceRow.csvHeader + "\n"
    }
    public func write(_ line: String) throws {
        buffer += line
        buffer += "\n"
        if buffer.utf8.count > 1 << 16 { try flush() }
    }
    public func flush() throws {
        let bytes = Array(buffer.utf8)
        buffer = ""
        guard fwrite(bytes, 1, bytes.count, file) == bytes.count else {
            throw RecordingError("\(path): cannot write the trace file (errno \(errno))")
        }
    }
    public func close() throws {
        try flush()
        guard fclose(file) == 0 else { throw RecordingError("\(path): cannot close the trace file (errno \(errno))") }
    }
}
