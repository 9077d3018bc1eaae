/// The navdisplay recording format, version 2 (docs/recording-format.md): a text file of lines.
///
/// ```
/// navdisplay-recording 2
/// @program navdisplay 0.1.0
/// @device magnetometer rate=50 simulated
/// @start-utc 1780000000.0
/// mag 0.002000000 14.25 -3.5 48.0 *1A2B
/// fix 0.500000000 3d utc=1780000000.5 lat=60.1699 lon=24.9384 speed=5.5 course=90.0 *0C3D
/// ```
///
/// Every sample line is `kind time fields… *CHECK`: the time in seconds with exactly nine decimals (integer
/// nanoseconds, so it round-trips), numbers as Swift prints a `Double` (shortest text that reads back to the same
/// value), optional fields as `key=value` and simply absent when unknown, and a Fletcher-16 checksum of everything
/// before ` *`.
///
/// Version 2 added the `act` line (a rider's key or touch, `SensorEvent.rideAction`); version 1 files read the
/// same as before.
public enum RecordingFormat {
    /// The version this code writes; it reads this one and every older one, and refuses newer ones.
    public static let version = 2
    /// The largest part a recorder writes (`record --max-mb`, `run --record-max-mb`), and so the largest file
    /// `replay` reads: a recording is held whole in memory while it replays.
    public static let maximumPartMegabytes = 4096
    /// The first line's first word.
    public static let magic = "navdisplay-recording"

    /// What each sample kind carries, written into every header so the file explains itself.
    public static let fieldLines = [
        "@fields mag t_s x_uT y_uT z_uT (body frame x forward y right z down, uncalibrated)",
        "@fields acc t_s x_m/s2 y_m/s2 z_m/s2 (specific force, body frame; level at rest 0 0 -9.81)",
        "@fields gyr t_s x_rad/s y_rad/s z_rad/s (body frame; +z turns right seen from above)",
        "@fields fix t_s mode(none|2d|3d) [utc=s lat=deg lon=deg alt=m speed=m/s course=deg eph=m epv=m eps=m/s epd=deg]",
        "@fields sky t_s seen used",
        "@fields hdg t_s [mag=deg true=deg acc=deg] (a compass's finished heading)",
        "@fields src t_s magnetometer|accelerometer|gyroscope|gps up|down detail",
        "@fields act t_s action (a key's action name) | pan dx_px dy_px | zoom-by levels (the rider's input)",
    ]

    // MARK: - Writing

    /// The header lines, each ending in a newline.
    public static func headerText(_ h: RecordingHeader) -> String {
        var lines = ["\(magic) \(version)"]
        if let p = h.program { lines.append("@program \(oneLine(p))") }
        for d in h.devices {
            var words = ["@device", d.role]
            if let s = d.scale { words.append("scale=\(s.description)") }
            if let r = d.rateHertz { words.append("rate=\(r.description)") }
            words.append(oneLine(d.name))
            lines.append(words.joined(separator: " "))
        }
        if let m = h.mountMatrix { lines.append("@mount " + m.rowMajor.map(\.description).joined(separator: " ")) }
        if let o = h.boardOrientation { lines.append("@board-orientation \(oneLine(o))") }
        if let c = h.calibration {
            // The calibration file's keys, but numbers at full precision so the header round-trips exactly.
            lines += c.keyLines(number: { $0.description }, figure: { v, _ in v.description }).map {
                "@calibration " + $0
            }
        }
        if let t = h.startUTCSeconds { lines.append("@start-utc \(t.description)") }
        if let p = h.place {
            lines.append(
                "@place \(p.latitude.description) \(p.longitude.description)"
                    + (h.placeName.map { " " + oneLine($0) } ?? ""))
        }
        for n in h.notes { lines.append("@note \(oneLine(n))") }
        for (k, v) in h.extra.sorted(by: { $0.key < $1.key }) { lines.append("@\(k) \(oneLine(v))") }
        lines += fieldLines
        return lines.map { $0 + "\n" }.joined()
    }

