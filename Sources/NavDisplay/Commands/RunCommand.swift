import Core
import Platform

/// `navdisplay run`: the product. Live magnetometer, accelerometer and gyroscope (IIO) and position (gpsd) through
/// the display loop onto the screen, until SIGINT or SIGTERM. Lost sources are shown and picked up again without a
/// restart.
struct RunCommand: Command {
    static let name = "run"
    static let summary = "the live display: IIO compass, gpsd position, map on the screen"
    static let shared = SharedOptions().with(DisplayOptions.self).with(MapOptions.self).with(ViewOptions.self).with(
        HeadingOptions.self
    ).with(
        SensorOptions.self
    ).with(
        GpsOptions.self
    ).with(RouteOptions.self)
    static let help = """
        USAGE: navdisplay run [options]

        Reads the magnetometer, accelerometer and gyroscope through IIO and the position through gpsd, and keeps
        the display up to date until SIGINT or SIGTERM (SIGHUP re-reads the calibration). A lost sensor or gpsd is
        shown on the HUD, logged, and retried with backoff. A gyroscope is optional: with one, the heading follows
        turns between the 1 Hz GPS fixes and holds through a magnetic disturbance.

        OPTIONS:
        \(GpsOptions.help)
        \(SensorOptions.help)
          --sample-rate HZ        how often the IIO sensors are read, 1 to 100 (default 25; a gyroscope needs
                                  5 or more: readings further apart than 0.25 s are not integrated)
        \(ViewOptions.help)
        \(RouteOptions.help)
        \(HeadingOptions.help)
        \(MapOptions.help)
          --fps N                 frame rate while moving, 1 to 60 (default 20); none when nothing changes
          --parked-fps N          frame rate while parked, 0.2 to 60 (default 2)
          --stats                 print frame-time, latency, CPU and memory figures on exit
          --record FILE           also record every sensor event to FILE (see docs/recording-format.md); synced
                                  at least every second, continued in FILE.1, FILE.2 … past --record-max-mb
          --record-max-mb N       size at which a recording goes on in the next file (default 64)
          --calibration FILE      the magnetometer calibration from `navdisplay calibrate` (default
                                  $NAVDISPLAY_CALIBRATION, else /var/lib/navdisplay/calibration.txt); a missing
                                  file means uncalibrated (flagged on the HUD), and so does an empty or broken
                                  one (said on the HUD and in the log, so the map still comes up)
          --config FILE|none      settings as `key = value` lines, each key a long option without --; the
                                  command line wins (default /etc/navdisplay/navdisplay.conf when it exists).
                                  A bad line is logged and shown on the HUD, and the rest still counts
        \(DisplayOptions.help)
          -h, --help              show this help
        """

    var display = DisplayOptions()
    var gps = GpsOptions()
    var sensors = SensorOptions()
    var sampleRate = 25.0
    var view = ViewOptions()
    var route = RouteOptions(stateDirectory: RideFiles.defaultDirectory)
    var headingOptions = HeadingOptions()
    var map = MapOptions(defaultMap: .bundled)
    var fps = 20.0
    var parkedFPS = 2.0
    var stats = false
    var recordPath: String?
    var recordMaxMegabytes = 64.0
    var calibrationPath = Environment.value(CalibrationFile.environmentVariable) ?? CalibrationFile.defaultPath
    /// The settings file read, and what in it could not be used (logged and shown once the display is up).
    var configPath: String?
    var configProblems: [ConfigProblem] = []

    init(arguments: [String]) throws {
        var arguments = arguments
        configPath = try Self.takeConfigPath(from: &arguments)
        if let configPath { configProblems = try readConfig(configPath) }
        // A route named in the kiosk's config that cannot be read must not keep the map from coming up.
        route.routeFromConfig = route.routePath != nil
        try parse(arguments)
    }

    /// Parses command-line arguments (or one setting of the config file) over what is set already.
    mutating func parse(_ arguments: [String]) throws {
        var args = ArgumentScanner(command: Self.name, arguments: arguments)
        while let arg = try args.next() {
            switch arg {
            case .flag("--sample-rate"):
                sampleRate = try args.number(for: "--sample-rate", in: 1...100, what: "hertz from 1 to 100")
            case .flag("--fps"): fps = try args.number(for: "--fps", in: 1...60, what: "frames per second from 1 to 60")
            case .flag("--parked-fps"):
                parkedFPS = try args.number(for: "--parked-fps", in: 0.2...60, what: "frames per second from 0.2 to 60")
            case .flag("--stats"): stats = true
            case .flag("--record"):
                recordPath = try args.value(for: "--record", expecting: "a file name for the recording")
            case .flag("--record-max-mb"):
                recordMaxMegabytes = try args.number(
                    for: "--record-max-mb", in: 1...4096, what: "megabytes from 1 to 4096")
            case .flag("--calibration"):
                calibrationPath = try args.value(for: "--calibration", expecting: "a calibration file")
            case .flag("-h"), .flag("--help"): throw HelpRequest(text: Self.help)
            case .flag(let f):
                guard
                    try display.parse(f, &args) || map.parse(f, &args) || view.parse(f, &args)
                        || headingOptions.parse(f, &args)
                        || sensors.parse(f, &args) || gps.parse(f, &args) || route.parse(f, &args)
                else {
                    throw args.unknown(f)
                }
            case .positional(let v): throw args.unexpected(v)
            }
        }
    }

