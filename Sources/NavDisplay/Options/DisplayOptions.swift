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
struct DisplayOptions {
    var kind = DisplayKind.auto
    var drm = DrmOptions()
    /// For `--display fbdev`: the device (`--card` names it too; default /dev/fb0).
    var fbdevPath: String?
    var pngDirectory = "demo-frames"

    /// The lines for a command's `--help`.
    static let help = """
          --display KIND          auto | drm | fbdev | png (default auto: DRM/KMS, else /dev/fb0)
          --card PATH             the DRM card (default: the first that can drive a connected display)
                                  or, with --display fbdev, the framebuffer device (default /dev/fb0)
          --connector NAME        the output, e.g. HDMI-A-1 (default: the first connected one)
          --mode WxH[@HZ]         the mode, e.g. 1024x768 or 1920x1080@60 (default: the preferred mode)
          --rotate DEG            how the panel is mounted: 0, 90, 180 or 270 (clockwise; default 0)
          --format FMT            xrgb8888 | rgb565 (default: what the primary plane takes, XRGB8888 first)
          --present HOW           flip | dirtyfb: page flips on two buffers (default), or one buffer and
                                  DirtyFB, as for panels without vblank (chosen by itself when flips fail)
          --png-dir DIR           with --display png: the folder for the frames (default demo-frames)
        """

    /// Consumes `flag` (and its value) when it is a display flag; false when it is not one of ours.
    mutating func parse(_ flag: String, _ args: inout ArgumentScanner) throws -> Bool {
        switch flag {
        case "--display": kind = try args.choice(for: flag, DisplayKind.self)
        case "--card":
            let path = try args.value(for: flag, expecting: "a device path such as /dev/dri/card1")
            drm.cardPath = path
            fbdevPath = path
        case "--connector":
            drm.connectorName = try args.value(for: flag, expecting: "a connector name such as HDMI-A-1")
        case "--mode":
            drm.mode = try args.value(for: flag, expecting: "WIDTHxHEIGHT or WIDTHxHEIGHT@HZ, e.g. 1024x768@60") {
                DrmModeRequest(parsing: $0)
            }
        case "--rotate":
            drm.rotation = try args.value(for: flag, expecting: "0, 90, 180 or 270") { PanelRotation(degrees: $0) }
        case "--format":
            drm.format = try args.value(for: flag, expecting: "xrgb8888 or rgb565") { PixelFormat(rawValue: $0) }
        case "--present":
            drm.forceDirtyFB = try args.value(for: flag, expecting: "flip or dirtyfb") {
                $0 == "flip" ? false : $0 == "dirtyfb" ? true : nil
            }
        case "--png-dir": pngDirectory = try args.value(for: flag, expecting: "a folder name")
        default: return false
        }
        return true
    }

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
