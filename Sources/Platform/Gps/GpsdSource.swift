import Core

/// Position from gpsd: connects, turns gpsd's reports into `SensorEvent`s, and reconnects with backoff when the
/// daemon is absent, killed or restarted.
///
/// Drive it from the event loop: call `connect(now:)` once, `readAvailable(now:)` whenever `fileDescriptor` is
/// readable, and `poll(now:)` from a timer (it reconnects when a retry is due). The descriptor changes on every
/// reconnect: after any call, re-register when `fileDescriptor` differs from the one watched.
public final class GpsdSource {
    /// Where gpsd listens.
    public let host: String
    public let port: String
    private var connection: GpsdConnection?
    private var backoff: RetryBackoff
    /// When the next reconnection attempt is due (nil while connected).
    public private(set) var nextRetry: Timestamp?
    /// Whether the last status event said "available" (nil before the first attempt).
    public private(set) var isAvailable: Bool?
    /// The devices gpsd reported in its last DEVICES message.
    public private(set) var devices: [String] = []
    /// gpsd's release from its VERSION message.
    public private(set) var release: String?
    /// The last fix seen (kept across reconnects; its `time` tells its age).
    public private(set) var lastFix: GPSFix?
    /// The last satellite counts seen.
    public private(set) var lastSky: GPSSky?

    public init(host: String = "localhost", port: String = "2947", backoff: RetryBackoff = RetryBackoff()) {
        self.host = host
        self.port = port
        self.backoff = backoff
    }

    /// The gpsd socket to watch, or nil while disconnected.
    public var fileDescriptor: Int32? { connection?.fileDescriptor }

    /// Tries to connect now; reports whether gpsd is reachable.
    public func connect(now: Timestamp) -> [SensorEvent] {
        guard connection == nil else { return [] }
        do {
            connection = try GpsdConnection(host: host, port: port)
            backoff.reset()
            nextRetry = nil
            return status(true, "gpsd at \(host):\(port) connected", now: now)
        } catch {
            nextRetry = backoff.nextAttempt(after: now)
            return status(false, "\(error)", now: now)
        }
    }

    /// Reads what gpsd sent; call when `fileDescriptor` is readable. A closed connection becomes a "lost" event
    /// and a scheduled retry.
    public func readAvailable(now: Timestamp) -> [SensorEvent] {
        guard let connection else { return [] }
        var events: [SensorEvent] = []
        do {
            for reading in try connection.readMessages() {
                remember(reading)
                for event in reading.events(at: now) {
                    switch event {
                    case .gpsFix(let fix): lastFix = fix
                    case .gpsSky(let sky): lastSky = sky
                    default: break
                    }
                    events.append(event)
                }
            }
        } catch {
            disconnect()
            nextRetry = backoff.nextAttempt(after: now)
            events += status(false, "\(error)", now: now)
        }
        return events
    }

    /// Reconnects when a retry is due; call from a timer.
    public func poll(now: Timestamp) -> [SensorEvent] {
        guard connection == nil, let due = nextRetry, now >= due else { return [] }
        return connect(now: now)
    }

    /// Closes the connection (no event; the caller is shutting down).
    public func disconnect() {
        connection?.close()
        connection = nil
    }

    private func remember(_ reading: GpsdReading) {
        if reading.set.contains(.deviceList) { devices = reading.devices }
        if reading.set.contains(.version), !reading.release.isEmpty { release = reading.release }
    }

    /// A status event only when availability changes, so a long outage is one "lost" line, not one per retry.
    private func status(_ available: Bool, _ detail: String, now: Timestamp) -> [SensorEvent] {
        guard isAvailable != available else { return [] }
        isAvailable = available
        return [.sourceStatus(now, SourceStatus(source: .gps, available: available, detail: detail))]
    }
}
