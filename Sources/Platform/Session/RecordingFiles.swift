import Core

/// Reads FILE (and FILE.1, FILE.2, … when a long recording was rotated) as any kind `replay` accepts.
public func loadRecording(_ path: String) throws -> Recording {
    let parts = DurableRecordingWriter.existingParts(of: path)
    if parts.isEmpty { throw RecordingError("\(path): no such file") }
    var combined: Recording?
    for part in parts {
        let bytes = try readPart(part)
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

/// The bytes of one part, refused before reading when it is a FIFO or a device (which could block `replay` for ever
/// or never end) or larger than any part a recorder writes.
private func readPart(_ part: String) throws -> [UInt8] {
    let maxBytes = RecordingFormat.maximumPartMegabytes << 20
    do {
        guard let bytes = try BoundedFile.read(part, maxBytes: maxBytes) else {
            throw RecordingError("\(part): no such file")
        }
        return bytes
    } catch let failure as BoundedFile.Failure {
        throw RecordingError("\(part): \(failure.words(maxBytes: maxBytes))")
    }
}

/// The part of `events` from `from` to `to` seconds after `start` (either end open when nil).
public func recordingWindow(_ events: [SensorEvent], start: Timestamp, from: Double?, to: Double?) -> [SensorEvent] {
    // The whole recording shares the events' storage: a filtered copy of the bundled ride held 0.64 MiB more
    // for the whole replay.
    guard from != nil || to != nil else { return events }
    return events.filter { e in
        let s = e.time.seconds(since: start)
        return s >= (from ?? -1) && s <= (to ?? .infinity)
    }
}
