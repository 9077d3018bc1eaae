import Core
import FoundationEssentials
import Platform

/// `navdisplay record --out FILE`: writes sensor events to a recording, synced at least every second and rotated
/// by size. Sources: the live IIO magnetometer/accelerometer/gyroscope and gpsd, an existing file (`--from`, to re-record
/// an import in our format). The bundled simulated rides are written by `make-rides`, not by the product.
struct RecordCommand: Command {
    static let name = "record"
    static let summary = "record live sensors (or re-record a file) into a recording, no display"
    static let about = """
        USAGE: navdisplay record --out FILE [options]

        Writes every sensor event into FILE in the navdisplay recording format (docs/recording-format.md):
        raw magnetometer (µT, body frame, uncalibrated), accelerometer, gyroscope, GPS fixes and satellites, source
        changes.
        Data is synced to disk at least every second of sample time, so a power cut or kill -9 loses at most the
        last second; past --max-mb the recording goes on in FILE.1, FILE.2, … Stops on SIGINT/SIGTERM.

        The source is the live sensors (IIO and gpsd, with the options below), or with --from an existing file
        re-recorded in our format.
        """

    static let options: [OptionSpec<RecordCommand>] =
        [
            .text(
                "--out", "FILE", what: "a file name", completion: .file, example: "ride.navrec",
                help: "the recording to create (required; an existing one is not overwritten)"
            ) { c, path in c.out = path },
            .text(
                "--from", "FILE", what: "a recording or log file", completion: .file, example: "ride.nmea",
                help: "re-record FILE (a recording, NMEA log, gpsd JSON log or IMU CSV) instead of\nthe live sensors"
            ) { c, path in c.from = path },
            .speed(\.speed, help: "with --from: sample seconds per wall second (default max)"),
            .duration(\.duration, help: "live: stop after this long (default: until SIGINT/SIGTERM)"),
            .sampleRate(
                \.rate,
                help: "live: how often the IIO sensors are read, 0.5 to 200 (default 25; 5 or more\n"
                    + "for a gyroscope a replay can integrate)"),
        ] + SensorOptions.options(in: \.sensors) + GpsOptions.options(in: \.gps) + [
            .calibration(
                \.calibrationFile, help: "live: the calibration in use, written into the header (samples stay raw)"),
            .recordingPartSize(
                "--max-mb", \.maxMegabytes, help: "start a new part past N megabytes, 0.01 to 4096 (default 64)"),
        ]

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
        try parseOptions(arguments)
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
