import Core
import FoundationEssentials
import Glibc
import Platform

/// `navdisplay replay FILE`: plays a recording (or an NMEA, gpsd JSON or IMU CSV log) through the same heading
/// estimator, NavState, camera and scene a live run uses. Frames are ticked by the recording's time, so the same
/// file gives the same frames at any speed.
struct ReplayCommand: Command {
    static let name = "replay"
    static let summary = "play a recording through the display pipeline (frames, screen or a trace)"
    static let about = """
        USAGE: navdisplay replay FILE [options]

        Plays FILE (a navdisplay recording, FILE.1, FILE.2 … following when a long ride was rotated; or an NMEA
        0183 log, a gpsd JSON log from gpspipe -w, or an IMU CSV file) through the same code a live run uses.
        Without --out or --display nothing is drawn: use --trace to measure. Bad lines are skipped with a warning.
        """

    static let options: [OptionSpec<ReplayCommand>] =
        [
            .speed(\.speed, help: "ride seconds per wall second (default 1; max: as fast as possible)"),
            .flag("--loop", help: "start again at the end (with --display only)") { c in c.loop = true },
            .number(
                "--from", "T", in: 0...1e7, what: "seconds from the start", example: "5",
                help: "play only from T seconds after the recording's start"
            ) { c, t in c.from = t },
            .number(
                "--to", "T", in: 0...1e7, what: "seconds from the start", example: "60",
                help: "play only up to T seconds after the recording's start"
            ) { c, t in c.to = t },
            .text(
                "--out", "DIR", what: "a folder name", completion: .directory, example: "frames",
                help: "write PNG frames into DIR"
            ) { c, dir in c.out = dir },
            .fps(\.fps, help: "frames per second of ride time, 0.1 to 60 (default 10; 2 with --out; 20 on a\nscreen)"),
            .text(
                "--trace", "FILE.csv", what: "a CSV file name", completion: .file, example: "trace.csv",
                help: "one CSV row per frame: time, position, speed, GPS course, magnetic and true\n"
                    + "heading, accuracy, source, map rotation, arrow angle"
            ) { c, path in c.trace = path },
            .stats(\.stats, help: "with --display: frame-time, latency, CPU and memory figures at the end"),
            .text(
                "--summary", "FILE", what: "a file name or -", completion: .file, example: "-",
                help: "write the expected-output summary (.chk) to FILE, or - for stdout"
            ) { c, path in c.summary = path },
            .calibration(
                \.calibrationFile, help: "replay with this magnetometer calibration instead of the recording's"),
            .flag("--no-calibration", help: "replay uncalibrated") { c in c.noCalibration = true },
        ] + ViewOptions.options(in: \.view) + RouteOptions.options(in: \.route)
        + HeadingOptions.options(in: \.headingOptions) + [
            .size(\.size, help: "frame size for PNG frames (default 800x480)")
        ] + MapOptions.options(in: \.map) + RideOptions.options(in: \.ride, only: RideOptions.benchFlags)
        + DisplayOptions.options(in: \.display)

    var file = ""
    var speed: Double? = 1  // nil: max
    var loop = false
    var stats = false
    var from: Double?
    var to: Double?
    var out: String?
    var fps: Double?
    var trace: String?
    var summary: String?
    var calibrationFile: String?
    var noCalibration = false
    var view = ViewOptions()
    var route = RouteOptions()
    var headingOptions = HeadingOptions()
    var ride = RideOptions(input: .none)
    var size = (width: 800, height: 480)
    var map = MapOptions(defaultMap: .none)
    var display = DisplayOptions()
    /// Whether a screen option was given: only that means "to a screen" (a map goes with --out as well).
    var displayChosen = false

    /// The recordings named on the command line (exactly one is allowed).
    var files: [String] = []

    init(arguments: [String]) throws {
        let given = try parseOptions(arguments)
        displayChosen = !given.isDisjoint(with: DisplayOptions.screenFlags)
        guard files.count == 1 else {
            throw UsageError("navdisplay replay: expects one recording FILE (see navdisplay replay --help)")
        }
        file = files[0]
        if out != nil && displayChosen {
            throw UsageError("navdisplay replay: choose --out DIR or --display, not both")
        }
        if loop && !displayChosen {
            throw UsageError("navdisplay replay: --loop needs --display (frames into files or a trace would never end)")
        }
        if let f = from, let t = to, t <= f { throw UsageError("navdisplay replay: --to must be after --from") }
        if calibrationFile != nil && noCalibration {
            throw UsageError("navdisplay replay: choose --calibration FILE or --no-calibration, not both")
        }
    }

