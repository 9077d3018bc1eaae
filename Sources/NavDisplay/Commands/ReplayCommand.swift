import Core
import Foundation
import Glibc
import Platform

/// `navdisplay replay FILE`: plays a recording (or an NMEA, gpsd JSON or IMU CSV log) through the same heading
/// estimator, NavState, camera and scene a live run uses. Frames are ticked by the recording's time, so the same
/// file gives the same frames at any speed.
struct ReplayCommand: Command {
    static let name = "replay"
    static let summary = "play a recording through the display pipeline (frames, screen or a trace)"
    static let help = """
        USAGE: navdisplay replay FILE [options]

        Plays FILE (a navdisplay recording, FILE.1, FILE.2 … following when a long ride was rotated; or an NMEA
        0183 log, a gpsd JSON log from gpspipe -w, or an IMU CSV file) through the same code a live run uses.
        Without --out or --display nothing is drawn: use --trace to measure. Bad lines are skipped with a warning.

        OPTIONS:
          --speed N|max           ride seconds per wall second (default 1; max: as fast as possible)
          --loop                  start again at the end (with --display only)
          --from T, --to T        play only from T to T seconds after the recording's start
          --out DIR               write PNG frames into DIR
          --fps N                 frames per second of ride time, 0.1 to 60 (default 10; 2 with --out)
          --trace FILE.csv        one CSV row per frame: time, position, speed, GPS course, magnetic and true
                                  heading, accuracy, source, map rotation, arrow angle
          --stats                 with --display: frame-time, latency, CPU and memory figures at the end
          --summary FILE          write the expected-output summary (.chk) to FILE, or - for stdout
          --calibration FILE      replay with this magnetometer calibration instead of the recording's
          --no-calibration        replay uncalibrated
          --orientation MODE      north-up | heading-up | course-up | auto (default heading-up)
          --zoom Z                Web Mercator zoom, 10 to 20 (default 16.5)
          --size WxH              frame size for PNG frames (default 800x480)
        \(MapOptions.help)
        \(DisplayOptions.help)
          -h, --help              show this help
        """

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
    var orientation = OrientationMode.headingUp
    var zoom = 16.5
    var size = (width: 800, height: 480)
    var map = MapOptions(defaultMap: .none)
    var display = DisplayOptions()
    var displayChosen = false