    func run() throws -> Int32 {
        for problem in configProblems {
            say("navdisplay run: \(configPath ?? "config"): \(problem)", priority: .warning)
        }
        // A bad or empty calibration file never keeps the map from coming up (under Restart=always an exit here
        // would be a restart loop with no display): the compass runs uncalibrated, the log and the HUD say why.
        let loaded = CalibrationFile.loadOrUncalibrated(calibrationPath)
        let calibration = loaded.calibration
        let calibrationProblem = loaded.warning
        if let calibrationProblem {
            say("navdisplay run: \(calibrationProblem)", priority: .warning)
        } else {
            say(
                "navdisplay run: "
                    + (calibration != nil
                        ? "calibration from \(calibrationPath)"
                        : "no calibration at \(calibrationPath): compass uncalibrated (run `navdisplay calibrate`)"))
        }
        TerminationSignals.block()
        let screen = try display.open(pngSize: (800, 480))
        defer { screen.close() }
        let (physics, physicsLine) = display.physics(screen: screen, width: screen.width, height: screen.height)
        say(physicsLine)
        let scene = try map.scene(
            width: screen.width, height: screen.height, fonts: try loadFonts(), physics: physics, waitForTiles: false)
        let heading = headingOptions.applied(to: HeadingConfiguration(calibration: calibration))
        // The route, the trip and the day's track beside the display, kept under --state-dir across restarts.
        let (routeLine, routeNotice) = try route.loadRoute(command: Self.name)
        let tracker = route.tracker(route: routeLine)
        let rideSink = route.sink(tracker: tracker, command: Self.name)
        let screenSink = DisplaySink(display: screen, movingFPS: fps, parkedFPS: parkedFPS, clock: MonotonicClock.now) {
            [view] in
            let pipeline = NavigationPipeline(
                scene: scene, orientation: view.orientation, zoom: view.zoom, fallbackCenter: StartPosition.helsinki,
                heading: heading)
            pipeline.ride = tracker
            return pipeline
        }
        rideSink.showNotice = { [unowned screenSink] in screenSink.show(notice: $0, while: $1) }
        // SIGHUP re-reads the calibration (after `navdisplay calibrate`, or `systemctl reload navdisplay`); a bad
        // file is reported and the calibration in use kept.
        screenSink.onReload = { [calibrationPath, headingOptions] pipeline in
            do {
                let fresh = try CalibrationFile.load(calibrationPath)
                pipeline.reconfigureHeading(headingOptions.applied(to: HeadingConfiguration(calibration: fresh)))
                say(
                    "navdisplay run: SIGHUP: "
                        + (fresh != nil
                            ? "calibration reloaded from \(calibrationPath)"
                            : "no calibration at \(calibrationPath): compass uncalibrated"))
            } catch {
                say("navdisplay run: SIGHUP: kept the calibration in use: \(error)")
            }
        }
        let gpsd = gps.source()
        let iio = sensors.sources(sampleHertz: sampleRate)
        // Recording sees exactly the events the display sees, written before they are applied. It is not
        // essential: a recording that fails is dropped, the HUD says "RECORDING STOPPED", navigation goes on.
        let recorder = recordPath.map { path in
            RecorderSink(essential: false) { [gps, sensors, sampleRate, recordMaxMegabytes] in
                try DurableRecordingWriter(
                    path: path,
                    header: liveRecordingHeader(
                        sensors: iio, gps: gpsd.map { _ in (gps.host, gps.port) },
                        pollingHertz: sampleRate, boardOrientation: sensors.boardOrientationText,
                        calibration: calibration),
                    maxBytes: Int(recordMaxMegabytes * 1_048_576))
            }
        }
        recorder?.onStateChange = { state in
            screenSink.show(notice: "RECORDING STOPPED", while: state != .recording)
            if case .stopped(let reason) = state {
                say("navdisplay run: recording stopped (\(reason)); navigation goes on, a new part is tried later")
            } else {
                say("navdisplay run: recording again")
            }
        }
        let log = StatusLogSink { say("navdisplay run: " + $0) }
        var configuration = SessionConfiguration(
            clock: .system, sources: [iio] + (gpsd.map { [$0] } ?? []),
            sinks: [log] + (recorder.map { [$0] } ?? []) + [rideSink, screenSink])
        configuration.note = { source, note in say("navdisplay run: " + (source == "gpsd" ? "gps: " : "") + note) }
        // Under systemd (Type=notify): READY=1 once the first frame is drawn, WATCHDOG=1 from the frame tick.
        let heartbeat = systemdHeartbeat(firstFrameShown: { [unowned screenSink] in screenSink.stats.drawn > 0 })
        configuration.heartbeat = { heartbeat?.beat($0) }
        // What was wrong with the files stays on the HUD, so it is seen at the device, not only in the journal.
        screenSink.pipeline.notices +=
            runNotices(calibrationProblem: calibrationProblem) + (routeNotice.map { [$0] } ?? [])
        let session = try Session(configuration)
        say(
            "navdisplay run: showing on \(screen.name); "
                + (gpsd != nil ? "gpsd at \(gps.host):\(gps.port)" : "no gpsd (--no-gps)"))
        let cpuStart = ProcessClock.cpuNanoseconds()
        let result = try session.run()
        heartbeat?.stopping()
        if let recorder, let writer = recorder.writer,
            !result.droppedSinks.contains(where: { $0.name == recorder.name })
        {
            say("navdisplay run: recorded \(writer.linesWritten) samples to \(writer.parts.joined(separator: ", "))")
        }
        if stats {
            screenSink.missedTicks = session.missedFrameTicks
            say(
                screenSink.report(
                    wallSeconds: result.seconds, cpuSeconds: Double(ProcessClock.cpuNanoseconds() - cpuStart) / 1e9))
        }
        return 0
    }
}
