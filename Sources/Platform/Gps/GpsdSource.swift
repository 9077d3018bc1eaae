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
    /// The fix rate asked of gpsd's receivers (`--gps-rate`), nil to leave them as they are.
    private var fixRate: GpsdFixRate?
    private var notes: [String] = []
    /// Whether this connection's skipped lines were noted yet (once per connection, not once per line).
    private var notedSkippedLines = false

    /// `fixRateHertz` asks gpsd to set each receiver to that many fixes a second, once gpsd has identified it.
    public init(
        host: String = "localhost", port: String = "2947", backoff: RetryBackoff = RetryBackoff(),
        fixRateHertz: Double? = nil
    ) {
        self.host = host
        self.port = port
        self.backoff = backoff
        fixRate = fixRateHertz.flatMap { $0.isFinite && $0 > 0 ? GpsdFixRate(hertz: $0) : nil }
    }

    /// Lines for the log since the last call: what became of the fix-rate request.
    public func takeNotes() -> [String] {
        defer { notes.removeAll() }
        return notes
    }

    /// The gpsd socket to watch, or nil while disconnected.
    public var fileDescriptor: Int32? { connection?.fileDescriptor }

    /// Tries to connect now; reports whether gpsd is reachable.
    public func connect(now: Timestamp) -> [SensorEvent] {
        guard connection == nil else { return [] }
        do {
            connection = try GpsdConnection(host: host, port: port)
            notedSkippedLines = false
            fixRate?.reset()
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
                try askFixRate(after: reading, on: connection, now: now)
                for event in reading.events(at: now) {
                    switch event {
                    case .gpsFix(let fix): lastFix = fix
                    case .gpsSky(let sky): lastSky = sky
                    default: break
                    }
                    events.append(event)
                }
            }
            if connection.skippedLines > 0, !notedSkippedLines {
                notedSkippedLines = true
                notes.append(
                    "skipped a line from \(host):\(port) that is not a well-formed gpsd report (is gpsd what answers there?)"
                )
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
        if let note = fixRate?.expire(now: now) { notes.append(note) }
        guard connection == nil, let due = nextRetry, now >= due else { return [] }
        return connect(now: now)
    }

    /// Closes the connection (no event; the caller is shutting down).
    public func disconnect() {
        connection?.close()
        connection = nil
    }

    /// Sends the fix-rate request when a report shows a receiver gpsd has identified, and notes the answers.
    private func askFixRate(after reading: GpsdReading, on connection: GpsdConnection, now: Timestamp) throws {
        guard var rate = fixRate else { return }
        defer { fixRate = rate }
        if let fix = reading.fix(at: now), fix.mode >= .twoD,
            let note = rate.observeFix(utcSeconds: fix.utcSeconds, now: now)
        {
            notes.append(note)
        }
        if reading.set.contains(.error), let note = rate.handle(error: reading.errorMessage) { notes.append(note) }
        guard reading.set.contains(.device) || reading.set.contains(.deviceList) else { return }
        for device in reading.deviceReports {
            if let command = rate.handle(device, now: now) { try connection.send(command) }
        }
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