    init(arguments: [String]) throws {
        var args = ArgumentScanner(command: Self.name, arguments: arguments)
        var files: [String] = []
        while let arg = try args.next() {
            switch arg {
            case .flag("--speed"):
                speed = try args.value(for: "--speed", expecting: "a number from 0.01 to 100000, or max") { text in
                    if text == "max" { return .some(nil) }
                    guard let v = Double(text), v.isFinite, (0.01...100_000).contains(v) else { return nil }
                    return .some(v)
                }
            case .flag("--loop"): loop = true
            case .flag("--stats"): stats = true
            case .flag("--from"): from = try args.number(for: "--from", in: 0...1e7, what: "seconds from the start")
            case .flag("--to"): to = try args.number(for: "--to", in: 0...1e7, what: "seconds from the start")
            case .flag("--out"): out = try args.value(for: "--out", expecting: "a folder name")
            case .flag("--fps"):
                fps = try args.number(for: "--fps", in: 0.1...60, what: "frames per second from 0.1 to 60")
            case .flag("--trace"): trace = try args.value(for: "--trace", expecting: "a CSV file name")
            case .flag("--summary"): summary = try args.value(for: "--summary", expecting: "a file name or -")
            case .flag("--calibration"):
                calibrationFile = try args.value(for: "--calibration", expecting: "a calibration file")
            case .flag("--no-calibration"): noCalibration = true
            case .flag("--orientation"): orientation = try args.choice(for: "--orientation", OrientationMode.self)
            case .flag("--zoom"): zoom = try args.number(for: "--zoom", in: 10...20, what: "a number from 10 to 20")
            case .flag("--size"):
                size = try args.value(for: "--size", expecting: "WIDTHxHEIGHT, e.g. 800x480", parseSize)
            case .flag("-h"), .flag("--help"): throw HelpRequest(text: Self.help)
            case .flag(let f):
                // Only a screen option means "to a screen": a map goes with --out as well.
                if try display.parse(f, &args) {
                    displayChosen = true
                } else if try !map.parse(f, &args) {
                    throw args.unknown(f)
                }
            case .positional(let v): files.append(v)
            }
        }
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

    func run() throws -> Int32 {
        let readStart = MonotonicClock.now()
        var recording = try loadRecording(file)
        let readSeconds = MonotonicClock.now().seconds(since: readStart)
        reportWarnings(recording.warnings, command: Self.name)
        guard let first = recording.events.first else {
            throw RecordingError("\(file): no samples to replay")
        }
        let start = first.time
        recording.events = recording.events.filter { e in
            let s = e.time.seconds(since: start)
            return s >= (from ?? -1) && s <= (to ?? .infinity)
        }
        var config = HeadingConfiguration(calibration: recording.header.calibration, mount: .identity)
        if noCalibration { config.calibration = nil }
        if let path = calibrationFile {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            config.calibration = try MagnetometerCalibration(parsing: text)
        }
        config.fallbackDecimalYear = recording.header.startUTCSeconds.map(DecimalYear.from(utcSeconds:))
        config.fallbackCoordinate = recording.header.place

        let center =
            recording.header.place ?? firstPosition(recording.events)
            ?? GeoCoordinate(latitude: 60.17, longitude: 24.94)
        let sink: (any Display)?
        if let dir = out {
            sink = try ImageFileDisplay(directory: dir, width: size.width, height: size.height)
        } else if displayChosen {
            TerminationSignals.block()
            sink = try display.open(pngSize: size)
        } else {
            sink = nil
        }
        defer { if let s = sink { closeDisplay(s) } }
        let width = sink?.width ?? size.width
        let height = sink?.height ?? size.height
        // Frames written to files must be complete and identical at any speed: they wait for their tiles.
        let scene = try map.scene(
            width: width, height: height, fonts: try loadFonts(), waitForTiles: out != nil || !displayChosen)
        let interval = 1 / (fps ?? (out != nil ? 2 : 10))
        if out == nil, displayChosen, let screen = sink {
            return try replayOnScreen(screen, scene: scene, events: recording.events, heading: config, center: center)
        }

        let traceHandle = try trace.map { try TraceFile(path: $0) }
        var rows: [TraceRow] = []
        var frameHash: UInt64 = 0xcbf2_9ce4_8422_2325
        var frames = 0
        var pass = 0
        var stopped: String?
        let wallStart = MonotonicClock.now()
        var counts: [String: Int] = [:]
        repeat {
            let pipeline = NavigationPipeline(
                scene: scene, orientation: orientation,
                zoom: zoom,
                fallbackCenter: center, heading: config)
            let driver = ReplayDriver(pipeline: pipeline)
            let passStart = MonotonicClock.now()
            let eventStart = recording.events.first!.time
            do {
                try driver.play(recording.events, interval: interval) { t in
                    if let s = speed {
                        let due = passStart.adding(seconds: t.seconds(since: eventStart) / s)
                        let wait = due.seconds(since: MonotonicClock.now())
                        if wait > 0 { usleep(useconds_t(min(wait, 10) * 1_000_000)) }
                    }
                    let input = pipeline.nextSceneInput()
                    let row = driver.traceRow(at: t, input: input)
                    rows.append(row)
                    try traceHandle?.write(row.csv(since: start))
                    if let sink {
                        let frame = pipeline.scene.render(input)
                        // FNV-1a over the frames' content hashes: one number that says "the same frames".
                        var h = frame.contentHash
                        for _ in 0..<8 {
                            frameHash = (frameHash ^ (h & 0xff)) &* 0x100_0000_01b3
                            h >>= 8
                        }
                        try sink.present(frame)
                    }
                    frames += 1
                    if displayChosen, let name = TerminationSignals.take() {
                        stopped = name
                        throw Stop()
                    }
                }
            } catch is Stop {}
            counts = driver.counts
            pass += 1
        } while loop && stopped == nil
        try traceHandle?.close()
        let wall = MonotonicClock.now().seconds(since: wallStart)
        let total = MonotonicClock.now().seconds(since: readStart)
        let ride = (recording.events.last?.time.seconds(since: recording.events.first!.time) ?? 0) * Double(pass)
        if let path = summary {
            let text = TraceSummary.text(
                file: (file as NSString).lastPathComponent, counts: counts, warnings: recording.warnings.count,
                rows: rows,
                start: rows.first.map { _ in recording.events.first!.time } ?? start)
            if path == "-" {
                print(text, terminator: "")
            } else {
                try text.write(toFile: path, atomically: true, encoding: .utf8)
            }
        }
        let eventsCount = recording.events.count * pass
        print(
            """
            navdisplay replay: \(eventsCount) events, \(formatFixed(ride, digits: 1)) s of ride in \(formatFixed(total, digits: 3)) s \
            (read \(formatFixed(readSeconds, digits: 3)) s, play \(formatFixed(wall, digits: 3)) s; \(formatFixed(ride / max(total, 1e-9), digits: 0))x real time), \
            \(frames) frame ticks\
            \(sink != nil ? ", frames hash \(String(frameHash, radix: 16))" : ""); skipped lines: \(recording.warnings.count)
            """)
        if let s = stopped { print("navdisplay replay: stopped by \(s)") }
        return 0
    }

    struct Stop: Error {}

    /// On a screen, the recording plays through the live display loop (epoll, page-flip events, frames only when
    /// something visible changed) at `--speed`, each `--loop` pass with a fresh pipeline; `--stats` prints the
    /// loop's figures at the end.
    private func replayOnScreen(
        _ screen: any Display, scene: Scene, events: [SensorEvent], heading: HeadingConfiguration, center: GeoCoordinate
    ) throws -> Int32 {
        print("navdisplay replay: playing \(file) on \(screen.name); Ctrl-C to stop")
        fflush(nil)
        let cpuStart = ProcessClock.cpuNanoseconds()
        let wallStart = ProcessClock.now()
        var stopSignal: Int32?
        var last: DisplayLoop?
        repeat {
            let pipeline = NavigationPipeline(
                scene: scene, orientation: orientation,
                zoom: zoom,
                fallbackCenter: center, heading: heading)
            let loop = try DisplayLoop(pipeline: pipeline, display: screen, movingFPS: fps ?? 20, parkedFPS: 2)
            let feed = TimedFeed(events: events)
            let passStart = ProcessClock.now()
            loop.beforeFrame = { now in
                let elapsed = Double(now - passStart) / 1e9
                loop.apply(feed.take(upToSeconds: speed.map { elapsed * $0 } ?? .infinity), sampledAt: now)
                if feed.isFinished { loop.stop() }
            }
            try loop.run()
            stopSignal = loop.stopSignal
            last = loop
        } while self.loop && stopSignal == nil
        if stats, let last {
            print(
                last.report(
                    wallSeconds: Double(ProcessClock.now() - wallStart) / 1e9,
                    cpuSeconds: Double(ProcessClock.cpuNanoseconds() - cpuStart) / 1e9))
        }
        if let s = stopSignal { print("navdisplay replay: stopped by signal \(s)") }
        return 0
    }

    func firstPosition(_ events: [SensorEvent]) -> GeoCoordinate? {
        for case .gpsFix(let f) in events where f.coordinate?.isValid == true { return f.coordinate }
        return nil
    }
}

/// Reads FILE (and FILE.1, FILE.2, … when a long recording was rotated) as any kind `replay` accepts.
func loadRecording(_ path: String) throws -> Recording {
    var parts = DurableRecordingWriter.existingParts(of: path)
    if parts.isEmpty { throw RecordingError("\(path): no such file") }
    var combined: Recording?
    for part in parts {
        guard let data = FileManager.default.contents(atPath: part) else {
            throw RecordingError("\(part): cannot read (check permissions)")
        }
        let bytes = [UInt8](data)
        let r = try RecordingImport.read(bytes, file: part)
        if combined == nil {
            combined = r
            if RecordingImport.kind(of: bytes) != .navdisplay { break }  // only our own format rotates
        } else {
            let lastTime = combined!.events.last?.time
            combined!.events += r.events.filter { lastTime == nil || $0.time >= lastTime! }
            combined!.warnings += r.warnings
        }
    }
    parts.removeAll()
    return combined!
}

/// Prints up to 20 skipped-line warnings on stderr and a count of the rest.
func reportWarnings(_ warnings: [RecordingWarning], command: String) {
    for w in warnings.prefix(20) { writeError("navdisplay \(command): warning: \(w)") }
    if warnings.count > 20 {
        writeError("navdisplay \(command): warning: … and \(warnings.count - 20) more skipped lines")
    }
    if !warnings.isEmpty { writeError("navdisplay \(command): \(warnings.count) lines skipped") }
}

/// The `--trace` CSV file, written through a buffer.
final class TraceFile {
    let handle: FileHandle
    var buffer = ""
    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let h = FileHandle(forWritingAtPath: path)
        else {
            throw RecordingError("\(path): cannot create the trace file (check the folder exists and is writable)")
        }
        handle = h
        buffer = TraceRow.csvHeader + "\n"
    }
    func write(_ line: String) throws {
        buffer += line
        buffer += "\n"
        if buffer.utf8.count > 1 << 16 { try flush() }
    }
    func flush() throws {
        try handle.write(contentsOf: Data(buffer.utf8))
        buffer = ""
    }
    func close() throws {
        try flush()
        try handle.close()
    }
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
    let start = recording.header.place ?? GeoCoordinate(latitude: 60.17, longitude: 24.94)
    return (recording.events, config, start)
}
