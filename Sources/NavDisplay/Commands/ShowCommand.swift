import Core
import FoundationEssentials
import Platform

/// `navdisplay show`: puts a run of frames (one per heading) on a display and optionally holds the last one until
/// SIGINT/SIGTERM; what the VM display tests drive. Each frame is exactly what
/// `navdisplay render --size WxH --heading H --orientation O --style S` writes, so the screen can be compared with it.
/// Prints one line of counts when done.
struct ShowCommand: Command {
    static let name = "show"
    static let summary = "show frames for a run of headings on a display (for display tests)"
    static let about = """
        USAGE: navdisplay show [options]

        Shows one frame per heading, waiting for each page flip, then (with --hold) keeps the last frame on the
        screen until SIGINT or SIGTERM. On exit the console comes back. Prints the frame and flip counts.
        Frames are the ones `navdisplay render` draws for the same size, heading, orientation and style.
        """

    static let options: [OptionSpec<ShowCommand>] =
        [
            .value(
                "--headings", "LIST", what: "degrees separated by commas, e.g. 0,15,30", example: "0,15,30",
                help: "comma-separated headings in degrees (default 0)",
                convert: parseHeadings
            ) { c, headings in c.headings = headings },
            .orientation(\.orientation, default: .headingUp),
            .style(\.style, help: "colours (default day)"),
            .flag("--pattern", help: "a plain test pattern instead of the map scene") { c in c.pattern = true },
            .size(\.size, help: "frame size for --display png (screens use their mode)"),
            .flag("--hold", help: "keep the last frame up until SIGINT/SIGTERM") { c in c.hold = true },
        ] + DisplayOptions.options(in: \.display)

    var display = DisplayOptions()
    var headings: [Double] = [0]
    var size = (width: 800, height: 480)
    var hold = false
    var orientation = OrientationMode.headingUp
    var style = StyleName.day
    var pattern = false

    init(arguments: [String]) throws {
        try parseOptions(arguments)
    }

    /// "0,15,30": headings in degrees; nil when any is not a finite number.
    static func parseHeadings(_ text: String) -> [Double]? {
        let values = text.split(separator: ",").map { Double($0) }
        guard !values.isEmpty, values.allSatisfy({ $0?.isFinite == true }) else { return nil }
        return values.compactMap { $0 }
    }

    func run() throws -> Int32 {
        // Blocked before the display opens, so a signal at any point still ends with the console restored.
        TerminationSignals.block()
        let screen = try display.open(pngSize: size)
        defer { screen.close() }
        print("display: \(screen.name)")
        let scene =
            pattern
            ? nil
            : Scene(
                width: screen.width, height: screen.height, fonts: try loadFonts(), theme: style.theme,
                physics: display.physics(screen: screen, width: screen.width, height: screen.height).0,
                shaper: loadShaper())
        // The counts come once all frames are up (before holding: the display tests read them while it holds).
        var countsPrinted = false
        func printCounts() {
            say(screen.counters ?? "frames \(headings.count)")
            countsPrinted = true
        }
        // A scene says what each frame changed, so the display copies only that; a test pattern does not.
        let frame: (Int) -> (frame: FrameBuffer, changed: FrameChange) = { [headings] i in
            guard let scene else {
                return (TestPattern.frame(width: screen.width, height: screen.height, heading: headings[i]), .unknown)
            }
            let drawn = renderFrame(scene, heading: headings[i])
            return (drawn, scene.takeChange())
        }
        let sink = FrameSequenceSink(display: screen, count: headings.count, hold: hold, makeFrame: frame) {
            printCounts()
            say("holding; SIGINT or SIGTERM ends")
        }
        var configuration = SessionConfiguration(clock: .system, sources: [], sinks: [sink])
        configuration.endsWithInput = false
        let result = try Session(configuration).run()
        var stoppedBy: String?
        if case .signal(let name) = result.stop { stoppedBy = name }
        if !countsPrinted { printCounts() }
        screen.close()
        print("closed\(stoppedBy.map { " on \($0)" } ?? ""): console restored")
        return 0
    }
}

extension ShowCommand {
    /// The frame `navdisplay render` draws with these settings and its defaults (Helsinki, zoom 16, accuracy 5°):
    /// the same `StillFrame`, so the VM tests' comparison of screen and PNG checks the display, not two copies.
    func renderFrame(_ scene: Scene, heading degrees: Double) -> FrameBuffer {
        StillFrame(heading: degrees, orientation: orientation).render(with: scene)
    }
}
