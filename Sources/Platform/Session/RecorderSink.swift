import Core

/// The durable recorder as a sink: every event the other sinks see is written, synced at least every second of
/// sample time. An essential recorder (`record`) stops the session at its first failure; one that is not
/// (`run --record`, the record key) never throws: a file that cannot be created, or a full disk, stops it,
/// `onStateChange` tells the display ("RECORDING STOPPED"), and it tries again `retryIntervalSeconds` later (a
/// new file, or the writer's next part).
///
/// The rider's record key (`.rideAction(_, .toggleRecording)`) starts and stops it: stopping closes the file
/// (the press is its last line), starting makes a new writer with `makeWriter` (the press is its first line).
public final class RecorderSink: EventSink {
    /// What the recorder is doing, for the HUD and the log.
    public enum State: Sendable, Equatable {
        /// Not recording (the record key stopped it, or it was never started).
        case off
        case recording
        /// Recording is wanted but failing (the file cannot be created, the disk is full); retried later.
        case stopped(reason: String)
    }

    /// The writer of the recording being made (or the last one made).
    public private(set) var writer: DurableRecordingWriter?
    /// Every file written and closed before `writer`'s, in order.
    public private(set) var earlierParts: [String] = []
    private var earlierLines = 0
    private let makeWriter: () throws -> DurableRecordingWriter
    public let isEssential: Bool
    /// How long (sample time) after a file could not be created the recorder tries again.
    public let retryIntervalSeconds: Double
    public private(set) var eventsWritten = 0
    /// Called when a recorder that is not essential stops, starts or fails.
    public var onStateChange: ((State) -> Void)?
    public private(set) var state: State
    /// True between a start (at the beginning, or by the key) and a stop by the key.
    private var wanted: Bool
    /// When creating a file last failed, for the retry.
    private var createFailedAt: Timestamp?

    /// `recording` false waits for the record key before making a file.
    public init(
        essential: Bool, recording: Bool = true, retryIntervalSeconds: Double = 30,
        makeWriter: @escaping () throws -> DurableRecordingWriter
    ) {
        self.makeWriter = makeWriter
        isEssential = essential
        wanted = recording
        state = recording ? .recording : .off
        self.retryIntervalSeconds = retryIntervalSeconds
    }

    public var name: String { "recording" }

    /// Every file of every recording this sink wrote, in order.
    public var parts: [String] { earlierParts + (writer?.parts ?? []) }
    /// Lines written to all of them.
    public var linesWritten: Int { earlierLines + (writer?.linesWritten ?? 0) }

    public func consume(_ events: [SensorEvent], now: Timestamp) throws {
        guard !isEssential else {
            let writer = try self.writer ?? makeWriter()
            self.writer = writer
            for e in events {
                try writer.append(e)
                eventsWritten += 1
            }
            try writer.tick(now: now)
            return
        }
        for e in events {
            if case .rideAction(_, .toggleRecording) = e {
                toggle(by: e)
                continue
            }
            guard wanted, let writer = openWriter(at: e.time) else { continue }
            // While stopped, `record` drops the line (counted by the writer) until a retry opens a new part.
            if writer.record(e) == .recording { eventsWritten += 1 }
        }
        guard wanted else { return }
        if let writer {
            let writerState = writer.idle(now: now)
            update(writerState == .recording ? .recording : .stopped(reason: Self.reason(writerState)))
        } else {
            _ = openWriter(at: now)
        }
    }

    /// The record key: a stop writes the press as the recording's last line and closes the file; a start makes a
    /// new file whose first line is the press.
    private func toggle(by press: SensorEvent) {
        if wanted {
            if let writer {
                if writer.record(press) == .recording { eventsWritten += 1 }
                // A close that fails (the disk filled at the last sync) loses at most that last second.
                try? writer.close()
                earlierParts += writer.parts
                earlierLines += writer.linesWritten
                self.writer = nil
            }
            wanted = false
            createFailedAt = nil
            update(.off)
        } else {
            wanted = true
            createFailedAt = nil
            if let writer = openWriter(at: press.time), writer.record(press) == .recording { eventsWritten += 1 }
        }
    }

    public func finish(now: Timestamp) throws {
        if isEssential, writer == nil { writer = try makeWriter() }
        try writer?.close()
    }

    /// The writer to write to, made now if there is none (retried `retryIntervalSeconds` after a failure).
    private func openWriter(at time: Timestamp) -> DurableRecordingWriter? {
        if let writer { return writer }
        // Samples of several sources come slightly out of order: only a retry interval past the failure counts.
        if let failed = createFailedAt, time.seconds(since: failed) < retryIntervalSeconds { return nil }
        do {
            let made = try makeWriter()
            writer = made
            createFailedAt = nil
            update(.recording)
            return made
        } catch {
            createFailedAt = time
            update(.stopped(reason: "\(error)"))
            return nil
        }
    }

    private func update(_ new: State) {
        guard new != state else { return }
        state = new
        onStateChange?(new)
    }

    private static func reason(_ s: DurableRecordingWriter.State) -> String {
        if case .stopped(let reason) = s { return reason }
        return ""
    }
}
