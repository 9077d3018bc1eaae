import Core
import FoundationEssentials
import Platform

/// `navdisplay render`: draws one frame for a given place, zoom, heading and orientation into a PNG file.
struct RenderCommand: Command {
    static let name = "render"
    static let summary = "draw one frame to a PNG file"
    static let shared = SharedOptions().with(MapOptions.self).with(DisplayOptions.self, only: panelFlags)
    static let panelFlags: Set<String> = ["--screen-inches", "--viewing-distance"]
    static let help = """
        USAGE: navdisplay render --out FILE.png [options]

        Draws one frame exactly as the display would show it, and writes it as PNG.

        OPTIONS:
          --center LAT,LON        where the user is, in decimal degrees (default 60.16952,24.94130, Helsinki)
          --zoom Z                Web Mercator zoom, 0 to 22, fractions allowed (default 16)
          --heading DEG           the user's true heading, 0 to 360; omit it for "heading unknown" (a dot)
          --heading-accuracy DEG  the heading's accuracy in degrees (default 5); negative means invalid
          --course DEG            GPS course over ground, for course-up (default: the heading)
          --orientation MODE      north-up | heading-up | course-up | auto (default north-up)
          --speed KMH             speed over ground in km/h (default: unknown, "--")
          --state STATE           normal | no-fix | stale | disturbed (default normal)
          --size WxH              frame size in pixels (default 800x480)
        \(MapOptions.help)
        \(DisplayOptions.help(only: panelFlags))
          --out FILE.png          where to write the frame (required)
          -h, --help              show this help
        """

    var frame = StillFrame()
    var size = (width: 800, height: 480)
    var map = MapOptions(defaultMap: .none)
    var panel = DisplayOptions()
    var out = ""

    init(arguments: [String]) throws {
        var args = ArgumentScanner(command: Self.name, arguments: arguments)
        while let arg = try args.next() {
            switch arg {
            case .flag("--center"):
                frame.center = try args.value(
                    for: "--center", expecting: "LAT,LON in decimal degrees, e.g. 60.170,24.941"
                ) {
                    GeoCoordinate(parsing: $0)
                }
            case .flag("--zoom"): frame.zoom = try args.number(for: "--zoom", in: 0...22, what: "a number from 0 to 22")
            case .flag("--heading"):
                frame.heading = try args.number(for: "--heading", in: 0...360, what: "degrees from 0 to 360")
            case .flag("--heading-accuracy"):
                frame.headingAccuracy = try args.number(
                    for: "--heading-accuracy", in: -1...180, what: "degrees up to 180 (negative: invalid)")
            case .flag("--course"):
                frame.course = try args.number(for: "--course", in: 0...360, what: "degrees from 0 to 360")
            case .flag("--orientation"): frame.orientation = try args.choice(for: "--orientation", OrientationMode.self)
            case .flag("--speed"):
                frame.speedKilometresPerHour = try args.number(
                    for: "--speed", in: 0...1000, what: "km/h from 0 to 1000")
            case .flag("--state"): frame.state = try args.choice(for: "--state", StillFrameState.self)
            case .flag("--size"):
                size = try args.value(for: "--size", expecting: "WIDTHxHEIGHT, e.g. 800x480", parseSize)
            case .flag("--out"): out = try args.value(for: "--out", expecting: "a file name ending in .png")
            case .flag("-h"), .flag("--help"): throw HelpRequest(text: Self.help)
            case .flag(let f):
                guard try map.parse(f, &args) || panel.parse(f, &args, only: Self.panelFlags) else {
                    throw args.unknown(f)
                }
            case .positional(let v): throw args.unexpected(v)
            }
        }
        guard !out.isEmpty else {
            throw UsageError("navdisplay render: --out expects a file name ending in .png, got nothing")
        }
    }

    func run() throws -> Int32 {
        let (physics, _) = panel.physics(screen: nil, width: size.width, height: size.height)
        let scene = try map.scene(
            width: size.width, height: size.height, fonts: try loadFonts(), physics: physics, waitForTiles: true)
        try PNGFile.write(frame.render(with: scene), to: out)
        return 0
    }
}

/// The colour schemes.
enum StyleName: String, CaseIterable {
    case day, night
    var theme: SceneTheme { self == .day ? .day : .night }
}

/// The display's fonts, from fonts-dejavu-core (or `NAVDISPLAY_FONT_DIR`).
func loadFonts() throws -> FontSet {
    let dir = Environment.value("NAVDISPLAY_FONT_DIR") ?? FontSet.defaultDirectory
    return try FontSet.load(directory: dir)
}

/// The world text stack (HarfBuzz, FriBidi, FreeType, fontconfig), made once per process; nil, said once on
/// stderr, when it cannot start (no fonts fontconfig knows): the HUD then sets text with `loadFonts()`' outlines.
func loadShaper() -> (any TextShaper)? {
    sharedShaper.value
}

private let sharedShaper = SharedShaper()

private final class SharedShaper: Sendable {
    let value: (any TextShaper)?
    init() {
        do {
            let dirs = Environment.value("NAVDISPLAY_FONT_DIR").map { [$0] }
            value = try WorldTextShaper(fontDirectories: dirs)
        } catch {
            StandardError.write("navdisplay: text shaping unavailable (\(error)); using the built-in outline text\n")
            value = nil
        }
    }
}
