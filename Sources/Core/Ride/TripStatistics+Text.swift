/// Why a saved trip could not be read back.
public struct TripTextError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var reason: String
    public var description: String { "trip file line \(line): \(reason)" }
}

extension TripStatistics {
    /// The first line of the text form; a different first line is refused.
    public static let textHeader = "navdisplay-trip 1"

    /// The totals as a small text file ("distance_m 1234.5" a line), so a trip survives a restart. Only the
    /// totals are kept: the next fix after a restart starts a new step, as after a dropout.
    public var text: String {
        var lines = [
            Self.textHeader, "distance_m \(distanceMetres)", "gap_distance_m \(distanceAcrossGaps)",
            "moving_s \(movingSeconds)", "elapsed_s \(elapsedSeconds)", "max_speed_mps \(maxSpeedMetresPerSecond)",
            "climb_m \(climbMetres)",
        ]
        if let a = minAltitudeMetres { lines.append("min_altitude_m \(a)") }
        if let a = maxAltitudeMetres { lines.append("max_altitude_m \(a)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads the text form back; unknown keys are skipped (a newer version's extra totals).
    public init(text: String, configuration: Configuration = Configuration()) throws(TripTextError) {
        self.init(configuration: configuration)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first.map(String.init) == Self.textHeader else {
            throw TripTextError(line: 1, reason: "expected \"\(Self.textHeader)\"")
        }
        var totals = Totals()
        for (i, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let parts = line.split(separator: " ")
            guard parts.count == 2, let value = Double(parts[1]), value.isFinite,
                value >= 0 || parts[0].hasSuffix("altitude_m")
            else { throw TripTextError(line: i + 1, reason: "expected \"key number\", got \"\(line)\"") }
            switch parts[0] {
            case "distance_m": totals.distance = value
            case "gap_distance_m": totals.gapDistance = value
            case "moving_s": totals.moving = value
            case "elapsed_s": totals.elapsed = value
            case "max_speed_mps": totals.maxSpeed = value
            case "climb_m": totals.climb = value
            case "min_altitude_m": totals.minAltitude = value
            case "max_altitude_m": totals.maxAltitude = value
            default: continue
            }
        }
        restore(totals)
    }
}
