import CZlib
import Core

// Every call into zlib lives in this file.

/// Inflates gzip and zlib streams with zlib, refusing output past a limit (a "zip bomb" costs an error, not memory).
public struct ZlibInflater: Inflater {
    public init() {}

    /// The corresponding C functions are `inflateInit2_`, `inflate` and `inflateEnd`.
    public func gunzip(_ bytes: [UInt8], limit: Int) throws -> [UInt8] {
        guard !bytes.isEmpty else { throw MapError.badCompression("empty gzip stream") }
        var stream = z_stream()
        // 15 + 32: largest window, and detect gzip or zlib headers automatically.
        let initStatus = inflateInit2_(&stream, 15 + 32, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard initStatus == Z_OK else { throw MapError.badCompression("inflateInit2 failed (\(initStatus))") }
        defer { inflateEnd(&stream) }
        var out = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: max(4096, min(bytes.count * 4, 1 << 20)))
        var input = bytes
        return try input.withUnsafeMutableBufferPointer { inBuf -> [UInt8] in
            stream.next_in = inBuf.baseAddress
            stream.avail_in = UInt32(inBuf.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { outBuf -> (Int32, Int) in
                    stream.next_out = outBuf.baseAddress
                    stream.avail_out = UInt32(outBuf.count)
                    let s = inflate(&stream, Z_NO_FLUSH)
                    return (s, outBuf.count - Int(stream.avail_out))
                }
                guard out.count + produced <= limit else {
                    throw MapError.badCompression("stream inflates past \(limit) bytes")
                }
                out.append(contentsOf: chunk[0..<produced])
                switch status {
                case Z_STREAM_END: return out
                case Z_OK: continue
                case Z_BUF_ERROR where stream.avail_in == 0:
                    throw MapError.badCompression("gzip stream is truncated after \(bytes.count) bytes")
                default:
                    let message = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                    throw MapError.badCompression("gzip stream is corrupt: \(message)")
                }
            }
        }
    }
}
