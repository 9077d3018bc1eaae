/// Why a saved ride state could not be read back: the caller logs it and starts afresh.
public struct RideStateError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var reason: String
    public var description: String { "ride state line \(line): \(reason)" }
}

/// What survives a restart: the trails drawn so far, the trip's totals and the local day they belong to, as a
/// small text file (`navdisplay-ride 1`, then `key value` lines). The day's track survives in its own GPX file.
///
/// ```
/// navdisplay-ride 1
/// day 2026-05-28
/// trail 60.1695200,24.9413000 60.1696100,24.9414200
/// trip distance_m 1234.5
/// end
/// ```
///
/// The `end` line is how a file cut short at a line boundary (a full disk, a copy that stopped) is told from a
/// complete one.
public struct RideState: Hashable, Sendable {
    public static let header = "navdisplay-ride 1"
    /// More trail points than this in a file is not one we wrote: refused.
    public static let maximumTrailPoints = 100_000

    public var day: LocalDay?
    /// Trails, oldest first, each a line of its own.
    public var trails: [[GeoCoordinate]]
    public var trip: TripStatistics

    public init(day: LocalDay? = nil, trails: [[GeoCoordinate]] = [], trip: TripStatistics = TripStatistics()) {
        self.day = day
        self.trails = trails
        self.trip = trip
    }

    /// The text form.
    public var text: String {
        var out = Self.header + "\n"
        if let day { out += "day \(day)\n" }
        for trail in trails where !trail.isEmpty {
            out += "trail"
            for c in trail {
                out +=
                    " " + DecimalText.format(c.latitude, digits: 7) + "," + DecimalText.format(c.longitude, digits: 7)
            }
            out += "\n"
        }
        // The trip's own text form, each line after its header prefixed with "trip ".
        for line in trip.text.split(separator: "\n").dropFirst() { out += "trip " + line + "\n" }
        return out + "end\n"
    }

    /// Reads the text form back. Anything damaged (a cut-off line, a bad number, a coordinate out of range, a
    /// different header) is an error naming its line; keys this version does not know are skipped.
    public init(text: String) throws(RideStateError) {
        self.init()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first.map(String.init) == Self.header else {
            throw RideStateError(line: 1, reason: "expected \"\(Self.header)\"")
        }
        // A file cut short mid-line does not end in a newline: its last line may be half a number.
        guard text.hasSuffix("\n") else {
            throw RideStateError(line: lines.count, reason: "the file ends mid-line (cut short)")
        }
        var tripText = TripStatistics.textHeader + "\n"
        var points = 0
        var ended = false
        for (i, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let number = i + 1
            guard !ended else { throw RideStateError(line: number, reason: "text after the end line") }
            let space = line.firstIndex(of: " ") ?? line.endIndex
            let key = line[..<space]
            let value = line[space...].dropFirst()
            switch key {
            case "day":
                guard let d = LocalDay(String(value)) else {
                    throw RideStateError(line: number, reason: "expected a date like 2026-05-28, got \"\(value)\"")
                }
                day = d
            case "trail":
                var trail: [GeoCoordinate] = []
                for pair in value.split(separator: " ") {
                    let parts = pair.split(separator: ",", omittingEmptySubsequences: false)
                    guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]) else {
                        throw RideStateError(line: number, reason: "expected \"latitude,longitude\", got \"\(pair)\"")
                    }
                    let c = GeoCoordinate(latitude: lat, longitude: lon)
                    guard c.isValid else {
                        throw RideStateError(line: number, reason: "\(pair) is not a valid coordinate")
                    }
                    trail.append(c)
                }
                points += trail.count
                guard points <= Self.maximumTrailPoints else {
                    throw RideStateError(line: number, reason: "more than \(Self.maximumTrailPoints) trail points")
                }
                trails.append(trail)
            case "trip":
                tripText += value + "\n"
            case "end":
                ended = true
            default:
                continue
            }
        }
        guard ended else { throw RideStateError(line: lines.count, reason: "no end line: the file was cut short") }
        do {
            trip = try TripStatistics(text: tripText)
        } catch {
            throw RideStateError(line: 0, reason: "trip: \(error)")
        }
    }
}

extension RideTracker {
    /// What to save now: the earlier trails and this session's, at most `NavState.trailCapacity` points in all
    /// (the newest kept), the trip and the day.
    public var state: RideState {
        var trails = earlierTrails + (trail.count >= 2 ? [trail] : [])
        var budget = NavState.trailCapacity
        for i in trails.indices.reversed() {
            if trails[i].count > budget { trails[i] = Array(trails[i].suffix(budget)) }
            budget -= trails[i].count
        }
        return RideState(day: day, trails: trails.filter { $0.count >= 2 }, trip: trip)
    }
}
