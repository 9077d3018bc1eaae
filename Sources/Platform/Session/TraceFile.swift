import Core
import Foundation

/// The `--trace` CSV file, written through a buffer.
public final class TraceFile {
    let handle: FileHandle
    var buffer = ""
    public init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let h = FileHandle(forWritingAtPath: path)
        else {
            throw RecordingError("\(path): cannot create the trace file (check the folder exists and is writable)")
        }
        handle = h
        buffer = TraceRow.csvHeader + "\n"
    }
    public func write(_ line: String) throws {
        buffer += line
        buffer += "\n"
        if buffer.utf8.count > 1 << 16 { try flush() }
    }
    public func flush() throws {
        try handle.write(contentsOf: Data(buffer.utf8))
        buffer = ""
    }
    public func close() throws {
        try flush()
        try handle.close()
    }
}
