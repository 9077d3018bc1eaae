import Core

/// The durable recorder as a sink: every event the other sinks see is written, synced at least every second of
/// sample time. In `run --record` it is not essential: a full disk drops it and the display says so.
public final class RecorderSink: EventSink {
    /// The writer, made at the first events (a live header names the devices the sources found at start).
    public private(set) var writer: DurableRecordingWriter?
    private let makeWriter: () throws -> DurableRecordingWriter
    public let isEssential: Bool
    public private(set) var eventsWritten = 0

    public init(essential: Bool, makeWriter: @escaping () throws -> DurableRecordingWriter) {
        self.makeWriter = makeWriter
        isEssential = essential
    }

    public var name: String { "recording" }

    public func consume(_ events: [SensorEvent], now: Timestamp) throws {
        let writer = try self.writer ?? makeWriter()
        self.writer = writer
        for e in events {
            try writer.append(e)
            eventsWritten += 1
        }
        try writer.tick(now: now)
    }

    public func finish(now: Timestamp) throws {
        if writer == nil { writer = try makeWriter() }
        try writer?.close()
    }
}
