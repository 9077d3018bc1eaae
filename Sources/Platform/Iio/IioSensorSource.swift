import Core

/// A magnetometer, accelerometer or gyroscope read through IIO, delivered as body-frame `SensorEvent`s.
///
/// Two ways to read, chosen at start: a triggered buffer when the device has a trigger, else polled reads. Call
/// `poll(now:)` at the sample rate from a timerfd in both modes: it reads one sample (polled), drains what the
/// trigger captured (buffered), and rescans for a lost device. Optionally also watch `captureFileDescriptor` and
/// call `readCapture(now:)` when it is readable, for samples as soon as they are captured.
///
/// A read that fails (device unbound, I/O error) or a capture that falls silent becomes one "lost" status event;
/// the source then rescans with backoff and reports "available" again when the device is back, without a restart.
/// The capture descriptor changes across a loss: re-register it when it differs from the one watched.
///
/// An optional source (the gyroscope: most boards have none) that finds no device at start sends no status event;
/// `absence` says why, for the caller to print once. It keeps looking quietly, less and less often down to once a
/// minute (a kiosk may start before the driver has bound), and says "available" when the device turns up. One
/// that was found and then fails is lost and retried like any other.
///
/// A device found before udev has made its sampling-frequency attribute writable for our group (a hot-plug race:
/// the write fails with EACCES) keeps its default rate only until the permission comes: the write is tried again
/// at the sample timer with backoff (half a second, doubling to 30 s) and a note says when it took.
public final class IioSensorSource {
    public let kind: IioSensorKind
    /// Whether running without this sensor is normal (and it was not asked for by name).
    public let isOptional: Bool
    /// A device name, label or `iio:deviceN` to use instead of the first known one (`--mag-device`).
    public let deviceOverride: String?
    /// Sensor-after-mount-matrix axes to body axes (x forward, y right, z down).
    public let boardOrientation: Matrix3
    /// Buffered or polled.
    public let captureMode: IioCaptureMode
    /// A triggered capture with no sample for this long counts as lost. The kernel's buffer descriptor never
    /// wakes once its device is unbound, so silence is the only sign.
    public let stallSeconds: Double
    private var lastCaptureActivity: Timestamp?
    private let openBackend: () throws -> IioBackend
    private var backend: IioBackend?
    private var capture: IioCapture?
    private var channels: IioSensorChannels?
    private var backoff: RetryBackoff
    /// When the next rescan is due while the device is missing.
    public private(set) var nextRetry: Timestamp?
    /// Whether the last status event said "available" (nil before `start`).
    public private(set) var isAvailable: Bool?
    /// Why an optional source found nothing at start (then it sends no events until the device turns up), else nil.
    public private(set) var absence: String?
    /// The rescans of an optional source that was never there: seldom, since most boards will never have one.
    private var absentBackoff = RetryBackoff(initialSeconds: 2, maximumSeconds: 60)
    /// Retries of a sampling-frequency write refused for permission, and when the next is due.
    private var rateBackoff = RetryBackoff(initialSeconds: 0.5, maximumSeconds: 30)
    private var nextRateRetry: Timestamp?
    private var notes: [String] = []

    public convenience init(
        kind: IioSensorKind, deviceOverride: String? = nil, boardOrientation: Matrix3 = .identity,
        captureMode: IioCaptureMode = .automatic, stallSeconds: Double = 1, backoff: RetryBackoff = RetryBackoff(),
        optional: Bool = false
    ) {
        self.init(
            kind: kind, deviceOverride: deviceOverride, boardOrientation: boardOrientation, captureMode: captureMode,
            stallSeconds: stallSeconds, backoff: backoff, optional: optional, openBackend: { try LibIioLocalContext() })
    }

    init(
        kind: IioSensorKind, deviceOverride: String?, boardOrientation: Matrix3, captureMode: IioCaptureMode,
        stallSeconds: Double, backoff: RetryBackoff, optional: Bool = false,
        openBackend: @escaping () throws -> IioBackend
    ) {
        self.kind = kind
        // A device named on the command line is expected: its absence is a fault like any other.
        isOptional = optional && deviceOverride == nil
        self.captureMode = captureMode
        self.stallSeconds = max(0.05, stallSeconds)
        self.deviceOverride = deviceOverride
        self.boardOrientation = boardOrientation
        self.backoff = backoff
        self.openBackend = openBackend
    }

    /// Whether a device is in use (found, and not lost since).
    public var isInUse: Bool { channels != nil }
    /// The chip in use ("hmc5883l (iio:device0)"), or nil while none is.
    public var activeDevice: String? { channels.map { "\($0.device.name) (\($0.device.id))" } }
    /// The rate the device samples at, as read back after start.
    public var samplingHertz: Double? { channels?.samplingHertz }
    /// The kernel's mount matrix of the device in use.
    public var mountMatrix: Matrix3? { channels?.mountMatrix }

    /// The kernel buffer's descriptor while capturing from a trigger; nil in polled mode or while lost.
    public var captureFileDescriptor: Int32? { capture?.pollFileDescriptor }

    /// True while capturing from a trigger with the kernel's timestamps on our clock: a sample keeps the time it
    /// was taken however late it is read, so it may wait in the kernel's buffer for a frame tick.
    public var samplesKeepCaptureTimes: Bool { capture?.timestampsAreMonotonic ?? false }

    /// Seconds of samples the kernel's buffer holds: the longest wait between two reads (the frame ticks of a
    /// parked display, half a second), twice over, and the silence after which a capture counts as lost (1 s).
    static let kernelBufferSeconds = 2.0

