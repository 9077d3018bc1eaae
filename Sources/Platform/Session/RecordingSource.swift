import Core

/// A recording's events as a session's source, each handed out when its time comes.
///
/// On a session clocked by event time (`speed` 1 on a `ManualLoop` that starts at the first event) every event
/// comes at its own time exactly, so frames fall at the same recording times at any replay pace. On the system
/// clock, `speed` recording seconds pass per wall second (`replay --display --speed N`; nil: everything at once).
/// The events keep their recorded timestamps.
public final class RecordingSource: EventSource {
    public let events: [SensorEvent]
    /// Recording seconds per loop second; nil hands out every event at the start.
    public let speed: Double?
    /// With a speed, wake-ups at least this far apart (loop seconds), so a fast replay on a screen batches events.
    public let granularitySeconds: Double
    private var next = 0
    private var origin = Timestamp(nanoseconds: 0)
    private var lastPoll: Timestamp?

    public init(events: [SensorEvent], speed: Double?, granularitySeconds: Double = 0) {
        self.events = events
        self.speed = speed.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        self.granularitySeconds = granularitySeconds
    }

    public var name: String { "recording" }
    public var isFinished: Bool { next >= events.count }

    /// The recording's first event time.
    private var firstTime: Timestamp { events.first?.time ?? Timestamp(nanoseconds: 0) }

    public var nextWakeTime: Timestamp? {
        guard next < events.count else { return nil }
        // Everything at once: due as soon as the loop comes round (after a rewind).
        guard let speed else { return origin }
        let offset = events[next].time.nanoseconds - firstTime.nanoseconds
        // At speed 1 the arithmetic stays in whole nanoseconds, so event times come back exactly.
        let due =
            speed == 1
            ? Timestamp(nanoseconds: origin.nanoseconds + offset)
            : origin.adding(seconds: Double(offset) / 1e9 / speed)
        guard let lastPoll, granularitySeconds > 0 else { return due }
        return max(due, lastPoll.adding(seconds: granularitySeconds))
    }

    /// The recording's own time that the loop's clock has reached (the HUD counts a fix's age in it); with no
    /// speed, the time of the last event handed out.
    public func recordingTime(atLoopTime now: Timestamp) -> Timestamp {
        guard let speed else { return next > 0 ? events[next - 1].time : firstTime }
        let reached = reachedNanoseconds(atLoopTime: now, speed: speed)
        let (time, overflow) = firstTime.nanoseconds.addingReportingOverflow(reached)
        return Timestamp(nanoseconds: overflow ? Int64.max : time)
    }

    /// How far into the recording (nanoseconds after its first event) the loop's clock has come at `speed`.
    private func reachedNanoseconds(atLoopTime now: Timestamp, speed: Double) -> Int64 {
        let elapsed = now.nanoseconds - origin.nanoseconds
        return speed == 1 ? elapsed : Int64(checkedRounding: Double(elapsed) * speed) ?? Int64.max
    }

    public func start(now: Timestamp) -> [SensorEvent] {
        origin = now
        next = 0
        return poll(now: now)
    }

    /// The events whose time has come.
    public func poll(now: Timestamp) -> [SensorEvent] {
        lastPoll = now
        // How far into the recording (nanoseconds after its first event) the loop's clock has come.
        let reached = speed.map { reachedNanoseconds(atLoopTime: now, speed: $0) } ?? Int64.max
        let start = next
        while next < events.count, events[next].time.nanoseconds - firstTime.nanoseconds <= reached { next += 1 }
        return Array(events[start..<next])
    }

    public func rewind(now: Timestamp) -> Bool {
        next = 0
        origin = now
        lastPoll = nil
        return true
    }

    public func close() {}
}
