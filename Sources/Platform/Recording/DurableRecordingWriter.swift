import Core

/// What failed while writing a recording, and what to do about it.
///
/// Not a `SystemCallError`: it names the recording part the user must look at, and some failures (another recorder
/// holds the lock, the recording is stopped) are not one call's errno.
public struct DurableFileError: Error, CustomStringConvertible {
    public var path: String
    public var what: String
    public var description: String { "\(path): \(what)" }
}

/// Writes a recording so that a power cut or `kill -9` loses at most the last `syncIntervalSeconds`: lines are
/// buffered, and written and synced (`fdatasync`) whenever that much sample time has passed since the last sync.
/// A file that grows past `maxBytes` is closed and the recording goes on in `FILE.1`, `FILE.2`, … (in time order),
/// each part starting with the header so every part reads on its own.
///
/// A recording is a location history: every part is created 0600 with `O_EXCL | O_NOFOLLOW` (an existing file,
/// even an empty one, or a planted symlink is never written through), and the recording holds an advisory lock
/// (`flock`) on its first file, so a second recorder on the same name is refused instead of interleaving lines.
/// An existing recording is appended to only when the caller asks (`appending: true`).
///
/// Two ways to write: `append`/`tick` throw (a `record` command stops on the first failure), while
/// `record`/`idle` report failures as a `State` and retry on their own, so a navigation display that records on
/// the side keeps navigating with "RECORDING STOPPED" on screen when the disk fills.
///
/// The caller passes the time (the sample's monotonic time): this type never reads a clock.
public final class DurableRecordingWriter {
    /// Whether lines are being written.
    public enum State: Sendable, Equatable {
        case recording
        /// Writing failed (disk full, folder gone); lines are dropped until a retry opens a new part.
        case stopped(reason: String)
    }

    public let path: String
    public let maxBytes: Int
    public let syncIntervalSeconds: Double
    /// How long (sample time) after a failure `record`/`idle` try again, in a new part.
    public let retryIntervalSeconds: Double
    /// The file being written now (`path`, then `path.1`, …).
    public private(set) var currentPath: String
    /// Every part written so far, in order.
    public private(set) var parts: [String]
    public private(set) var linesWritten = 0
    /// Lines `record` dropped while stopped (and lines lost from the buffer when a write failed).
    public private(set) var droppedLines = 0
    public private(set) var state = State.recording
    /// Things done on the way the caller may want to log (a stale part moved aside).
    public private(set) var notes: [String] = []
    private let headerBytes: [UInt8]
    private var fd: Int32 = -1
    private var lockFd: Int32 = -1
    private var buffer: [UInt8] = []
    private var bufferedLines = 0
    private var fileBytes = 0
    private var lastSync: Timestamp?
    private var stoppedAt: Timestamp?

    /// Creates `path` (refusing any existing file unless `appending`) and writes the header.
    /// - Parameter appending: continue the recording at `path` (its last part) instead of refusing it.
    public init(
        path: String, header: RecordingHeader, maxBytes: Int = 64 << 20, syncIntervalSeconds: Double = 0.5,
        retryIntervalSeconds: Double = 30, appending: Bool = false
    ) throws {
        self.path = path
        self.maxBytes = max(4096, maxBytes)
        self.syncIntervalSeconds = syncIntervalSeconds
        self.retryIntervalSeconds = retryIntervalSeconds
        headerBytes = Array(RecordingFormat.headerText(header).utf8)
        currentPath = path
        parts = [path]
        let existing = Self.existingParts(of: path)
        if appending && !existing.isEmpty {
            parts = existing
            currentPath = existing[existing.count - 1]
            fd = recording_openForAppend(currentPath)
            guard fd >= 0 else {
                throw DurableFileError(path: currentPath, what: "cannot append: \(errnoText())")
            }
        } else {
            fd = try Self.create(path)
        }
        do {
            try takeLock()
            fileBytes = recording_size(currentPath) ?? 0
            if fileBytes == 0 { try startPart() }
        } catch {
            recording_close(fd)
            fd = -1
            throw error
        }
    }

    deinit {
        if fd >= 0 { try? close() }
        if lockFd >= 0 { recording_close(lockFd) }
    }

    private static func create(_ path: String) throws -> Int32 {
        let fd = recording_create(path)
        guard fd >= 0 else {
            if recording_failedBecauseItExists() {
                throw DurableFileError(
                    path: path, what: "already exists; choose another --out name or remove it first")
            }
            throw DurableFileError(
                path: path, what: "cannot create: \(errnoText()) (check the folder exists and is writable)")
        }
        recording_syncDirectory(of: path)
        return fd
    }

