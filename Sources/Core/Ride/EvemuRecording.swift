/// Why an evemu recording could not be read.
public struct EvemuError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var reason: String
    public var description: String { "evemu recording line \(line): \(reason)" }
}

/// An input device and its events as `evemu-record` writes them: `N:` the device name, `A:` the absolute axes
/// (`A: <code hex> <min> <max> <fuzz> <flat> [<resolution>]`), `E: <sec>.<usec> <type hex> <code hex> <value>`
/// one event a line; `#` starts a comment. Recordings of real devices in this format are the input tests' truth.
public struct EvemuRecording: Hashable, Sendable {
    public var name: String
    public var axes: [UInt16: AxisRange]
    public var events: [EvdevEvent]

    /// The most events one recording may hold (ten minutes of a 120 Hz panel with two fingers).
    public static let maximumEvents = 1_000_000

    public init(parsing text: String) throws(EvemuError) {
        var name = ""
        var axes: [UInt16: AxisRange] = [:]
        var events: [EvdevEvent] = []
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = i + 1
            let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let tag = fields.first else { continue }
            switch tag {
            case "N:":
                name = fields.dropFirst().joined(separator: " ")
            case "A:":
                guard fields.count >= 4, let code = UInt16(fields[1], radix: 16), let lo = Int32(fields[2]),
                    let hi = Int32(fields[3])
                else { throw EvemuError(line: line, reason: "expected A: <code> <min> <max> …") }
                axes[code] = AxisRange(minimum: lo, maximum: hi)
            case "E:":
                guard fields.count == 5, let seconds = Double(fields[1]), seconds.isFinite, seconds >= 0,
                    let nanos = Int64(checkedRounding: seconds * 1e9), let type = UInt16(fields[2], radix: 16),
                    let code = UInt16(fields[3], radix: 16), let value = Int32(fields[4])
                else { throw EvemuError(line: line, reason: "expected E: <sec.usec> <type> <code> <value>") }
                guard events.count < Self.maximumEvents else {
                    throw EvemuError(line: line, reason: "more than \(Self.maximumEvents) events")
                }
                events.append(EvdevEvent(time: Timestamp(nanoseconds: nanos), type: type, code: code, value: value))
            default:
                continue  // I:, P:, B: describe the device's identity and bits; the decoder does not need them
            }
        }
        self.name = name
        self.axes = axes
        self.events = events
    }

    public init(name: String, axes: [UInt16: AxisRange], events: [EvdevEvent]) {
        self.name = name
        self.axes = axes
        self.events = events
    }

    /// The recording in evemu's format (`N:`, `A:` and `E:` lines), as `evemu-play` reads it, so what a rider
    /// pressed can be kept beside a ride and replayed through the same decoder.
    public var text: String {
        func hex(_ v: UInt16) -> String {
            let h = String(v, radix: 16)
            return String(repeating: "0", count: max(0, 4 - h.count)) + h
        }
        var lines = ["# EVEMU 1.3", "N: \(name)"]
        for code in axes.keys.sorted() {
            let a = axes[code]!
            lines.append("A: \(String(hex(code).suffix(2))) \(a.minimum) \(a.maximum) 0 0 0")
        }
        for e in events {
            let micros = max(0, e.time.nanoseconds) / 1_000  // evemu times are never negative
            let fraction = String(micros % 1_000_000)
            let seconds = "\(micros / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
            lines.append("E: \(seconds) \(hex(UInt16(e.type))) \(hex(e.code)) \(e.value)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A decoder with this device's axis ranges (the multitouch axes, else the single-touch ones).
    public func decoder() -> EvdevDecoder {
        let fallback = AxisRange(minimum: 0, maximum: 1)
        let x = axes[EvdevEvent.absMTPositionX] ?? axes[EvdevEvent.absX] ?? fallback
        let y = axes[EvdevEvent.absMTPositionY] ?? axes[EvdevEvent.absY] ?? fallback
        return EvdevDecoder(xRange: x, yRange: y)
    }

    /// Every key and touch frame the recording's events decode to.
    public func inputEvents() -> [InputEvent] {
        var d = decoder()
        return events.flatMap { d.feed($0) }
    }
}
