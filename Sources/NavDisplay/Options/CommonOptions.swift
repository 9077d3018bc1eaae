import Core
import FoundationEssentials

/// Options several commands take that are not a whole group: each is declared here once, with one name, one kind
/// of value and one range, and a command stores it where it likes (`.size(\.size, …)`). Only the help line, which
/// says what the option does in that command and its default there, is the command's.
extension OptionSpec {
    /// `--size WxH`: the frame size in pixels for PNG frames (screens use their own mode).
    static func size(_ path: WritableKeyPath<Values, (width: Int, height: Int)> & Sendable, help: String) -> Self {
        .value(
            "--size", "WxH", what: "WIDTHxHEIGHT, e.g. 800x480", example: "320x240", help: help, convert: parseSize
        ) { $0[keyPath: path] = $1 }
    }

    /// `--speed N|max`: seconds of a recording played per wall-clock second; nil is as fast as possible.
    static func speed(_ path: WritableKeyPath<Values, Double?> & Sendable, help: String) -> Self {
        .value(
            "--speed", "N|max", what: "a number from 0.01 to 100000, or max", example: "max", help: help,
            convert: parseSpeed
        ) { $0[keyPath: path] = $1 }
    }

    /// `--style day|night`: the colours.
    static func style(_ path: WritableKeyPath<Values, StyleName> & Sendable, help: String) -> Self {
        .choice("--style", StyleName.self, help: help) { $0[keyPath: path] = $1 }
    }

    /// `--orientation MODE`: how the map turns.
    static func orientation(_ path: WritableKeyPath<Values, OrientationMode> & Sendable, default: OrientationMode)
        -> Self
    {
        .choice(
            "--orientation", "MODE", OrientationMode.self, example: "course-up",
            help: OrientationMode.allCases.map(\.rawValue).joined(separator: " | ") + " (default \(`default`.rawValue))"
        ) { $0[keyPath: path] = $1 }
    }

    /// `--sample-rate HZ` (also spelt `--rate`, as `sensors` and `record` had it): how often the IIO sensors are
    /// read.
    static func sampleRate(_ path: WritableKeyPath<Values, Double> & Sendable, help: String) -> Self {
        .number(
            "--sample-rate", "HZ", aliases: ["--rate"], in: 0.5...200, what: "hertz from 0.5 to 200", example: "50",
            help: help
        ) { $0[keyPath: path] = $1 }
    }

    /// `--fps N`: frames a second while something moves (none are drawn when nothing changes).
    static func fps(_ path: WritableKeyPath<Values, Double> & Sendable, help: String) -> Self {
        fps(help: help) { $0[keyPath: path] = $1 }
    }

    /// `--fps N` for a command whose default depends on other options (nil: that default).
    static func fps(_ path: WritableKeyPath<Values, Double?> & Sendable, help: String) -> Self {
        fps(help: help) { $0[keyPath: path] = $1 }
    }

    private static func fps(help: String, set: @escaping @Sendable (inout Values, Double) -> Void) -> Self {
        .number(
            "--fps", "N", in: 0.1...60, what: "frames per second from 0.1 to 60", example: "10", help: help, set: set)
    }

    /// `--stats`: frame-time, latency, CPU and memory figures at the end.
    static func stats(_ path: WritableKeyPath<Values, Bool> & Sendable, help: String) -> Self {
        .flag("--stats", help: help) { $0[keyPath: path] = true }
    }

    /// `--calibration FILE`: a magnetometer calibration as `navdisplay calibrate` writes it.
    static func calibration(_ path: WritableKeyPath<Values, String> & Sendable, help: String) -> Self {
        calibration(help: help) { $0[keyPath: path] = $1 }
    }

    /// `--calibration FILE` for a command without a default file.
    static func calibration(_ path: WritableKeyPath<Values, String?> & Sendable, help: String) -> Self {
        calibration(help: help) { $0[keyPath: path] = $1 }
    }

    private static func calibration(help: String, set: @escaping @Sendable (inout Values, String) -> Void) -> Self {
        .text(
            "--calibration", "FILE", what: "a calibration file", completion: .file, example: "calibration.txt",
            help: help, set: set)
    }
}

/// `--speed`'s value: a number, or `max` (nil: as fast as possible).
func parseSpeed(_ text: String) -> Double?? {
    if text == "max" { return .some(nil) }
    guard case .success(.number(let v)) = ConfigKey("speed", .number(0.01...100_000, what: "")).value(of: text)
    else { return nil }
    return .some(v)
}

extension OptionSpec {
    /// The size past which a recording goes on in its next part (`record --max-mb`, `run --record-max-mb`).
    static func recordingPartSize(_ name: String, _ path: WritableKeyPath<Values, Double> & Sendable, help: String)
        -> Self
    {
        let largest = RecordingFormat.maximumPartMegabytes
        return .number(
            name, "N", in: 0.01...Double(largest), what: "megabytes from 0.01 to \(largest)", example: "0.5",
            help: help
        ) { $0[keyPath: path] = $1 }
    }
}

extension OptionSpec {
    /// `--duration SECONDS`: how long a live session runs before it stops by itself (`record`, `sensors`).
    static func duration(_ path: WritableKeyPath<Values, Double?> & Sendable, help: String) -> Self {
        .number(
            "--duration", "SECONDS", in: 0.1...1_000_000, what: "seconds from 0.1 to 1000000", example: "2",
            help: help
        ) { $0[keyPath: path] = $1 }
    }
}

extension OptionSpec {
    /// `--at LAT,LON[,ALT_KM]`: a place for the World Magnetic Model, altitude in km above the WGS84 ellipsoid
    /// (default 0).
    static func place(
        help: String, set: @escaping @Sendable (inout Values, GeoCoordinate, _ altitudeKilometres: Double) -> Void
    ) -> Self {
        .value(
            "--at", "LAT,LON[,ALT_KM]", what: "LAT,LON[,ALT_KM] in decimal degrees and km, e.g. 60.17,24.94,0.1",
            example: "60.17,24.94", help: help, convert: parsePlace
        ) { values, place in set(&values, place.coordinate, place.altitudeKm) }
    }
}

/// "LAT,LON" or "LAT,LON,ALT_KM" (altitude from −1 to 1000 km).
func parsePlace(_ text: String) -> (coordinate: GeoCoordinate, altitudeKm: Double)? {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingWhitespace()
    }
    guard parts.count == 2 || parts.count == 3, let c = GeoCoordinate(parsing: parts[0] + "," + parts[1]) else {
        return nil
    }
    guard parts.count == 3 else { return (c, 0) }
    guard let alt = Double(parts[2]), alt.isFinite, (-1...1000).contains(alt) else { return nil }
    return (c, alt)
}
