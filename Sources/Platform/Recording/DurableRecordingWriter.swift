import Core

/// What failed while writing a recording, and what to do about it.
public struct DurableFileError: Error, CustomStringConvertible {
    public var path: String
    public var what: String
    public var description: String { "\(path): \(what)" }
}

/// Writes a recording so that a power cut or `kill -9` loses at most the last second: lines are buffered, and
/// written and synced (`fdatasync`) whenever a second of sample time has passed since the last sync. A file that
/// grows past `maxBytes` is closed and the recording goes on in `FILE.1`, `FILE.2`, … (in time order), each part
/// starting with the header so every part reads on its own.
///
/// The caller passes the time (the sample's monotonic time): this type never reads a clock.
public final class DurableRecordingWriter {
    public let path: String
    public let maxBytes: Int
    public let syncIntervalSeconds: Double
    /// The file being written now (`path`, then `path.1`, …).
    public private(set) var currentPath: String
    /// Every part written so far, in order.
    public private(set) var parts: [String]
    public private(set) var linesWritten = 0
    private let headerBytes: [UInt8]
    private var fd: Int32
    private var buffer: [UInt8] = []
    private var fileBytes = 0
    private var lastSync: Timestamp?

    /// Creates `path` (refusing to overwrite an existing recording) and writes the header.
    public init(path: String, header: RecordingHeader, maxBytes: Int = 64 << 20, syncIntervalSeconds: Double = 1) throws
    {
        self.path = path
        self.maxBytes = max(4096, maxBytes)
        self.syncIntervalSeconds = syncIntervalSeconds
        headerBytes = Array(RecordingFormat.headerText(header).utf8)
        currentPath = path
        parts = [path]
        fd = -1
        fd = try Self.create(path)
        try startPart()
    }

    deinit { if fd >= 0 { try? close() } }

    private static func create(_ path: String) throws -> Int32 {
        if let size = recording_size(path), size > 0 {
            throw DurableFileError(path: path, what: "already exists; choose another --out name or remove it first")
        }
        let fd = recording_open(path)
        guard fd >= 0 else {
            throw DurableFileError(
                path: path, what: "cannot create: \(recording_errnoText()) (check the folder exists and is writable)")
        }
        recording_syncDirectory(of: path)
        return fd
    }

    private func startPart() throws {
        fileBytes = 0
        buffer += headerBytes
        try flush(sync: true)
    }

    /// Appends one event; writes and syncs when a second has passed since the last sync (by `event.time`).
    public func append(_ event: SensorEvent) throws {
        let line = Array(RecordingFormat.line(for: event).utf8)
        if fileBytes + buffer.count + line.count > maxBytes && fileBytes + buffer.count > headerBytes.count {
            try rotate()
        }
        buffer += line
        linesWritten += 1
        if let last = lastSync, event.time.seconds(since: last) < syncIntervalSeconds, event.time >= last { return }
        try flush(sync: true)
        lastSync = event.time
    }

    /// Writes and syncs what is buffered when a second has passed since the last sync: call from the recording
    /// loop when no sample came, so a quiet source's last lines do not wait in memory.
    public func tick(now: Timestamp) throws {
        guard !buffer.isEmpty, let last = lastSync, now.seconds(since: last) >= syncIntervalSeconds else { return }
        try flush(sync: true)
        lastSync = now
    }

    /// Writes and syncs whatever is buffered.
    public func flush(sync: Bool = true) throws {
        if !buffer.isEmpty {
            guard recording_writeAll(fd, buffer) else {
                throw DurableFileError(
                    path: currentPath, what: "write failed: \(recording_errnoText()) (disk full or removed?)")
            }
            fileBytes += buffer.count
            buffer.removeAll(keepingCapacity: true)
        }
        if sync && !recording_sync(fd) {
            throw DurableFileError(path: currentPath, what: "sync failed: \(recording_errnoText())")
        }
    }

    private func rotate() throws {
        try flush(sync: true)
        recording_close(fd)
        fd = -1
        currentPath = "\(path).\(parts.count)"
        fd = try Self.create(currentPath)
        parts.append(currentPath)
        try startPart()
    }

    /// Flushes, syncs and closes the file.
    public func close() throws {
        guard fd >= 0 else { return }
        defer {
            recording_close(fd)
            fd = -1
        }
        try flush(sync: true)
    }

    /// The parts of a recording that exist on disk, in order: `path`, `path.1`, `path.2`, …
    public static func existingParts(of path: String) -> [String] {
        var out: [String] = []
        guard recording_size(path) != nil else { return out }
        out.append(path)
        while recording_size("\(path).\(out.count)") != nil { out.append("\(path).\(out.count)") }
        return out
    }
}
