import Core
import Platform

/// `navdisplay run`: the product. Live magnetometer, accelerometer and gyroscope (IIO) and position (gpsd) through
/// the display loop onto the screen, until SIGINT or SIGTERM. Lost sources are shown and picked up again without a
/// restart.
struct RunCommand: Command {
    static let name = "run"
    static let summary = "the live display: IIO compass, gpsd position, map on the screen"
    static let about = """
        USAGE: navdisplay run [options]

        Reads the magnetometer, accelerometer and gyroscope through IIO and the position through gpsd, and keeps
        the display up to date until SIGINT or SIGTERM (SIGHUP re-reads the calibration). A lost sensor or gpsd is
        shown on the HUD, logged, and retried with backoff. A gyroscope is optional: with one, the heading follows
        turns between the 1 Hz GPS fixes and holds through a magnetic disturbance.

        Every option but --config can also be set in the settings file, as `key = value` with the option's name
        without -- as the key (`zoom = 17`, `stats = yes`).
        """

    static let options: [OptionSpec<RunCommand>] =
        GpsOptions.options(in: \.gps) + SensorOptions.options(in: \.sensors) + [
            .sampleRate(
                \.sampleRate,
                help: "how often the IIO sensors are read, 0.5 to 200 (default 25; a gyroscope needs\n"
                    + "5 or more: readings further apart than 0.25 s are not integrated)")
        ] + ViewOptions.options(in: \.view) + RouteOptions.options(in: \.route)
        + HeadingOptions.options(in: \.headingOptions) + MapOptions.options(in: \.map) + [
            .fps(\.fps, help: "frame rate while moving, 0.1 to 60 (default 20); none when nothing changes"),
            .number(
                "--parked-fps", "N", in: 0.1...60, what: "frames per second from 0.1 to 60", example: "1",
                help: "frame rate while parked, 0.1 to 60 (default 2)"
            ) { c, fps in c.parkedFPS = fps },
            .stats(\.stats, help: "print frame-time, latency, CPU and memory figures on exit"),
            .text(
                "--record", "FILE", what: "a file name for the recording", completion: .file, example: "ride.navrec",
                help: "also record every sensor event to FILE (see docs/recording-format.md); synced\n"
                    + "at least every second, continued in FILE.1, FILE.2 … past --record-max-mb"
            ) { c, path in c.recordPath = path },
            .recordingPartSize(
                "--record-max-mb", \.recordMaxMegabytes,
                help: "size at which a recording goes on in the next file, 0.01 to 4096 (default 64)"),
            .calibration(
                \.calibrationPath,
                help: "the magnetometer calibration from `navdisplay calibrate` (default\n"
                    + "$NAVDISPLAY_CALIBRATION, else /var/lib/navdisplay/calibration.txt); a missing\n"
                    + "file means uncalibrated (flagged on the HUD), and so does an empty or broken\n"
                    + "one (said on the HUD and in the log, so the map still comes up)"),
            // Read before the other options (`takeConfigPath`), so the command line wins over the file.
            .text(
                "--config", "FILE|none", what: "a file or none", completion: .file, example: "none",
                help: "settings as `key = value` lines, each key a long option without --; the\n"
                    + "command line wins (default /etc/navdisplay/navdisplay.conf when it exists).\n"
                    + "A bad line is logged and shown on the HUD, and the rest still counts",
                configurable: false
            ) { _, _ in },
        ] + RideOptions.options(in: \.ride) + DisplayOptions.options(in: \.display)

    var display = DisplayOptions()
    var gps = GpsOptions()
    var sensors = SensorOptions()
    var sampleRate = 25.0
    var view = ViewOptions()
    var route = RouteOptions(stateDirectory: RideFiles.defaultDirectory)
    var headingOptions = HeadingOptions()
    var map = MapOptions(defaultMap: .bundled)
    var ride = RideOptions(input: .auto)
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
        // Over the file's values: the command line wins.
        try parseOptions(arguments)
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
        let rideSettings = ride.settings(mapStyle: map.style, recording: recordPath != nil, zoomRange: zoomRange(scene))
        let backlight = try ride.openBacklight()
        defer {
            if let line = backlight?.restore() { say("navdisplay run: " + line, priority: .warning) }
        }
        let screenSink = DisplaySink(display: screen, movingFPS: fps, parkedFPS: parkedFPS, clock: MonotonicClock.now) {
            [view] in
            let pipeline = NavigationPipeline(
                scene: scene, orientation: view.orientation, zoom: view.zoom, fallbackCenter: StartPosition.helsinki,
                heading: heading, ride: rideSettings)
            pipeline.ride = tracker
            pipeline.onLightingChange = { lighting in
                if let line = backlight?.show(lighting) { say("navdisplay run: " + line, priority: .warning) }
            }
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
        // essential: a recording that fails (or whose file cannot be created) shows "RECORDING STOPPED" and is
        // retried; navigation goes on. The record key starts and stops it, each start in a new file.
        let header = { [gps, sensors, sampleRate] in
            liveRecordingHeader(
                sensors: iio, gps: gpsd.map { _ in (gps.host, gps.port) }, pollingHertz: sampleRate,
                boardOrientation: sensors.boardOrientationText, calibration: calibration)
        }
        let names = RecordingNames(first: recordPath, directory: ride.recordDirectory)
        let recorder = RecorderSink(essential: false, recording: recordPath != nil) { [recordMaxMegabytes] in
            let writer = try DurableRecordingWriter(
                path: try names.next(), header: header(), maxBytes: Int(recordMaxMegabytes * 1_048_576))
            names.used()
            return writer
        }
        recorder.onStateChange = { [unowned recorder] state in
            switch state {
            case .stopped(let reason):
                screenSink.show(notice: "RECORDING STOPPED", while: true)
                say("navdisplay run: recording stopped (\(reason)); navigation goes on, it is tried again later")
            case .recording:
                screenSink.show(notice: "RECORDING STOPPED", while: false)
                say("navdisplay run: recording to \(recorder.writer?.currentPath ?? "?")")
            case .off:
                screenSink.show(notice: "RECORDING STOPPED", while: false)
                say("navdisplay run: recording stopped by the record key")
            }
        }
        let input = try ride.source(showing: screenSink)
        let log = StatusLogSink { say("navdisplay run: " + $0) }
        var configuration = SessionConfiguration(
            clock: .system, sources: [iio] + (gpsd.map { [$0] } ?? []) + (input.map { [$0] } ?? []),
            sinks: [log, recorder, rideSink, screenSink])
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
        if !recorder.parts.isEmpty {
            say(
                "navdisplay run: recorded \(recorder.linesWritten) samples to \(recorder.parts.joined(separator: ", "))"
            )
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
