import Core

/// gpsd as a session's source: the socket is watched while connected (the session re-watches the new one after a
/// reconnect), and a half-second timer reconnects with backoff when it is not.
extension GpsdSource: EventSource {
    public var name: String { "gpsd" }
    public var fileDescriptors: [Int32] { fileDescriptor.map { [$0] } ?? [] }
    public var pollIntervalSeconds: Double? { 0.5 }
    public func start(now: Timestamp) -> [SensorEvent] { connect(now: now) }
    public func read(_ fd: Int32, now: Timestamp) -> [SensorEvent] { readAvailable(now: now) }
    public func close() { disconnect() }
}
