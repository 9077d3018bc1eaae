import Core
import FoundationEssentials

/// Reads FILE (and FILE.1, FILE.2, … when a long recording was rotated) as any kind `replay` accepts.
public func loadRecording(_ path: String) throws -> Recording {
    let parts = DurableRecordingWriter.existingParts(of: path)
    if parts.isEmpty { throw RecordingError("\(path): no such file") }
    var combined: Recording?
    for part in parts {
        guard let data = FileManager.default.contents(atPath: part) else {
            throw RecordingError("\(part): cannot read (check permissions)")
        }
        let bytes = [UInt8](data)
        let r = try RecordingImport.read(bytes, file: part)
        if combined == nil {
            combined = r
            if RecordingImport.kind(of: bytes) != .navdisplay { break }  // only our own format rotates
        } else if var c = combined {
            let lastTime = c.events.last?.time
            c.events += r.events.filter { e in lastTime.map { e.time >= $0 } ?? true }
            c.warnings += r.warnings
            combined = c
        }
    }
    guard let combined else { throw RecordingError("\(path): no such file") }
    return combined
}

/// The part of `events` from `from` to `to` seconds after `start` (either end open when nil).
public func recordingWindow(_ events: [SensorEvent], start: Timestamp, from: Double?, to: Double?) -> [SensorEvent] {
    events.filter { e in
        let s = e.time.seconds(since: start)
        return s >= (from ?? -1) && s <= (to ?? .infinity)
    }
}
