import Core

/// evdev input as a session's source: the session watches the reader's one descriptor; each wake-up reads the
/// devices that have data, and `rideInput` (the key map, the touch gestures and the tappable places) turns what
/// they decode to into `.rideAction` events, stamped with the kernel's time of the key or touch, so the pipeline,
/// the recorder and a later replay all see the same presses. Devices that come and go are log notes. Without an
/// inotify watch (no /dev/input at start) a two-second poll rescans.
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
        var out: [SensorEvent] = []
        do {
            for event in try readEvents() {
                onInput?(event)
                let time: Timestamp
                switch event {
                case .key(let k): time = k.time
                case .touch(let f): time = f.time
                }
                out += rideInput?.actions(for: event).map { .rideAction(time, $0) } ?? []
            }
        } catch {
            readFailures.append("input: \(error)")
        }
        return out
    }

    public func takeNotes() -> [String] { takeChanges().map(\.description) + takeReadFailures() }
}
