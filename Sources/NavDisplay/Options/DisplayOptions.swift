import Core
import Platform

/// Where frames go, chosen with `--display`.
enum DisplayKind: String, CaseIterable, Sendable {
    /// DRM/KMS when a card can drive a screen, else fbdev.
    case auto
    case drm
    case fbdev
    /// PNG files in a folder (no screen needed).
    case png
    /// No screen, but the screen's work: damage scan and scanout copy into a buffer in memory (benchmarks).
    case memory
}

/// The display flags every screen-using subcommand shares: `--display`, `--card`, `--connector`, `--mode`,
/// `--rotate`, `--format` (and `--png-dir` for `--display png`).
struct DisplayOptions: OptionGroup {
    var kind = DisplayKind.auto
    var drm = DrmOptions()
    /// For `--display fbdev`: the device (`--card` names it too; default /dev/fb0).
    var fbdevPath: String?
    var pngDirectory = "demo-frames"
    /// The panel's diagonal, for panels that do not report their size (`--screen-inches`).
    var screenInches: Double?
    /// How far the eye is from the panel (`--viewing-distance`): text is sized by its visual angle there.
    var viewingDistanceCentimetres = ScreenPhysics.defaultViewingDistanceMillimetres / 10

    /// The flags that choose a screen. `--screen-inches` and `--viewing-distance` are not among them: they size
    /// the picture, so they count for frames written to files too (`replay --out`, a 3.5" panel's frames).
    static var screenFlags: [String] {
        flags.filter { $0 != "--screen-inches" && $0 != "--viewing-distance" }
    }

    static let options: [OptionSpec<DisplayOptions>] = [
        .choice(
            "--display", "KIND", DisplayKind.self, example: "png",
            help: "auto | drm | fbdev | png | memory (default auto: DRM/KMS, else /dev/fb0;\n"
                + "memory: no screen, but its damage scan and scanout copy, sized by --mode)"
        ) { o, kind in o.kind = kind },
        .text(
            "--card", "PATH", what: "a device path such as /dev/dri/card1", completion: .file,
            example: "/dev/dri/card1",
            help: "the DRM card (default: the first that can drive a connected display)\n"
                + "or, with --display fbdev, the framebuffer device (default /dev/fb0)"
        ) { o, path in
            o.drm.cardPath = path
            o.fbdevPath = path
        },
        .text(
            "--connector", "NAME", what: "a connector name such as HDMI-A-1", example: "HDMI-A-1",
            help: "the output, e.g. HDMI-A-1 (default: the first connected one)"
        ) { o, name in o.drm.connectorName = name },
        .value(
            "--mode", "WxH[@HZ]", what: "WIDTHxHEIGHT or WIDTHxHEIGHT@HZ, e.g. 1024x768@60", example: "1024x768@60",
            help: "the mode, e.g. 1024x768 or 1920x1080@60 (default: the preferred mode)",
            convert: DrmModeRequest.init(parsing:)
        ) { o, mode in o.drm.mode = mode },
        .value(
            "--rotate", "DEG", what: "0, 90, 180 or 270", example: "90",
            help: "how the panel is mounted: 0, 90, 180 or 270 (clockwise; default 0)",
            convert: PanelRotation.init(degrees:)
        ) { o, rotation in o.drm.rotation = rotation },
        .value(
            "--format", "FMT", what: "xrgb8888 or rgb565", example: "rgb565",
            help: "xrgb8888 | rgb565 (default: what the primary plane takes, XRGB8888 first)",
            convert: PixelFormat.init(rawValue:)
        ) { o, format in o.drm.format = format },
        .value(
            "--present", "HOW", what: "flip or dirtyfb", example: "dirtyfb",
            help: "flip | dirtyfb: page flips on two buffers (default), or one buffer and\n"
                + "DirtyFB, as for panels without vblank (chosen by itself when flips fail)",
            convert: forcesDirtyFB
        ) { o, dirty in o.drm.forceDirtyFB = dirty },
        .number(
            "--screen-inches", "IN", in: 1...100, what: "a diagonal in inches from 1 to 100", example: "3.5",
            help: "the panel's diagonal in inches, when it does not report its size (default:\n"
                + "what DRM reports, else 7); text is sized from it"
        ) { o, inches in o.screenInches = inches },
        .number(
            "--viewing-distance", "CM", in: 10...500, what: "centimetres from 10 to 500", example: "60",
            help: "how far the eye is from the panel, in cm (default 70): text is sized to\n"
                + "20 arc-minutes of capital height there (16 for secondary text)"
        ) { o, cm in o.viewingDistanceCentimetres = cm },
        .text(
            "--png-dir", "DIR", what: "a folder name", completion: .directory, example: "frames",
            help: "with --display png: the folder for the frames (default demo-frames)"
        ) { o, dir in o.pngDirectory = dir },
    ]

