import Core

/// The durable recorder as a sink: every event the other sinks see is written, synced at least every second of
/// sample time. An essential recorder (`record`) stops the session at its first failure; one that is not
/// (`run --record`) never throws once its file is open: a full disk stops it, `onStateChange` tells the display
/// ("RECORDING STOPPED"), and the writer tries a new part on its own a little later.
public final class RecorderSink: EventSink {
    /// The writer, made at the first events (a live header names the devices the sources found at start).
    public private(set) var writer: DurableRecordingWriter?
    private let makeWriter: () throws -> DurableRecordingWriter
    public let isEssential: Bool
    public private(set) var eventsWritten = 0
    /// Called when a recorder that is not essential stops or starts again.
    public var onStateChange: ((DurableRecordingWriter.State) -> Void)?
    private var lastState = DurableRecordingWriter.State.recording

    public init(essential: Bool, makeWriter: @escaping () throws -> DurableRecordingWriter) {
        self.makeWriter = makeWriter
        isEssential = essential
    }

    public var name: String { "recording" }

    public func consume(_ events: [SensorEvent], now: Timestamp) throws {
        let writer = try self.writer ?? makeWriter()
        self.writer = writer
        guard !isEssential else {
            for e in events {
                try writer.append(e)
                eventsWritten += 1
            }
            try writer.tick(now: now)
            return
        }
        for e in events {
            // While stopped, `record` drops the line (counted by the writer) until a retry opens a new part.
            if writer.record(e) == .recording { eventsWritten += 1 }
        }
        let state = writer.idle(now: now)
        if state != lastState {
            lastState = state
            onStateChange?(state)
        }
    }

    public func finish(now: Timestamp) throws {
        if writer == nil { writer = try makeWriter() }
        try writer?.close()
    }
}