    mutating func take(positional: String) throws {
        files.append(positional)
    }

    func run() throws -> Int32 {
        let readStart = MonotonicClock.now()
        let recording = try loadRecording(file)
        let readSeconds = MonotonicClock.now().seconds(since: readStart)
        reportWarnings(recording.warnings, command: Self.name)
        guard let first = recording.events.first, let last = recording.events.last else {
            throw RecordingError("\(file): no samples to replay")
        }
        let start = first.time
        let events = recordingWindow(recording.events, start: start, from: from, to: to)
        guard !events.isEmpty else {
            let length = formatFixed(last.time.seconds(since: start), digits: 1)
            throw RecordingError(
                "\(file): no samples between --from \(formatFixed(from ?? 0, digits: 1)) s and "
                    + "\(to.map { "--to " + formatFixed($0, digits: 1) + " s" } ?? "the end") (the recording is \(length) s long)"
            )
        }
        var config = HeadingConfiguration(calibration: recording.header.calibration, mount: .identity)
        if noCalibration { config.calibration = nil }
        if let path = calibrationFile {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            config.calibration = try MagnetometerCalibration(parsing: text)
        }
        config.fallbackDecimalYear = recording.header.startUTCSeconds.map(DecimalYear.from(utcSeconds:))
        config.fallbackCoordinate = recording.header.place
        config = headingOptions.applied(to: config)
        let center = StartPosition.of(place: recording.header.place, events: recording.events)

        let screen: (any Display)?
        if let dir = out {
            screen = try ImageFileDisplay(directory: dir, width: size.width, height: size.height)
        } else if displayChosen {
            TerminationSignals.block()
            screen = try display.open(pngSize: size)
        } else {
            screen = nil
        }
        defer { screen?.close() }
        // Frames written to files must be complete and identical at any speed: they wait for their tiles.
        let (physics, _) = display.physics(
            screen: screen, width: screen?.width ?? size.width, height: screen?.height ?? size.height)
        let scene = try map.scene(
            width: screen?.width ?? size.width, height: screen?.height ?? size.height, fonts: try loadFonts(),
            physics: physics, waitForTiles: out != nil || !displayChosen)
        let settings = ride.settings(mapStyle: map.style, zoomRange: zoomRange(scene))
        let tracker = route.tracker(route: try route.loadRoute(command: Self.name).route)
        let rideSink = route.sink(tracker: tracker, command: Self.name)
        let playback = Playback(events: events) { [view] in
            let pipeline = NavigationPipeline(
                scene: scene, orientation: view.orientation, zoom: view.zoom, fallbackCenter: center, heading: config,
                ride: settings)
            pipeline.ride = tracker
            return pipeline
        }
        if out == nil, displayChosen, let screen {
            return try replayOnScreen(screen, playback, rideSink)
        }

        let interval = 1 / (fps ?? (out != nil ? 2 : 10))
        let span = events[events.count - 1].time.seconds(since: events[0].time)
        try checkFrameTicks(span: span, interval: interval)
        let traceHandle = try trace.map { try TraceFile(path: $0) }
        var (configuration, frames) = playback.byEventTime(
            intervalSeconds: interval, display: screen, pacing: speed,
            handlesSignals: false, traceRow: traceHandle.map { handle in { try handle.write($0.csv(since: start)) } })
        configuration.sinks.insert(rideSink, at: 0)
        let wallStart = MonotonicClock.now()
        let result = try Session(configuration).run()
        try traceHandle?.close()
        let wall = MonotonicClock.now().seconds(since: wallStart)
        let total = MonotonicClock.now().seconds(since: readStart)
        let ride = span * Double(result.passes)
        if let path = summary {
            let text = TraceSummary.text(
                file: String(file.split(separator: "/").last ?? Substring(file)), counts: frames.counts,
                warnings: recording.warnings.count,
                rows: frames.rows, start: events[0].time)
            if path == "-" {
                print(text, terminator: "")
            } else {
                try Data(text.utf8).write(to: URL(filePath: path), options: .atomic)
            }
        }
        print(
            """
            navdisplay replay: \(events.count * result.passes) events, \(formatFixed(ride, digits: 1)) s of ride in \(formatFixed(total, digits: 3)) s \
            (read \(formatFixed(readSeconds, digits: 3)) s, play \(formatFixed(wall, digits: 3)) s; \(formatFixed(ride / max(total, 1e-9), digits: 0))x real time), \
            \(frames.frames) frame ticks\
            \(screen != nil ? ", frames hash \(frames.frameHash.hex)" : ""); skipped lines: \(recording.warnings.count)
            """)
        if case .signal(let s) = result.stop { print("navdisplay replay: stopped by \(s)") }
        return 0
    }