    /// The kernel buffer's length in samples for a device sampling at `hertz` (100 when it does not say: a
    /// trigger may run at its own rate), from 64 to 4096 (4096 samples of three axes and a timestamp: 64 KiB).
    static func kernelBufferSamples(hertz: Double?) -> Int {
        let rate = hertz.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? 100
        return min(4096, max(64, Int((kernelBufferSeconds * min(rate, 4096)).rounded(.up))))
    }

    /// Finds and sets up the device now; reports whether it is there.
    public func start(now: Timestamp) -> [SensorEvent] {
        guard channels == nil else { return [] }
        do {
            let backend = try openBackend()
            let channels = try IioSensorChannels(
                kind: kind, backend: backend, override: deviceOverride, boardOrientation: boardOrientation)
            var notes = channels.notes
            var how = "polled"
            let plan = IioSensorChannels.captureTrigger(
                for: channels.device, among: backend.devices, choice: captureMode)
            if plan.use {
                do {
                    capture = try backend.openCapture(
                        deviceID: channels.device.id, channels: kind.axisChannels, trigger: plan.trigger,
                        samplesPerRead: 1, kernelBufferSamples: Self.kernelBufferSamples(hertz: channels.samplingHertz))
                    lastCaptureActivity = now
                    how = "triggered by \(plan.trigger ?? "its current trigger")"
                } catch {
                    notes.append("polling instead of a triggered buffer: \(error)")
                }
            }
            self.backend = backend
            self.channels = channels
            absence = nil
            backoff.reset()
            nextRetry = nil
            rateBackoff.reset()
            nextRateRetry = channels.pendingRate == nil ? nil : rateBackoff.nextAttempt(after: now)
            let detail = ([how] + notes).joined(separator: "; ")
            return status(true, "\(channels.device.name) (\(channels.device.id)) found, \(detail)", now: now)
        } catch {
            backend = nil
            if isOptional && isAvailable == nil {
                absence = absence ?? "\(error)"
                nextRetry = absentBackoff.nextAttempt(after: now)
                return []
            }
            nextRetry = backoff.nextAttempt(after: now)
            return status(false, "\(error)", now: now)
        }
    }

    /// Reads one sample (or retries a missing device when due). Call at the sample rate.
    public func poll(now: Timestamp) -> [SensorEvent] {
        guard var channels, let backend else {
            guard let due = nextRetry, now >= due else { return [] }
            return start(now: now)
        }
        if let due = nextRateRetry, now >= due {
            do {
                _ = try channels.retrySamplingFrequency(backend)
                nextRateRetry = nil
                let rate = channels.samplingHertz.map { "\(formatFixed($0, digits: 3)) Hz" } ?? "the highest rate"
                notes.append("\(kind.sensorSource): sampling frequency set to \(rate) (the attribute became writable)")
            } catch {
                nextRateRetry = channels.pendingRate == nil ? nil : rateBackoff.nextAttempt(after: now)
                if channels.pendingRate == nil {
                    notes.append("\(kind.sensorSource): gave up setting the sampling frequency: \(error)")
                }
            }
            self.channels = channels
        }
        if capture != nil {
            // Drain here too, so a caller that only runs the sample timer still gets every captured sample.
            let captured = readCapture(now: now)
            guard self.capture != nil, let last = lastCaptureActivity, now.seconds(since: last) > stallSeconds
            else { return captured }
            let silence = IioError(
                operation: "capture", code: 0,
                reason: "no samples for \(formatFixed(now.seconds(since: last), digits: 1)) s")
            return lose(channels, silence, now: now)
        }
        do {
            let value = try channels.read(backend)
            return [kind.event(value, at: now)]
        } catch {
            return lose(channels, error, now: now)
        }
    }

    /// Reads the samples the trigger captured; call when `captureFileDescriptor` is readable. Samples carry the
    /// kernel's timestamp when it is on our clock, else `now`.
    public func readCapture(now: Timestamp) -> [SensorEvent] {
        guard let channels, let capture else { return [] }
        do {
            let samples = try capture.read()
            if !samples.isEmpty { lastCaptureActivity = now }
            return samples.map { sample in
                let time = capture.timestampsAreMonotonic ? sample.timestampNanoseconds.map(Timestamp.init) : nil
                return kind.event(channels.vector(fromRaw: sample.raw.map(Double.init)), at: time ?? now)
            }
        } catch {
            return lose(channels, error, now: now)
        }
    }

    /// Lines for the log since the last call (a sampling frequency set late).
    public func takeNotes() -> [String] {
        defer { notes.removeAll() }
        return notes
    }

    /// Drops the whole context: libiio's local context is a snapshot of sysfs, and a device that comes back may
    /// have a new id.
    private func lose(_ channels: IioSensorChannels, _ error: Error, now: Timestamp) -> [SensorEvent] {
        capture?.close()
        capture = nil
        lastCaptureActivity = nil
        self.channels = nil
        backend = nil
        nextRateRetry = nil
        nextRetry = backoff.nextAttempt(after: now)
        return status(false, "\(channels.device.name): \(error)", now: now)
    }

    /// A status event only when availability changes, so an outage is one "lost" line, not one per retry.
    private func status(_ available: Bool, _ detail: String, now: Timestamp) -> [SensorEvent] {
        guard isAvailable != available else { return [] }
        isAvailable = available
        return [.sourceStatus(now, SourceStatus(source: kind.sensorSource, available: available, detail: detail))]
    }
}
