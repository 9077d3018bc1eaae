import Core

/// `navdisplay sensors`: every event as one line, the way the display receives it, for bring-up and the system
/// tests. Stops the session after `magnetometerLimit` magnetometer samples when one is given.
public final class PrinterSink: EventSink {
    private let write: (String) -> Void
    private let start: Timestamp
    public let magnetometerLimit: Int?
    public private(set) var magnetometerSamples = 0

    /// Times are printed as seconds after `start`.
    public init(start: Timestamp, magnetometerLimit: Int?, write: @escaping (String) -> Void) {
        self.start = start
        self.magnetometerLimit = magnetometerLimit
        self.write = write
    }

    public var name: String { "printer" }

    public var finishedReason: String? {
        guard let magnetometerLimit, magnetometerSamples >= magnetometerLimit else { return nil }
        return "\(magnetometerLimit) magnetometer samples"
    }

    public func consume(_ events: [SensorEvent], now: Timestamp) throws {
        for event in events {
            if case .magnetometer = event { magnetometerSamples += 1 }
            write(PrinterSink.line(for: event, since: start))
        }
    }

    /// One event as one line: "magnetometer 1.234 x=… y=… z=… uT", "compass lost: …", "gps fix 2D, …".
    public static func line(for event: SensorEvent, since start: Timestamp) -> String {
        let t = formatFixed(event.time.seconds(since: start), digits: 3)
        func xyz(_ v: Vector3) -> String {
            "x=\(formatFixed(v.x, digits: 3)) y=\(formatFixed(v.y, digits: 3)) z=\(formatFixed(v.z, digits: 3))"
        }
        switch event {
        case .magnetometer(let s): return "magnetometer \(t) \(xyz(s.microtesla)) uT"
        case .accelerometer(let s): return "accelerometer \(t) \(xyz(s.metresPerSecondSquared)) m/s2"
        case .gyroscope(let s): return "gyroscope \(t) \(xyz(s.radiansPerSecond)) rad/s"
        case .gpsFix(let f): return "gps \(t) fix \(GpsdProbe.describe(f))"
        case .gpsSky(let s): return "gps \(t) satellites \(s.satellitesUsed)/\(s.satellitesSeen)"
        case .compassHeading(_, let h):
            return "heading \(t) \(h.magneticDegrees.map { formatFixed($0, digits: 1) } ?? "-")"
        case .sourceStatus(_, let s):
            let name = s.source == .magnetometer ? "compass" : s.source.rawValue
            return "\(name) \(s.available ? "back" : "lost") \(t): \(s.detail)"
        case .rideAction(_, let action): return "input \(t) \(action)"
        }
    }
}

/// Each source's loss and return as one log line ("gps lost: …"), beside the HUD (the journal under systemd).
public final class StatusLogSink: EventSink {
    private let write: (String) -> Void
    public init(write: @escaping (String) -> Void) { self.write = write }
    public var name: String { "log" }
    public var isEssential: Bool { false }
    public func consume(_ events: [SensorEvent], now: Timestamp) throws {
        for case .sourceStatus(_, let s) in events {
            write("\(s.source.rawValue) \(s.available ? "available" : "lost"): \(s.detail)")
        }
    }
}
