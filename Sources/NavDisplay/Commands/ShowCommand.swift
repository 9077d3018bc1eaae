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
    static let shared = SharedOptions().with(DisplayOptions.self)
    static let help = """
        USAGE: navdisplay show [options]

        Shows one frame per heading, waiting for each page flip, then (with --hold) keeps the last frame on the
        screen until SIGINT or SIGTERM. On exit the console comes back. Prints the frame and flip counts.
        Frames are the ones `navdisplay render` draws for the same size, heading, orientation and style.

        OPTIONS:
          --headings LIST         comma-separated headings in degrees (default 0)
          --orientation MODE      north-up | heading-up | course-up | auto (default heading-up)
          --style day|night       colours (default day)
          --pattern               a plain test pattern instead of the map scene
          --size WxH              frame size for --display png (screens use their mode)
          --hold                  keep the last frame up until SIGINT/SIGTERM
        \(DisplayOptions.help)
          -h, --help              show this help
        """

    var display = DisplayOptions()
    var headings: [Double] = [0]
    var size = (width: 800, height: 480)
    var hold = false
    var orientation = OrientationMode.headingUp
    var style = StyleName.day
    var pattern = false

    init(arguments: [String]) throws {
        var args = ArgumentScanner(command: Self.name, arguments: arguments)
        while let arg = try args.next() {
            switch arg {
            case .flag("--headings"):
                headings = try args.value(for: "--headings", expecting: "degrees separated by commas, e.g. 0,15,30") {
                    let values = $0.split(separator: ",").map { Double($0) }
                    return values.isEmpty || values.contains(nil) ? nil : values.compactMap { $0 }
                }
            case .flag("--size"):
                size = try args.value(for: "--size", expecting: "WIDTHxHEIGHT, e.g. 800x480", parseSize)
            case .flag("--hold"): hold = true
            case .flag("--orientation"): orientation = try args.choice(for: "--orientation", OrientationMode.self)
            case .flag("--style"): style = try args.choice(for: "--style", StyleName.self)
            case .flag("--pattern"): pattern = true
            case .flag("-h"), .flag("--help"): throw HelpRequest(text: Self.help)
            case .flag(let f):
                guard try display.parse(f, &args) else { throw args.unknown(f) }
            case .positional(let v): throw args.unexpected(v)
            }
        }
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
        let frame: (Int) -> FrameBuffer = { [headings] i in
            scene.map { renderFrame($0, heading: headings[i]) }
                ?? TestPattern.frame(width: screen.width, height: screen.height, heading: headings[i])
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

/// A throwaway frame for display tests until the real scene is wired in: fixed gradients, a white block in the
/// top-left quarter (so a wrong rotation or mirror shows) and a magenta bar whose length follows the heading (so
/// consecutive frames differ only there).
enum TestPattern {
    static func frame(width: Int, height: Int, heading: Double) -> FrameBuffer {
        var frame = FrameBuffer(width: width, height: height)
        let barEnd = Int((heading.truncatingRemainder(dividingBy: 360) / 360 * Double(width)).rounded())
        for y in 0..<height {
            let inBand = y >= height * 3 / 4 && y < height * 7 / 8
            for x in 0..<width {
                let inBlock = x >= width / 8 && x < width / 4 && y >= height / 8 && y < height / 4
                let gradient = UInt32(x * 255 / width) << 16 | UInt32(y * 255 / height) << 8 | 0x40
                frame[x, y] = inBlock ? 0xffffff : inBand && x < barEnd ? 0xff00ff : gradient
            }
        }
        return frame
    }
}
