import Core
import Foundation
import Platform

/// `navdisplay demo`: rides the bundled route through the same pipeline a live run uses, on the screen when one
/// is usable, otherwise into a folder of PNG frames.
struct DemoCommand: Command {
    static let name = "demo"
    static let summary = "ride the bundled route, on the screen or into PNG frames"
    static let help = """
        USAGE: navdisplay demo [options]

        Rides the bundled recording recordings/helsinki-ride.navrec (central Helsinki: a stop at the lights, a
        left turn, a passing tram's magnet, a U-turn, a GPS dropout; raw magnetometer, accelerometer and GPS) through the same code a live run uses: in real time on the screen when one is usable
        (DRM/KMS, else fbdev), otherwise as PNG frames in a folder.

        OPTIONS:
          --out DIR               folder for PNG frames when there is no screen (default demo-frames)
          --interval SECONDS      ride time between PNG frames (default 2)
          --fps N                 frame rate on a screen while moving, 1 to 60 (default 20)
          --stats                 print frame-time, latency, CPU and memory figures at the end (screen only)
          --orientation MODE      north-up | heading-up | course-up | auto (default heading-up)
          --zoom Z                Web Mercator zoom, 10 to 20 (default 16.5)
          --size WxH              frame size for PNG frames (default 800x480)
        \(MapOptions.help)
        \(DisplayOptions.help)
          -h, --help              show this help
        """

    var display = DisplayOptions()
    var fps = 20.0
    var stats = false
    var out = "demo-frames"
    var interval = 2.0
    var orientation = OrientationMode.headingUp
    var zoom = 16.5
    var size = (width: 800, height: 480)
    var map = MapOptions(defaultMap: .bundled)

    init(arguments: [String]) throws {
        var args = ArgumentScanner(command: Self.name, arguments: arguments)
        while let arg = try args.next() {
            switch arg {
            case .flag("--out"): out = try args.value(for: "--out", expecting: "a folder name")
            case .flag("--interval"):
                interval = try args.number(for: "--interval", in: 0.05...600, what: "seconds from 0.05 to 600")
            case .flag("--orientation"): orientation = try args.choice(for: "--orientation", OrientationMode.self)
            case .flag("--zoom"): zoom = try args.number(for: "--zoom", in: 10...20, what: "a number from 10 to 20")
            case .flag("--size"):
                size = try args.value(for: "--size", expecting: "WIDTHxHEIGHT, e.g. 800x480", parseSize)
            case .flag("--fps"): fps = try args.number(for: "--fps", in: 1...60, what: "frames per second from 1 to 60")
            case .flag("--stats"): stats = true
            case .flag("-h"), .flag("--help"): throw HelpRequest(text: Self.help)
            case .flag(let f):
                guard try display.parse(f, &args) || map.parse(f, &args) else { throw args.unknown(f) }
            case .positional(let v): throw args.unexpected(v)
            }
        }
    }

    func run() throws -> Int32 {
        if display.kind != .png {
            TerminationSignals.block()
            do {
                let screen = try display.open(pngSize: size)
                defer { closeDisplay(screen) }
                return try rideOnScreen(screen)
            } catch DrmError.noDevice(let why) where display.kind == .auto {
                print("navdisplay demo: \(why)")
            }
        }
        return try rideToFiles()
    }

    /// The bundled ride and the pipeline that draws it: the same for the screen and for PNG frames.
    private func makePipeline(width: Int, height: Int, waitForTiles: Bool) throws
        -> (NavigationPipeline, (events: [SensorEvent], heading: HeadingConfiguration, start: GeoCoordinate))
    {
        let scene = try map.scene(width: width, height: height, fonts: try loadFonts(), waitForTiles: waitForTiles)
        let ride = try demoRide()
        let pipeline = NavigationPipeline(
            scene: scene, orientation: orientation, zoom: zoom,
            fallbackCenter: ride.start, heading: ride.heading)
        return (pipeline, ride)
    }

    /// The ride in real time through the display loop, as a live run would show it.
    private func rideOnScreen(_ screen: any Display) throws -> Int32 {
        print("navdisplay demo: riding on \(screen.name); Ctrl-C to stop")
        // A log file gets the line now, not at exit (stdout is fully buffered when it is not a terminal).
        fflush(nil)
        let (pipeline, ride) = try makePipeline(width: screen.width, height: screen.height, waitForTiles: false)
        let loop = try DisplayLoop(pipeline: pipeline, display: screen, movingFPS: fps, parkedFPS: 2)
        let feed = TimedFeed(events: ride.events)
        let wallStart = ProcessClock.now()
        let cpuStart = ProcessClock.cpuNanoseconds()
        loop.beforeFrame = { now in
            let due = feed.take(upToSeconds: Double(now - wallStart) / 1e9)
            loop.apply(due, sampledAt: now)
            if feed.isFinished { loop.stop() }
        }
        try loop.run()
        if stats {
            print(
                loop.report(
                    wallSeconds: Double(ProcessClock.now() - wallStart) / 1e9,
                    cpuSeconds: Double(ProcessClock.cpuNanoseconds() - cpuStart) / 1e9))
        }
        return 0
    }

    /// The ride as PNG frames, one every `interval` seconds of ride time.
    private func rideToFiles() throws -> Int32 {
        let display = try ImageFileDisplay(directory: out, width: size.width, height: size.height)
        print("navdisplay demo: no usable screen here; writing PNG frames instead")
        let (pipeline, ride) = try makePipeline(width: size.width, height: size.height, waitForTiles: true)
        let events = ride.events
        let frames = try ReplayDriver(pipeline: pipeline).play(events, interval: interval) { _ in
            try display.present(pipeline.renderFrame())
        }
        let duration = events.last.map { formatFixed($0.time.seconds, digits: 0) } ?? "0"
        print(
            """
            navdisplay demo: wrote \(frames) frames (one every \(formatFixed(interval, digits: 1)) s of a \(duration) s ride) to \(out)/
              they show a bike ride through central Helsinki in \(orientation.rawValue) mode: the arrow, its trail,
              a stop at the lights, a left turn, a tram's magnet, a U-turn, a GPS dropout, and the HUD.
              first: \(display.writtenPaths.first ?? "-")
              last:  \(display.writtenPaths.last ?? "-")
            """)
        return 0
    }
}
