/// Keeps a session's events in time order from one delivery to the next, as every sink needs them: the heading
/// adds up the gyroscope's turns between samples, and a recording's reader drops a line whose time goes backwards.
///
/// Live sources cannot promise it on their own. A sample captured by a trigger carries the kernel's time of
/// capture and reaches the buffer a little after it (the driver reads the chip first), so a read can miss a sample
/// taken just before a later event that goes out first: a polled sensor's reading, a status event, a GPS fix, a
/// key press with the kernel's time. Such a late event takes the latest time already handed out. The shift is its
/// time in flight, a few milliseconds; nothing is dropped.
public struct TimeOrderedEvents: Sendable {
    /// The latest time handed out: no later event is earlier.
    public private(set) var floor: Timestamp?

    public init() {}

    /// `events`, read together, in time order (stable: two of one time keep the order they were read in), none
    /// earlier than what came before.
    public mutating func order(_ events: [SensorEvent]) -> [SensorEvent] {
        // Recordings and most live reads come in order already: one pass, no copy.
        if isOrdered(events) {
            floor = events.last?.time ?? floor
            return events
        }
        let sorted = events.indices.sorted { (events[$0].time, $0) < (events[$1].time, $1) }.map { events[$0] }
        return sorted.map { event in
            var event = event
            if let floor, event.time < floor { event.time = floor }
            floor = event.time
            return event
        }
    }

    /// Starts again from no time (a replay's next pass starts again from its first event).
    public mutating func reset() { floor = nil }

    private func isOrdered(_ events: [SensorEvent]) -> Bool {
        var last = floor
        for event in events {
            if let last, event.time < last { return false }
            last = event.time
        }
        return true
    }
}
