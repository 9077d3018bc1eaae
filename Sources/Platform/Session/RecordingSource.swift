import Core

/// A recording's events as a session's source, each handed out when its time comes.
///
/// On a session clocked by event time (`speed` 1 on a `ManualLoop` that starts at the first event) every event
/// comes at its own time exactly, so frames fall at the same recording times at any replay pace. On the system
/// clock, `speed` recording seconds pass per wall second (`replay --display --speed N`; nil: everything at once).
/// The events keep their recorded timestamps.
///
/// On a screen (`readAtFrameTicks`) the session reads a paced recording just before each frame tick instead of
/// waking for each event: nothing on the screen could show an event sooner, and the bundled ride's 25 Hz sensors
/// and fixes had woken the loop about 50 times a second between its 20 frame ticks.
public final class RecordingSource: EventSource {
    public let events: [SensorEvent]
    /// Recording seconds per loop second; nil hands out every event at the start.
    public let speed: Double?
    /// The events may wait for the next frame tick: a paced replay on a screen.
    public let isReadAtFrameTicks: Bool
    private var next = 0
    private var origin = Timestamp(nanoseconds: 0)

    /// `readAtFrameTicks`: the events may wait for the next frame tick (a replay on a screen). Not for a
    /// recording with no speed, which hands everything out at once.
    public init(events: [SensorEvent], speed: Double?, readAtFrameTicks: Bool = false) {
        self.events = events
        self.speed = speed.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        isReadAtFrameTicks = readAtFrameTicks && self.speed != nil
    }

    public var name: String { "recording" }
    public var isFinished: Bool { next >= events.count }

    /// The recording's first event time.
    private var firstTime: Timestamp { events.first?.time ?? Timestamp(nanoseconds: 0) }

    public var nextWakeTime: Timestamp? {
        guard next < events.count else { return nil }
        // Everything at once: due as soon as the loop comes round (after a rewind).
        guard let speed else { return origin }
        return loopTime(ofRecordingTime: events[next].time, speed: speed)
    }

    /// The loop time at which the recording reaches `time` (an event's time), the inverse of
    /// `recordingTime(atLoopTime:)`; with no speed, the start.
    public func loopTime(ofRecordingTime time: Timestamp) -> Timestamp {
        guard let speed else { return origin }
        return loopTime(ofRecordingTime: time, speed: speed)
    }

    private func loopTime(ofRecordingTime time: Timestamp, speed: Double) -> Timestamp {
        // Saturating: a file's times may lie near both ends of the range, more than Int64 nanoseconds apart.
        let (offset, overflow) = time.nanoseconds.subtractingReportingOverflow(firstTime.nanoseconds)
        guard !overflow else { return Timestamp(nanoseconds: offset < 0 ? .max : .min) }
        // At speed 1 the arithmetic stays in whole nanoseconds, so event times come back exactly.
        guard speed == 1 else { return origin.adding(seconds: Double(offset) / 1e9 / speed) }
        let (due, late) = origin.nanoseconds.addingReportingOverflow(offset)
        return late ? Timestamp(nanoseconds: offset < 0 ? .min : .max) : Timestamp(nanoseconds: due)
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
        let start = next
        while next < events.count, isDue(events[next], at: now) { next += 1 }
        return Array(events[start..<next])
    }

    /// Read at the ticks, its due events have waited for the next tick: they go before another source's.
    public func readHeld(now: Timestamp) -> [SensorEvent] { isReadAtFrameTicks ? poll(now: now) : [] }

    /// Due by the same arithmetic as `nextWakeTime`, so a poll at that time always takes the event (at a speed
    /// such as 3, a time rounded the other way would wake the loop at the same instant forever).
    private func isDue(_ event: SensorEvent, at now: Timestamp) -> Bool {
        guard let speed else { return true }
        return loopTime(ofRecordingTime: event.time, speed: speed) <= now
    }

    public func rewind(now: Timestamp) -> Bool {
        next = 0
        origin = now
        return true
    }

    public func close() {}
}
