import Core
import FoundationEssentials
import Platform

/// `navdisplay render`: draws one frame for a given place, zoom, heading and orientation into a PNG file.
struct RenderCommand: Command {
    static let name = "render"
    static let summary = "draw one frame to a PNG file"
    static let panelFlags: Set<String> = ["--screen-inches", "--viewing-distance"]
    static let about = """
        USAGE: navdisplay render --out FILE.png [options]

        Draws one frame exactly as the display would show it, and writes it as PNG.
        """

    static let options: [OptionSpec<RenderCommand>] =
        [
            .value(
                "--center", "LAT,LON", what: "LAT,LON in decimal degrees, e.g. 60.170,24.941",
                example: "60.17,24.94",
                help: "where the user is, in decimal degrees (default 60.16952,24.94130, Helsinki)",
                convert: GeoCoordinate.init(parsing:)
            ) { c, center in c.frame.center = center },
            .number(
                "--zoom", "Z", in: 0...22, what: "a number from 0 to 22", example: "15",
                help: "Web Mercator zoom, 0 to 22, fractions allowed (default 16)"
            ) { c, zoom in c.frame.zoom = zoom },
            .number(
                "--heading", "DEG", in: 0...360, what: "degrees from 0 to 360", example: "90",
                help: "the user's true heading, 0 to 360; omit it for \"heading unknown\" (a dot)"
            ) { c, degrees in c.frame.heading = degrees },
            .number(
                "--heading-accuracy", "DEG", in: -1...180, what: "degrees up to 180 (negative: invalid)", example: "10",
                help: "the heading's accuracy in degrees (default 5); negative means invalid"
            ) { c, degrees in c.frame.headingAccuracy = degrees },
            .number(
                "--course", "DEG", in: 0...360, what: "degrees from 0 to 360", example: "80",
                help: "GPS course over ground, for course-up (default: the heading)"
            ) { c, degrees in c.frame.course = degrees },
            .orientation(\.frame.orientation, default: .northUp),
            .number(
                "--speed", "KMH", in: 0...1000, what: "km/h from 0 to 1000", example: "20",
                help: "speed over ground in km/h (default: unknown, \"--\")"
            ) { c, kmh in c.frame.speedKilometresPerHour = kmh },
            .choice(
                "--state", "STATE", StillFrameState.self,
                help: StillFrameState.allCases.map(\.rawValue).joined(separator: " | ") + " (default normal)"
            ) { c, state in c.frame.state = state },
            .size(\.size, help: "frame size in pixels (default 800x480)"),
        ] + MapOptions.options(in: \.map) + DisplayOptions.options(in: \.panel, only: panelFlags) + [
            .text(
                "--out", "FILE.png", what: "a file name ending in .png", completion: .file, example: "frame.png",
                help: "where to write the frame (required)"
            ) { c, path in c.out = path }
        ]

    var frame = StillFrame()
    var size = (width: 800, height: 480)
    var map = MapOptions(defaultMap: .none)
    var panel = DisplayOptions()
    var out = ""

    init(arguments: [String]) throws {
        try parseOptions(arguments)
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
enum StyleName: String, CaseIterable, Sendable {
    case day, night
    var theme: SceneTheme { self == .day ? .day : .night }
}

/// The display's fonts, from fonts-dejavu-core (or `NAVDISPLAY_FONT_DIR`), mapped read-only.
func loadFonts() throws -> FontSet {
    let dir = Environment.value("NAVDISPLAY_FONT_DIR") ?? FontSet.defaultDirectory
    return try FontSet.loadMapped(directory: dir)
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
