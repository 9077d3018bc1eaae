import Core

/// evdev input as a session's source: the session watches the reader's one descriptor; each wake-up reads the
/// devices that have data and hands the keys and touches to `onInput` (the ride's controls). Devices that come
/// and go are log notes. Without an inotify watch (no /dev/input at start) a two-second poll rescans.
///
/// Input does not yet travel as a `SensorEvent`: recording and replaying what the rider pressed needs a line in
/// the recording format and a case in `SensorEvent`, which belong to the recording and the session.
extension EvdevInput: EventSource {
    public var name: String { "input" }
    public var fileDescriptors: [Int32] { [fileDescriptor] }
    public var pollIntervalSeconds: Double? { watchesDirectory ? nil : 2 }

    public func start(now: Timestamp) -> [SensorEvent] { [] }

    public func poll(now: Timestamp) -> [SensorEvent] {
        rescan()
        return []
    }

    public func read(_ fd: Int32, now: Timestamp) -> [SensorEvent] {
        do {
            for event in try readEvents() { onInput?(event) }
        } catch {
            readFailures.append("input: \(error)")
        }
        return []
    }

    public func takeNotes() -> [String] { takeChanges().map(\.description) + takeReadFailures() }
}
