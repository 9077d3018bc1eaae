import Core

/// A magnetometer or accelerometer read through IIO, delivered as body-frame `SensorEvent`s.
///
/// Polled: the event loop calls `poll(now:)` at the sample rate (from a timerfd). A read that fails (device
/// unbound, I/O error) becomes one "lost" status event; the source then rescans with backoff on later polls and
/// reports "available" again when the device is back, without a restart.
public final class IioSensorSource {
    public let kind: IioSensorKind
    /// A device name, label or `iio:deviceN` to use instead of the first known one (`--mag-device`).
    public let deviceOverride: String?
    /// Sensor-after-mount-matrix axes to body axes (x forward, y right, z down).
    public let boardOrientation: AxisMatrix
    private let openBackend: () throws -> IioBackend
    private var backend: IioBackend?
    private var channels: IioSensorChannels?
    private var backoff: RetryBackoff
    /// When the next rescan is due while the device is missing.
    public private(set) var nextRetry: Timestamp?
    /// Whether the last status event said "available" (nil before `start`).
    public private(set) var isAvailable: Bool?

    public convenience init(
        kind: IioSensorKind, deviceOverride: String? = nil, boardOrientation: AxisMatrix = .identity,
        backoff: RetryBackoff = RetryBackoff()
    ) {
        self.init(
            kind: kind, deviceOverride: deviceOverride, boardOrientation: boardOrientation, backoff: backoff,
            openBackend: { try LibIioLocalContext() })
    }

    init(
        kind: IioSensorKind, deviceOverride: String?, boardOrientation: AxisMatrix, backoff: RetryBackoff,
        openBackend: @escaping () throws -> IioBackend
    ) {
        self.kind = kind
        self.deviceOverride = deviceOverride
        self.boardOrientation = boardOrientation
        self.backoff = backoff
        self.openBackend = openBackend
    }

    /// The chip in use ("hmc5883l (iio:device0)"), or nil while none is.
    public var activeDevice: String? { channels.map { "\($0.device.name) (\($0.device.id))" } }
    /// The rate the device samples at, as read back after start.
    public var samplingHertz: Double? { channels?.samplingHertz }
    /// The kernel's mount matrix of the device in use.
    public var mountMatrix: AxisMatrix? { channels?.mountMatrix }

    /// Finds and sets up the device now; reports whether it is there.
    public func start(now: Timestamp) -> [SensorEvent] {
        guard channels == nil else { return [] }
        do {
            let backend = try openBackend()
            let channels = try IioSensorChannels(
                kind: kind, backend: backend, override: deviceOverride, boardOrientation: boardOrientation)
            self.backend = backend
            self.channels = channels
            backoff.reset()
            nextRetry = nil
            let notes = channels.notes.isEmpty ? "" : "; " + channels.notes.joined(separator: "; ")
            return status(true, "\(channels.device.name) (\(channels.device.id)) found\(notes)", now: now)
        } catch {
            backend = nil
            nextRetry = backoff.nextAttempt(after: now)
            return status(false, "\(error)", now: now)
        }
    }

    /// Reads one sample (or retries a missing device when due). Call at the sample rate.
    public func poll(now: Timestamp) -> [SensorEvent] {
        guard let channels, let backend else {
            guard let due = nextRetry, now >= due else { return [] }
            return start(now: now)
        }
        do {
            let value = try channels.read(backend)
            return [kind.event(value, at: now)]
        } catch {
            // Drop the whole context: libiio's local context is a snapshot of sysfs, and a device that comes back
            // may have a new id.
            self.channels = nil
            self.backend = nil
            nextRetry = backoff.nextAttempt(after: now)
            return status(false, "\(channels.device.name): \(error)", now: now)
        }
    }

    /// A status event only when availability changes, so an outage is one "lost" line, not one per retry.
    private func status(_ available: Bool, _ detail: String, now: Timestamp) -> [SensorEvent] {
        guard isAvailable != available else { return [] }
        isAvailable = available
        return [.sourceStatus(now, SourceStatus(source: kind.sensorSource, available: available, detail: detail))]
    }
}
