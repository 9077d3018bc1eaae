import Core
import Platform

/// Where frames go, chosen with `--display`.
enum DisplayKind: String, CaseIterable {
    /// DRM/KMS when a card can drive a screen, else fbdev.
    case auto
    case drm
    case fbdev
    /// PNG files in a folder (no screen needed).
    case png
}

/// The display flags every screen-using subcommand shares: `--display`, `--card`, `--connector`, `--mode`,
/// `--rotate`, `--format` (and `--png-dir` for `--display png`).
struct DisplayOptions: OptionGroup {
    var kind = DisplayKind.auto
    var drm = DrmOptions()
    /// For `--display fbdev`: the device (`--card` names it too; default /dev/fb0).
    var fbdevPath: String?
    var pngDirectory = "demo-frames"

    /// The lines for a command's `--help`, generated from the declarations.
    static var help: String { help() }

    static let options: [OptionSpec<DisplayOptions>] = [
        OptionSpec(
            "--display", "KIND", example: "png", help: "auto | drm | fbdev | png (default auto: DRM/KMS, else /dev/fb0)"
        ) { o, flag, args in o.kind = try args.choice(for: flag, DisplayKind.self) },
        OptionSpec(
            "--card", "PATH", example: "/dev/dri/card1",
            help: "the DRM card (default: the first that can drive a connected display)\n"
                + "or, with --display fbdev, the framebuffer device (default /dev/fb0)"
        ) { o, flag, args in
            let path = try args.value(for: flag, expecting: "a device path such as /dev/dri/card1")
            o.drm.cardPath = path
            o.fbdevPath = path
        },
        OptionSpec(
            "--connector", "NAME", example: "HDMI-A-1",
            help: "the output, e.g. HDMI-A-1 (default: the first connected one)"
        ) { o, flag, args in
            o.drm.connectorName = try args.value(for: flag, expecting: "a connector name such as HDMI-A-1")
        },
        OptionSpec(
            "--mode", "WxH[@HZ]", example: "1024x768@60",
            help: "the mode, e.g. 1024x768 or 1920x1080@60 (default: the preferred mode)"
        ) { o, flag, args in
            o.drm.mode = try args.value(for: flag, expecting: "WIDTHxHEIGHT or WIDTHxHEIGHT@HZ, e.g. 1024x768@60") {
                DrmModeRequest(parsing: $0)
            }
        },
        OptionSpec(
            "--rotate", "DEG", example: "90",
            help: "how the panel is mounted: 0, 90, 180 or 270 (clockwise; default 0)"
        ) { o, flag, args in
            o.drm.rotation = try args.value(for: flag, expecting: "0, 90, 180 or 270") { PanelRotation(degrees: $0) }
        },
        OptionSpec(
            "--format", "FMT", example: "rgb565",
            help: "xrgb8888 | rgb565 (default: what the primary plane takes, XRGB8888 first)"
        ) { o, flag, args in
            o.drm.format = try args.value(for: flag, expecting: "xrgb8888 or rgb565") { PixelFormat(rawValue: $0) }
        },
        OptionSpec(
            "--present", "HOW", example: "dirtyfb",
            help: "flip | dirtyfb: page flips on two buffers (default), or one buffer and\n"
                + "DirtyFB, as for panels without vblank (chosen by itself when flips fail)"
        ) { o, flag, args in
            o.drm.forceDirtyFB = try args.value(for: flag, expecting: "flip or dirtyfb") {
                $0 == "flip" ? false : $0 == "dirtyfb" ? true : nil
            }
        },
        OptionSpec(
            "--png-dir", "DIR", example: "frames",
            help: "with --display png: the folder for the frames (default demo-frames)"
        ) { o, flag, args in o.pngDirectory = try args.value(for: flag, expecting: "a folder name") },
    ]

    /// Opens the chosen display. `pngSize` is the frame size for `--display png` (screens have their own).
    /// `auto` falls back to fbdev only when no DRM card can drive a screen; a held DRM master or a permission
    /// problem is reported, not papered over.
    func open(pngSize: (width: Int, height: Int)) throws -> any Display {
        switch kind {
        case .drm: return try DrmDisplay(options: drm)
        case .fbdev: return try openFbdev()
        case .png: return try ImageFileDisplay(directory: pngDirectory, width: pngSize.width, height: pngSize.height)
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

    private func openFbdev() throws -> FbdevDisplay {
        if drm.format != nil || drm.mode != nil || drm.connectorName != nil {
            throw UsageError("navdisplay: --mode, --connector and --format apply to DRM displays, not fbdev")
        }
        return try FbdevDisplay(path: fbdevPath ?? "/dev/fb0", rotation: drm.rotation)
    }
}