    /// One sample line, with its checksum and a final newline.
    public static func line(for event: SensorEvent) -> String {
        var s = body(for: event)
        s += " *" + hex4(checksum(s.utf8))
        s += "\n"
        return s
    }

    static func body(for event: SensorEvent) -> String {
        func v(_ kind: String, _ t: Timestamp, _ x: Vector3) -> String {
            "\(kind) \(timeText(t)) \(x.x.description) \(x.y.description) \(x.z.description)"
        }
        switch event {
        case .magnetometer(let s): return v("mag", s.time, s.microtesla)
        case .accelerometer(let s): return v("acc", s.time, s.metresPerSecondSquared)
        case .gyroscope(let s): return v("gyr", s.time, s.radiansPerSecond)
        case .gpsFix(let f):
            var w = ["fix", timeText(f.time), modeText(f.mode)]
            func add(_ key: String, _ value: Double?) { if let value { w.append("\(key)=\(value.description)") } }
            add("utc", f.utcSeconds)
            add("lat", f.coordinate?.latitude)
            add("lon", f.coordinate?.longitude)
            add("alt", f.altitudeMetres)
            add("speed", f.speedMetresPerSecond)
            add("course", f.courseDegrees)
            add("eph", f.horizontalErrorMetres)
            add("epv", f.verticalErrorMetres)
            add("eps", f.speedErrorMetresPerSecond)
            add("epd", f.courseErrorDegrees)
            return w.joined(separator: " ")
        case .gpsSky(let s): return "sky \(timeText(s.time)) \(s.satellitesSeen) \(s.satellitesUsed)"
        case .compassHeading(let t, let r):
            var w = ["hdg", timeText(t)]
            if let m = r.magneticDegrees { w.append("mag=\(m.description)") }
            if let tr = r.trueDegrees { w.append("true=\(tr.description)") }
            if let a = r.accuracyDegrees { w.append("acc=\(a.description)") }
            return w.joined(separator: " ")
        case .sourceStatus(let t, let s):
            return "src \(timeText(t)) \(s.source.rawValue) \(s.available ? "up" : "down") \(oneLine(s.detail))"
        case .rideAction(let t, let a): return "act \(timeText(t)) \(actionText(a))"
        }
    }

    /// A ride action's fields: its key name ("zoom-in"), or "pan DX DY" / "zoom-by LEVELS" for the touch ones.
    static func actionText(_ a: RideAction) -> String {
        switch a {
        case .pan(let dx, let dy): return "pan \(dx.description) \(dy.description)"
        case .zoomBy(let levels): return "zoom-by \(levels.description)"
        default: return a.name ?? ""
        }
    }

    /// Seconds with exactly nine decimals: the integer nanoseconds, so times round-trip.
    public static func timeText(_ t: Timestamp) -> String {
        let ns = t.nanoseconds
        let magnitude = ns.magnitude
        let whole = magnitude / 1_000_000_000
        let frac = magnitude % 1_000_000_000
        let f = String(frac)
        return (ns < 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: 9 - f.count) + f
    }

    static func modeText(_ m: FixMode) -> String {
        switch m {
        case .noFix: return "none"
        case .twoD: return "2d"
        case .threeD: return "3d"
        }
    }

    /// Text made safe for one line: newlines and carriage returns become spaces.
    static func oneLine(_ s: String) -> String {
        String(s.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }

    /// Fletcher-16 of the bytes: catches flipped, dropped and swapped bytes, which a plain XOR misses.
    public static func checksum<S: Sequence>(_ bytes: S) -> UInt16 where S.Element == UInt8 {
        // The sums are reduced every 256 bytes instead of every byte: they cannot overflow before that.
        var a: UInt32 = 0
        var b: UInt32 = 0
        var n = 0
        for byte in bytes {
            a &+= UInt32(byte)
            b &+= a
            n += 1
            if n == 256 {
                a %= 255
                b %= 255
                n = 0
            }
        }
        return UInt16((b % 255) << 8 | (a % 255))
    }

    static func hex4(_ v: UInt16) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(v >> 12)], digits[Int(v >> 8 & 15)], digits[Int(v >> 4 & 15)], digits[Int(v & 15)]])
    }
}