    /// The most frame ticks a replay by event time makes: 10 hours at 10 a second, 50 at the 2 a second written
    /// to files. Every tick is made, the gaps between samples included, and its trace row kept for the summary.
    static let maximumFrameTicks = 360_000

    /// A recording whose times span more than that (a gap of years in a damaged file, say) is refused before a
    /// frame is made, rather than written out until the disk is full.
    private func checkFrameTicks(span: Double, interval: Double) throws {
        let ticks = span / interval
        guard ticks > Double(Self.maximumFrameTicks) else { return }
        throw RecordingError(
            "\(file): \(formatFixed(span, digits: 0)) s of recording at \(formatFixed(1 / interval, digits: 1)) frames "
                + "a second is more than \(Self.maximumFrameTicks) frames: choose a part with --from and --to, or "
                + "fewer frames with --fps")
    }

    /// On a screen, the recording plays through the live display path (epoll, page-flip events, frames only when
    /// something visible changed) at `--speed`, each `--loop` pass with a fresh pipeline; `--stats` prints the
    /// figures at the end.
    private func replayOnScreen(_ screen: any Display, _ playback: Playback, _ rideSink: RideSink) throws -> Int32 {
        say("navdisplay replay: playing \(file) on \(screen.name); Ctrl-C to stop")
        let (configuration, sink) = playback.onScreen(screen, speed: speed, fps: fps ?? 20, repeats: loop)
        let result = try runOnScreen(configuration, sink: sink, rideSink: rideSink, input: ride, stats: stats)
        if case .signal(let s) = result.stop {
            print("navdisplay replay: stopped by signal \(s == "SIGINT" ? SIGINT : SIGTERM)")
        }
        return 0
    }
}

/// Prints up to 20 skipped-line warnings on stderr and a count of the rest.
func reportWarnings(_ warnings: [RecordingWarning], command: String) {
    for w in warnings.prefix(20) { writeError("navdisplay \(command): warning: \(w)") }
    if warnings.count > 20 {
        writeError("navdisplay \(command): warning: … and \(warnings.count - 20) more skipped lines")
    }
    if !warnings.isEmpty { writeError("navdisplay \(command): \(warnings.count) lines skipped") }
}

/// Where a bundled recording (`recordings/NAME.navrec`) is (see `bundledFile`; `$NAVDISPLAY_RECORDINGS` first).
func bundledRecordingPath(_ name: String) throws -> String {
    try bundledFile(
        folder: "recordings", file: "\(name).navrec", environmentVariable: "NAVDISPLAY_RECORDINGS",
        hint: "set NAVDISPLAY_RECORDINGS to the folder holding it, or regenerate it with scripts/make-recordings")
}

/// The demo's ride: the bundled recording's events, the heading configuration it asks for (its calibration,
/// date and place), and where it starts.
func demoRide() throws -> (events: [SensorEvent], heading: HeadingConfiguration, start: GeoCoordinate) {
    let recording = try loadRecording(try bundledRecordingPath("helsinki-ride"))
    reportWarnings(recording.warnings, command: "demo")
    var config = HeadingConfiguration(calibration: recording.header.calibration)
    config.fallbackDecimalYear = recording.header.startUTCSeconds.map(DecimalYear.from(utcSeconds:))
    config.fallbackCoordinate = recording.header.place
    return (recording.events, config, StartPosition.of(place: recording.header.place, events: recording.events))
}
