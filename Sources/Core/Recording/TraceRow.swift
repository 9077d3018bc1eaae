/// One row of a replay's trace: what the display showed at one frame time (the bench's measuring tape).
public struct TraceRow: Hashable, Sendable {
    public var time: Timestamp
    public var position: GeoCoordinate?
    public var speedMetresPerSecond: Double?
    public var courseDegrees: Double?
    public var magneticHeadingDegrees: Double?
    public var trueHeadingDegrees: Double?
    public var accuracyDegrees: Double?
    /// "compass", "gps-course", "frozen"; nil when no heading is shown.
    public var source: String?
    /// The estimator's flags ("standing-still disturbed").
    public var flags: String
    /// How far the map is turned on screen, degrees clockwise (heading-up at heading 90: −90).
    public var mapRotationDegrees: Double
    /// The arrow's angle on screen: heading − map bearing, degrees in (−180, 180].
    public var arrowDegrees: Double?

    public init(
        time: Timestamp, position: GeoCoordinate?, speedMetresPerSecond: Double?, courseDegrees: Double?,
        magneticHeadingDegrees: Double?, trueHeadingDegrees: Double?, accuracyDegrees: Double?, source: String?,
        flags: String, mapRotationDegrees: Double, arrowDegrees: Double?
    ) {
        self.time = time
        self.position = position
        self.speedMetresPerSecond = speedMetresPerSecond
        self.courseDegrees = courseDegrees
        self.magneticHeadingDegrees = magneticHeadingDegrees
        self.trueHeadingDegrees = trueHeadingDegrees
        self.accuracyDegrees = accuracyDegrees
        self.source = source
        self.flags = flags
        self.mapRotationDegrees = mapRotationDegrees
        self.arrowDegrees = arrowDegrees
    }

    /// The CSV header line (no newline).
    public static let csvHeader =
        "time_s,latitude,longitude,speed_m_s,gps_course_deg,magnetic_heading_deg,true_heading_deg,accuracy_deg,source,flags,map_rotation_deg,arrow_deg"

    /// The row as CSV (no newline); unknown values are empty fields.
    public func csv(since start: Timestamp) -> String {
        func f(_ v: Double?, _ digits: Int) -> String { v.map { formatFixed($0, digits: digits) } ?? "" }
        return [
            formatFixed(time.seconds(since: start), digits: 3), f(position?.latitude, 7), f(position?.longitude, 7),
            f(speedMetresPerSecond, 2), f(courseDegrees, 1), f(magneticHeadingDegrees, 1), f(trueHeadingDegrees, 1),
            f(accuracyDegrees, 1), source ?? "", flags, f(mapRotationDegrees, 1), f(arrowDegrees, 1),
        ].joined(separator: ",")
    }
}

/// The expected-output summary of a replay, checked in beside each bundled recording as a `.chk` file: event
/// counts, skipped lines, and a coarse trace row every `every` seconds (rounded so it reads as a story of the ride).
public enum TraceSummary {
    public static func text(
        file: String, counts: [String: Int], warnings: Int, rows: [TraceRow], start: Timestamp, every: Double = 5
    ) -> String {
        var lines = ["# navdisplay replay summary of \(file)"]
        lines.append(
            "events " + counts.sorted(by: { $0.key < $1.key }).map { "\($0.key)=\($0.value)" }.joined(separator: " "))
        lines.append("skipped-lines \(warnings)")
        lines.append("frames \(rows.count)")
        lines.append("# t_s lat lon speed course heading accuracy source arrow flags")
        var next = 0.0
        for r in rows where r.time.seconds(since: start) >= next - 1e-9 {
            next += every
            func f(_ v: Double?, _ d: Int) -> String { v.map { formatFixed($0, digits: d) } ?? "-" }
            let heading = r.trueHeadingDegrees ?? r.magneticHeadingDegrees
            lines.append(
                [
                    formatFixed(r.time.seconds(since: start), digits: 0), f(r.position?.latitude, 4),
                    f(r.position?.longitude, 4),
                    f(r.speedMetresPerSecond, 0), f(r.courseDegrees.map { ($0 / 10).rounded() * 10 }, 0),
                    f(heading.map { ($0 / 10).rounded() * 10 }, 0),
                    r.accuracyDegrees.map { $0 < 5 ? "<5" : $0 < 15 ? "<15" : ">=15" } ?? "-",
                    r.source ?? "none", f(r.arrowDegrees.map { ($0 / 10).rounded() * 10 }, 0),
                    r.flags.isEmpty ? "-" : r.flags.replacing(" ", with: ","),
                ].joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
