import Core
import FoundationEssentials
import Platform

/// `navdisplay demo`: rides the bundled route through the same pipeline a live run uses, on the screen when one
/// is usable, otherwise into a folder of PNG frames.
struct DemoCommand: Command {
    static let name = "demo"
    static let summary = "ride the bundled route, on the screen or into PNG frames"
    static let about = """
        USAGE: navdisplay demo [options]

        Rides the bundled recording recordings/helsinki-ride.navrec (central Helsinki: a stop at the lights, a
        left turn, a passing tram's magnet, a U-turn, a GPS dropout; raw magnetometer, accelerometer and GPS)
        through the same code a live run uses: in real time on the screen when one is usable (DRM/KMS, else
        fbdev), otherwise as PNG frames in a folder (--png-dir, or --out).
        """

    static let options: [OptionSpec<DemoCommand>] =
        [
            .text(
                "--out", "DIR", what: "a folder name", completion: .directory, example: "frames",
                help: "folder for PNG frames when there is no screen: the same as --png-dir\n(default demo-frames)"
            ) { c, dir in c.display.pngDirectory = dir },
            .number(
                "--interval", "SECONDS", in: 0.05...600, what: "seconds from 0.05 to 600", example: "1",
                help: "ride time between PNG frames, 0.05 to 600 (default 2)"
            ) { c, seconds in c.interval = seconds },
            .fps(\.fps, help: "frame rate on a screen while moving, 0.1 to 60 (default 20)"),
            .stats(\.stats, help: "print frame-time, latency, CPU and memory figures at the end (screen only)"),
        ] + ViewOptions.options(in: \.view) + RouteOptions.options(in: \.route, only: RouteOptions.viewFlags)
        + HeadingOptions.options(in: \.headingOptions) + [
            .size(\.size, help: "frame size for PNG frames (default 800x480)")
        ] + MapOptions.options(in: \.map) + RideOptions.options(in: \.ride, only: RideOptions.benchFlags)
        + DisplayOptions.options(in: \.display)

    var display = DisplayOptions()
    var fps = 20.0
    var stats = false
    var interval = 2.0
    var view = ViewOptions()
    var route = RouteOptions()
    var headingOptions = HeadingOptions()
    var ride = RideOptions(input: .none)
    var size = (width: 800, height: 480)
    var map = MapOptions(defaultMap: .bundled)

    init(arguments: [String]) throws {
        try parseOptions(arguments)
    }

    func run() throws -> Int32 {
        if display.kind != .png {
            TerminationSignals.block()
            do {
                let screen = try display.open(pngSize: size)
                defer { screen.close() }
                return try rideOnScreen(screen)
            } catch DrmError.noDevice(let why) where display.kind == .auto {
                print("navdisplay demo: \(why)")
            }
        }
        return try rideToFiles()
    }

    /// The bundled ride as a replay: the same engine `replay` uses, for the screen and for PNG frames, with the
    /// ride sink (route, trip, clock) that goes with it.
    private func playback(
        width: Int, height: Int, screen: (any Display)? = nil, waitForTiles: Bool
    ) throws -> (Playback, RideSink) {
        let physics = display.physics(screen: screen, width: width, height: height).0
        let scene = try map.scene(
            width: width, height: height, fonts: try loadFonts(), physics: physics, waitForTiles: waitForTiles)
        let demo = try demoRide()
        let heading = headingOptions.applied(to: demo.heading)
        let settings = ride.settings(mapStyle: map.style, zoomRange: zoomRange(scene))
        let tracker = route.tracker(route: try route.loadRoute(command: Self.name).route)
        let playback = Playback(events: demo.events) { [view] in
            let pipeline = NavigationPipeline(
                scene: scene, orientation: view.orientation, zoom: view.zoom, fallbackCenter: demo.start,
                heading: heading, ride: settings)
            pipeline.ride = tracker
            return pipeline
        }
        return (playback, route.sink(tracker: tracker, command: Self.name))
    }

    /// The ride in real time through the live display path, as a live run would show it.
    private func rideOnScreen(_ screen: any Display) throws -> Int32 {
        say("navdisplay demo: riding on \(screen.name); Ctrl-C to stop")
        let (ride, rideSink) = try playback(
            width: screen.width, height: screen.height, screen: screen, waitForTiles: false)
        let (configuration, sink) = ride.onScreen(screen, speed: 1, fps: fps, repeats: false)
        _ = try runOnScreen(configuration, sink: sink, rideSink: rideSink, input: self.ride, stats: stats)
        return 0
    }

    /// The ride as PNG frames, one every `interval` seconds of ride time.
    private func rideToFiles() throws -> Int32 {
        let files = try ImageFileDisplay(directory: display.pngDirectory, width: size.width, height: size.height)
        print("navdisplay demo: no usable screen here; writing PNG frames instead")
        let (ride, rideSink) = try playback(width: size.width, height: size.height, waitForTiles: true)
        var (configuration, sink) = ride.byEventTime(
            intervalSeconds: interval, display: files, pacing: nil, handlesSignals: false)
        configuration.sinks.insert(rideSink, at: 0)
        _ = try Session(configuration).run()
        let duration = ride.events.last.map { formatFixed($0.time.seconds, digits: 0) } ?? "0"
        print(
            """
            navdisplay demo: wrote \(sink.frames) frames (one every \(formatFixed(interval, digits: 1)) s of a \(duration) s ride) to \(display.pngDirectory)/
              they show a bike ride through central Helsinki in \(view.orientation.rawValue) mode: the arrow, its trail,
              a stop at the lights, a left turn, a tram's magnet, a U-turn, a GPS dropout, and the HUD.
              first: \(files.writtenPaths.first ?? "-")
              last:  \(files.writtenPaths.last ?? "-")
            """)
        return 0
    }
}