    /// The lock lives on the first file's own descriptor, held until `close`, across every part.
    private func takeLock() throws {
        lockFd = recording_openForAppend(path)
        guard lockFd >= 0 else {
            throw DurableFileError(path: path, what: "cannot open to lock: \(errnoText())")
        }
        guard recording_lock(lockFd) else {
            recording_close(lockFd)
            lockFd = -1
            throw DurableFileError(path: path, what: "another recorder is writing this recording")
        }
    }

    private func startPart() throws {
        fileBytes = 0
        buffer += headerBytes
        try flush(sync: true)
    }

    /// Appends one event; writes and syncs when `syncIntervalSeconds` have passed since the last sync (by
    /// `event.time`). Throws when writing fails; the lines not yet written are then lost.
    public func append(_ event: SensorEvent) throws {
        guard fd >= 0 else { throw DurableFileError(path: currentPath, what: "the recording is stopped") }
        let line = Array(RecordingFormat.line(for: event).utf8)
        if fileBytes + buffer.count + line.count > maxBytes && fileBytes + buffer.count > headerBytes.count {
            try rotate()
        }
        buffer += line
        bufferedLines += 1
        linesWritten += 1
        if let last = lastSync, event.time.seconds(since: last) < syncIntervalSeconds, event.time >= last { return }
        try flush(sync: true)
        lastSync = event.time
    }

    /// Writes and syncs what is buffered when `syncIntervalSeconds` have passed since the last sync: call from the
    /// recording loop when no sample came, so a quiet source's last lines do not wait in memory.
    public func tick(now: Timestamp) throws {
        guard !buffer.isEmpty, let last = lastSync, now.seconds(since: last) >= syncIntervalSeconds else { return }
        try flush(sync: true)
        lastSync = now
    }

    /// Appends `event` without throwing: a failure stops the recording (reported in the returned state), and
    /// `retryIntervalSeconds` later a new part is tried. Navigation never has to stop for the recorder.
    @discardableResult
    public func record(_ event: SensorEvent) -> State {
        guard resumeIfDue(at: event.time) else {
            droppedLines += 1
            return state
        }
        do {
            try append(event)
        } catch {
            stop(error, at: event.time)
        }
        return state
    }

    /// `tick` without throwing, and the retry clock while stopped.
    @discardableResult
    public func idle(now: Timestamp) -> State {
        guard resumeIfDue(at: now) else { return state }
        do {
            try tick(now: now)
        } catch {
            stop(error, at: now)
        }
        return state
    }

    /// True when recording (again): while stopped, tries a new part once the retry interval has passed.
    private func resumeIfDue(at time: Timestamp) -> Bool {
        guard case .stopped = state else { return true }
        guard let since = stoppedAt, time.seconds(since: since) >= retryIntervalSeconds || time < since else {
            return false
        }
        do {
            try openNextPart()
            state = .recording
            return true
        } catch {
            stop(error, at: time)
            return false
        }
    }

    private func stop(_ error: any Error, at time: Timestamp) {
        state = .stopped(reason: "\(error)")
        stoppedAt = time
        droppedLines += bufferedLines
        linesWritten -= bufferedLines
        buffer.removeAll()
        bufferedLines = 0
        if fd >= 0 { recording_close(fd) }
        fd = -1
    }

    /// Writes and syncs whatever is buffered.
    public func flush(sync: Bool = true) throws {
        guard fd >= 0 else { return }
        if !buffer.isEmpty {
            guard recording_writeAll(fd, buffer) else {
                throw DurableFileError(
                    path: currentPath, what: "write failed: \(errnoText()) (disk full or removed?)")
            }
            fileBytes += buffer.count
            buffer.removeAll(keepingCapacity: true)
            bufferedLines = 0
        }
        if sync && !recording_sync(fd) {
            throw DurableFileError(path: currentPath, what: "sync failed: \(errnoText())")
        }
    }

    private func rotate() throws {
        try flush(sync: true)
        try openNextPart()
    }

    /// Closes the current part (if open) and starts `path.N`, N = the parts so far. A file already named `path.N`
    /// is not this recording's (its first file was created new, or its parts were listed when appending): it is
    /// moved aside to `path.N.stale-K`, never written into, and the recording goes on.
    private func openNextPart() throws {
        if fd >= 0 { recording_close(fd) }
        fd = -1
        let next = "\(path).\(parts.count)"
        if recording_exists(next) {
            var k = 1
            while recording_exists("\(next).stale-\(k)") { k += 1 }
            let aside = "\(next).stale-\(k)"
            guard recording_moveAside(next, aside) else {
                throw DurableFileError(
                    path: next, what: "a stale file has this name and cannot be moved aside: \(errnoText())")
            }
            notes.append("moved the stale \(next) aside to \(aside)")
        }
        fd = try Self.create(next)
        currentPath = next
        parts.append(next)
        try startPart()
    }

    /// Flushes, syncs and closes the file, and releases the recording's lock.
    public func close() throws {
        defer {
            if lockFd >= 0 { recording_close(lockFd) }
            lockFd = -1
        }
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
