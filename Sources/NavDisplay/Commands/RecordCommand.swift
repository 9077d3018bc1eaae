import Core
import FoundationEssentials
import Platform

/// `navdisplay record --out FILE`: writes sensor events to a recording, synced at least every second and rotated
/// by size. Sources: the live IIO magnetometer/accelerometer/gyroscope and gpsd, an existing file (`--from`, to re-record
/// an import in our format). The bundled simulated rides are written by `make-rides`, not by the product.
struct RecordCommand: Command {
    static let name = "record"
    static let summary = "record live sensors (or re-record a file) into a recording, no display"
    static let shared = SharedOptions().with(SensorOptions.self).with(GpsOptions.self)
    static let help = """
        USAGE: navdisplay record --out FILE [options]

        Writes every sensor event into FILE in the navdisplay recording format (docs/recording-format.md):
        raw magnetometer (µT, body frame, uncalibrated), accelerometer, gyroscope, GPS fixes and satellites, source
        changes.
        Data is synced to disk at least every second of sample time, so a power cut or kill -9 loses at most the
        last second; past --max-mb the recording goes on in FILE.1, FILE.2, … Stops on SIGINT/SIGTERM.

        SOURCES (default: live sensors):
          --from FILE             re-record FILE (a recording, NMEA log, gpsd JSON log or IMU CSV)
          --speed N|max           with --from: sample seconds per wall second (default max)

        LIVE OPTIONS:
          --duration SECONDS      stop after this long (default: until SIGINT/SIGTERM)
          --rate HZ               IIO polling rate, 0.5 to 200 (default 25; 5 or more for a gyroscope a
                                  replay can integrate)
        \(SensorOptions.help)
        \(GpsOptions.help)
          --calibration FILE      the calibration in use, written into the header (samples stay raw)

        OPTIONS:
          --out FILE              the recording to create (required; an existing one is not overwritten)
          --max-mb N              start a new part past N megabytes (default 64)
          -h, --help              show this help
        """

    var out: String?
    var from: String?
    var speed: Double?
    var duration: Double?
    var rate = 25.0
    var sensors = SensorOptions()
    var gps = GpsOptions()
    var calibrationFile: String?
    var maxMegabytes = 64.0

    init(arguments: [String]) throws {
        var args = ArgumentScanner(command: Self.name, arguments: arguments)
        while let arg = try args.next() {
            switch arg {
            case .flag("--out"): out = try args.value(for: "--out", expecting: "a file name")
            case .flag("--from"): from = try args.value(for: "--from", expecting: "a recording or log file")
            case .flag("--speed"):
                speed = try args.value(for: "--speed", expecting: "a number from 0.01 to 100000, or max") { text in
                    if text == "max" { return .some(nil) }
                    guard let v = Double(text), v.isFinite, (0.01...100_000).contains(v) else { return nil }
                    return .some(v)
                }
            case .flag("--duration"):
                duration = try args.number(for: "--duration", in: 0.1...1e7, what: "seconds from 0.1")
            case .flag("--rate"): rate = try args.number(for: "--rate", in: 0.5...200, what: "hertz from 0.5 to 200")
            case .flag("--calibration"):
                calibrationFile = try args.value(for: "--calibration", expecting: "a calibration file")
            case .flag("--max-mb"):
                maxMegabytes = try args.number(for: "--max-mb", in: 0.01...1_000_000, what: "megabytes from 0.01")
            case .flag("-h"), .flag("--help"): throw HelpRequest(text: Self.help)
            case .flag(let f):
                guard try sensors.parse(f, &args) || gps.parse(f, &args) else { throw args.unknown(f) }
            case .positional(let v): throw args.unexpected(v)
            }
        }
        guard out != nil else {
            throw UsageError("navdisplay record: --out FILE is required (see navdisplay record --help)")
        }
    }

    func run() throws -> Int32 {
        StandardOutput.flushEachLine()
        let maxBytes = Int(maxMegabytes * 1_048_576)
        guard let out else { throw UsageError("navdisplay record: --out FILE is required") }
        if let from { return try rerecord(from, to: out, maxBytes: maxBytes) }
        return try recordLive(to: out, maxBytes: maxBytes)
    }

    /// Re-records an import in our format, by the file's own time, as fast as it goes or at `--speed`.
    func rerecord(_ from: String, to out: String, maxBytes: Int) throws -> Int32 {
        let recording = try loadRecording(from)
        reportWarnings(recording.warnings, command: Self.name)
        var header = recording.header
        header.extra["recorded-by"] =
            "navdisplay \(Version.string) record --from \(String(from.split(separator: "/").last ?? Substring(from)))"
        let recorder = RecorderSink(essential: true) {
            try DurableRecordingWriter(path: out, header: header, maxBytes: maxBytes)
        }
        var configuration = SessionConfiguration(
            clock: .eventTime(start: recording.events.first?.time ?? Timestamp(nanoseconds: 0), pacing: speed),
            sources: [RecordingSource(events: recording.events, speed: 1)], sinks: [recorder])
        // Unpaced, the copy is over before a signal could matter; paced, SIGINT/SIGTERM stop it cleanly.
        configuration.handlesSignals = speed != nil
        let result = try Session(configuration).run()
        report(recorder, result, count: recorder.writer?.linesWritten ?? 0)
        return 0
    }

    /// Reads the live sensors the way `navdisplay sensors` does and writes every event.
    func recordLive(to out: String, maxBytes: Int) throws -> Int32 {
        let iio = sensors.sources(sampleHertz: rate)
        let gpsd = gps.source()
        let calibration = try calibrationFile.map {
            try MagnetometerCalibration(parsing: try String(contentsOfFile: $0, encoding: .utf8))
        }
        let recorder = RecorderSink(essential: true) { [gps, rate, sensors] in
            try DurableRecordingWriter(
                path: out,
                header: liveRecordingHeader(
                    sensors: iio, gps: gpsd.map { _ in (gps.host, gps.port) }, pollingHertz: rate,
                    boardOrientation: sensors.boardOrientationText, calibration: calibration),
                maxBytes: maxBytes)
        }
        var configuration = SessionConfiguration(
            clock: .system, sources: [iio] + (gpsd.map { [$0] } ?? []), sinks: [recorder])
        configuration.stopAfterSeconds = duration
        configuration.note = { source, note in print("navdisplay record: " + (source == "gpsd" ? "gps: " : "") + note) }
        let result = try Session(configuration).run()
        report(recorder, result, count: recorder.eventsWritten)
        return 0
    }

    private func report(_ recorder: RecorderSink, _ result: SessionResult, count: Int) {
        let stopped: String
        if case .signal(let s) = result.stop { stopped = " (stopped by \(s))" } else { stopped = "" }
        print(
            "navdisplay record: wrote \(count) samples to "
                + (recorder.writer?.parts.joined(separator: ", ") ?? "-") + stopped)
    }
}
