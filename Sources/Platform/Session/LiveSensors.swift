import Core

/// The IIO sensors of one live command (magnetometer, and the accelerometer and gyroscope when used): started,
/// polled at one sample rate and described together, as one `EventSource`.
public final class LiveSensors: EventSource {
    public let magnetometer: IioSensorSource
    public let accelerometer: IioSensorSource?
    public let gyroscope: IioSensorSource?
    /// How often the sensors are read.
    public let sampleHertz: Double
    /// Whether a triggered buffer's descriptor is watched too (samples as soon as captured), or only the timer.
    public let watchesCaptures: Bool
    private var notes: [String] = []

    public init(
        magnetometer: IioSensorSource, accelerometer: IioSensorSource?, gyroscope: IioSensorSource?,
        sampleHertz: Double, watchesCaptures: Bool = false
    ) {
        self.magnetometer = magnetometer
        self.accelerometer = accelerometer
        self.gyroscope = gyroscope
        self.sampleHertz = sampleHertz
        self.watchesCaptures = watchesCaptures
    }

    /// Every source in use, magnetometer first.
    public var all: [IioSensorSource] { [magnetometer] + [accelerometer, gyroscope].compactMap { $0 } }

    public var name: String { "iio" }
    public var pollIntervalSeconds: Double? { 1 / sampleHertz }
    public var fileDescriptors: [Int32] { watchesCaptures ? all.compactMap(\.captureFileDescriptor) : [] }

    /// True while every sensor in use is captured from a trigger with the kernel's times: its samples wait in the
    /// kernel's buffer, so a session with a screen drains them at its frame ticks instead of waking at the sample
    /// rate. A polled sensor is read at the sample timer (its reading's time is when it is read). A sensor lost or
    /// not there does not count: its retries come no sooner than half a second apart, which the ticks reach.
    public var isReadAtFrameTicks: Bool {
        let inUse = all.filter(\.isInUse)
        return !watchesCaptures && !inUse.isEmpty && inUse.allSatisfy(\.samplesKeepCaptureTimes)
    }

    /// Finds and sets up every device; the status events say which are there.
    public func start(now: Timestamp) -> [SensorEvent] {
        let events = all.flatMap { $0.start(now: now) }
        if let note = gyroscopeNote(pollingHertz: sampleHertz) { notes.append(note) }
        return events
    }

    /// One sample from each, or what each captured (or a retry of a lost one when due). Captured samples keep the
    /// kernel's times, so one sensor's may be earlier than another's read before: the session puts them in time
    /// order (`TimeOrderedEvents`).
    public func poll(now: Timestamp) -> [SensorEvent] {
        all.flatMap { $0.poll(now: now) }
    }

    public func read(_ fd: Int32, now: Timestamp) -> [SensorEvent] {
        all.first { $0.captureFileDescriptor == fd }?.readCapture(now: now) ?? []
    }

    /// What the triggered buffers hold, all taken before `now`: another source's event of `now` (a GPS fix) must
    /// not go out before it.
    public func readHeld(now: Timestamp) -> [SensorEvent] {
        all.filter(\.samplesKeepCaptureTimes).flatMap { $0.readCapture(now: now) }
    }

    public func takeNotes() -> [String] {
        defer { notes.removeAll() }
        return notes + all.flatMap { $0.takeNotes() }
    }

    /// The devices close their contexts and buffers when they go away.
    public func close() {}

    /// After `start`: one line when the gyroscope was looked for and none found (it is then not looked for
    /// again), so the user hears of it once instead of as a "lost" sensor; or when one was found but is polled
    /// too seldom for the heading to use it.
    public func gyroscopeNote(pollingHertz: Double) -> String? {
        guard let gyroscope else { return nil }
        if let why = gyroscope.absence {
            return "no gyroscope (\(why)); the heading between GPS fixes rests on the compass alone"
        }
        // A quarter more than the bare minimum: a timer's jitter must not push readings past the gap.
        let needed = HeadingEstimator.gyroscopeMinimumHertz * 1.25
        if let device = gyroscope.activeDevice, gyroscope.captureFileDescriptor == nil, pollingHertz < needed {
            return
                "the gyroscope \(device) is read \(formatFixed(pollingHertz, digits: 1)) times a second, too seldom for the "
                + "heading to add up its turns (\(formatFixed(needed, digits: 0)) or more): raise the sampling rate"
        }
        return nil
    }
}
