/// Recorded or scripted events handed out as their time comes.
public final class TimedFeed {
    private let events: [SensorEvent]
    private var next = 0
    private let origin: Timestamp

    public init(events: [SensorEvent]) {
        self.events = events
        origin = events.first?.time ?? Timestamp(nanoseconds: 0)
    }

    public var isFinished: Bool { next >= events.count }

    /// The events up to `seconds` after the first one, not handed out before.
    public func take(upToSeconds seconds: Double) -> [SensorEvent] {
        var out: [SensorEvent] = []
        while next < events.count, events[next].time.seconds(since: origin) <= seconds {
            out.append(events[next])
            next += 1
        }
        return out
    }
}