    /// `--present`'s word: true for dirtyfb, false for flip.
    private static func forcesDirtyFB(_ word: String) -> Bool? {
        word == "flip" ? false : word == "dirtyfb" ? true : nil
    }

    /// Opens the chosen display. `pngSize` is the frame size for `--display png` (screens have their own).
    /// `auto` falls back to fbdev only when no DRM card can drive a screen; a held DRM master or a permission
    /// problem is reported, not papered over.
    func open(pngSize: (width: Int, height: Int)) throws -> any Display {
        switch kind {
        case .drm: return try DrmDisplay(options: drm)
        case .fbdev: return try openFbdev()
        case .png: return try ImageFileDisplay(directory: pngDirectory, width: pngSize.width, height: pngSize.height)
        case .memory: return try openMemory(defaultSize: pngSize)
        case .auto:
            do {
                return try DrmDisplay(options: drm)
            } catch DrmError.noDevice(let drmWhy) {
                do {
                    return try openFbdev()
                } catch DrmError.noDevice(let fbWhy) {
                    throw DrmError.noDevice(
                        "no screen: \(drmWhy); and \(fbWhy) (use --display png to write frames to files)")
                }
            }
        }
    }

    /// The physics of `screen` (or of a `width`×`height` frame when there is no screen): `--screen-inches` when
    /// given, else the size the screen reports (a DRM connector's EDID), else a 7" panel; and where it came from,
    /// for the log.
    func physics(screen: (any Display)?, width: Int, height: Int) -> (ScreenPhysics, String) {
        let distance = viewingDistanceCentimetres * 10
        let cm = formatFixed(viewingDistanceCentimetres, digits: 0)
        if let inches = screenInches,
            let p = ScreenPhysics(
                width: width, height: height, diagonalInches: inches, viewingDistanceMillimetres: distance)
        {
            return (p, "panel \(formatFixed(inches, digits: 1))\" (--screen-inches), viewed from \(cm) cm")
        }
        if let size = screen?.reportedSizeMillimetres,
            let p = ScreenPhysics(
                width: width, height: height, widthMillimetres: size.width, heightMillimetres: size.height,
                viewingDistanceMillimetres: distance)
        {
            return (p, "panel \(size.width)x\(size.height) mm (as the screen reports), viewed from \(cm) cm")
        }
        let p =
            ScreenPhysics(
                width: width, height: height, diagonalInches: ScreenPhysics.defaultDiagonalInches,
                viewingDistanceMillimetres: distance) ?? ScreenPhysics.assumed(width: width, height: height)
        return (p, "panel size unknown: assuming 7\" (--screen-inches sets it), viewed from \(cm) cm")
    }

    /// A headless display of `--mode`'s panel size (else a panel showing `defaultSize` frames) in `--format`.
    private func openMemory(defaultSize: (width: Int, height: Int)) throws -> MemoryScanoutDisplay {
        if drm.connectorName != nil || drm.forceDirtyFB {
            throw UsageError("navdisplay: --connector and --present apply to DRM displays, not memory")
        }
        let panel =
            drm.mode.map { (width: $0.width, height: $0.height) }
            ?? drm.rotation.logicalSize(panelWidth: defaultSize.width, panelHeight: defaultSize.height)
        do {
            return try MemoryScanoutDisplay(
                panelWidth: panel.width, panelHeight: panel.height, format: drm.format ?? .xrgb8888,
                rotation: drm.rotation)
        } catch let error as MemoryDisplayError {
            throw UsageError("navdisplay: --mode: \(error)")
        }
    }

    private func openFbdev() throws -> FbdevDisplay {
        if drm.format != nil || drm.mode != nil || drm.connectorName != nil {
            throw UsageError("navdisplay: --mode, --connector and --format apply to DRM displays, not fbdev")
        }
        return try FbdevDisplay(path: fbdevPath ?? "/dev/fb0", rotation: drm.rotation)
    }
}
