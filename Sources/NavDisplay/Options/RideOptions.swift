import Core
import Platform

/// What the rider can change while riding, shared by `run` (all of it), `demo` and `replay` (a subset):
/// `--input`, `--key-map`, `--lighting`, `--auto-zoom`, `--backlight`, `--backlight-day`, `--backlight-night`,
/// `--record-dir`.
struct RideOptions: OptionGroup {
    /// Where keys and touches come from.
    enum Input: Equatable {
        /// No input at all.
        case none
        /// Every keyboard, keypad, remote, GPIO button and touch screen under /dev/input, as they come and go.
        case auto
        /// Only this device node.
        case device(String)
    }

    /// Where the day and night levels go.
    enum BacklightChoice: Equatable {
        case none
        /// The first device under /sys/class/backlight, if the board has one.
        case auto
        /// This device folder (`/sys/class/backlight/NAME`).
        case directory(String)
    }

    var input: Input
    /// The key map file (`KEY = action` lines); nil: the standard map.
    var keyMapPath: String?
    /// Day, night or by the sun; nil when not given (`--style night` then means night, else auto).
    var lighting: LightingMode?
    var autoZoom = false
    var backlight = BacklightChoice.auto
    var backlightDayPercent = 100.0
    var backlightNightPercent = 30.0
    /// Where recordings started with the record key go.
    var recordDirectory = "/var/lib/navdisplay/recordings"

    init(input: Input) { self.input = input }

    /// The lines for a command's `--help`, generated from the declarations (of the flags in `only`, when given).
    static func helpText(only: Set<String>? = nil) -> String { help(only: only) }

    /// What `demo` and `replay` take: a bench can press keys and choose the lighting and zoom.
    static let benchFlags: Set<String> = ["--input", "--key-map", "--lighting", "--auto-zoom"]

    static let options: [OptionSpec<RideOptions>] = [
        OptionSpec(
            "--input", "none|auto|DEV", example: "none",
            help: "keys and touch: auto (every keypad, remote, GPIO button and touch\n"
                + "screen under /dev/input, hot-plugged), none, or one /dev/input/eventN"
        ) { o, flag, args in
            let v = try args.value(for: flag, expecting: "none, auto or a /dev/input/eventN device")
            switch v {
            case "none": o.input = .none
            case "auto": o.input = .auto
            default:
                guard v.hasPrefix("/") else {
                    throw UsageError("navdisplay: \(flag) expects none, auto or a /dev/input/eventN path, got \"\(v)\"")
                }
                o.input = .device(v)
            }
        },
        OptionSpec(
            "--key-map", "FILE", example: "keys.conf",
            help: "which key does what, `KEY_VOLUMEUP = zoom-in` a line (docs/ride.md);\n"
                + "only the keys in FILE act (default: the standard map)"
        ) { o, flag, args in o.keyMapPath = try args.value(for: flag, expecting: "a key map file") },
        OptionSpec(
            "--lighting", "MODE", example: "night",
            help: "auto (night colours when the sun is below -5.5°, day above -4.5°),\n"
                + "day or night (default auto; --style night means night)"
        ) { o, flag, args in o.lighting = try args.choice(for: flag, LightingMode.self) },
        OptionSpec(
            "--auto-zoom",
            help: "zoom by speed to show about the next 45 s of travel; a zoom key\n"
                + "or a pinch holds its zoom for 30 s"
        ) { o, _, _ in o.autoZoom = true },
        OptionSpec(
            "--backlight", "WHICH", example: "none",
            help: "auto, none or a /sys/class/backlight/NAME folder for the day and\n"
                + "night levels (default auto: the first one, when the board has one)"
        ) { o, flag, args in
            let v = try args.value(for: flag, expecting: "auto, none or a /sys/class/backlight/NAME folder")
            o.backlight = v == "none" ? .none : v == "auto" ? .auto : .directory(v)
        },
        OptionSpec("--backlight-day", "PCT", example: "90", help: "backlight by day, 1 to 100 (default 100)") {
            o, flag, args in
            o.backlightDayPercent = try args.number(for: flag, in: 1...100, what: "a percentage from 1 to 100")
        },
        OptionSpec(
            "--backlight-night", "PCT", example: "20", help: "backlight at night, 1 to 100 (default 30)"
        ) { o, flag, args in
            o.backlightNightPercent = try args.number(for: flag, in: 1...100, what: "a percentage from 1 to 100")
        },
        OptionSpec(
            "--record-dir", "DIR", example: "/tmp",
            help: "where the record key's recordings go, one ride-UTCTIME.navrec each\n"
                + "(default /var/lib/navdisplay/recordings)"
        ) { o, flag, args in o.recordDirectory = try args.value(for: flag, expecting: "a folder") },
    ]

    /// The settings a ride starts with: `mapStyle` night without `--lighting` means night held.
    func settings(mapStyle: StyleName, recording: Bool = false, zoomRange: ClosedRange<Double> = 10...20)
        -> RideSettings
    {
        RideSettings(
            autoZoom: autoZoom, lighting: lighting ?? (mapStyle == .night ? .night : .auto), zoomRange: zoomRange,
            recording: recording)
    }

    /// The key map: the standard one, or the file's (a bad file is a clear error naming its line).
    func keyMap() throws -> KeyMap {
        guard let path = keyMapPath else { return .standard }
        let text: String?
        do {
            text = try AtomicFile.read(path, maxBytes: 64 * 1024)
        } catch {
            throw UsageError("navdisplay: --key-map \(error)")
        }
        guard let text else { throw UsageError("navdisplay: --key-map \(path): no such file") }
        do {
            return try KeyMap(parsing: text)
        } catch {
            throw UsageError("navdisplay: --key-map \(path): \(error)")
        }
    }

    /// The input source for a `width`×`height` screen, or nil for `--input none`. A board without /dev/input yet
    /// is not an error: the source rescans.
    func source(width: Int, height: Int) throws -> EvdevInput? {
        let devices: EvdevInput
        switch input {
        case .none: return nil
        case .auto: devices = try EvdevInput()
        case .device(let path): devices = try EvdevInput(only: path)
        }
        devices.rideInput = RideInput(
            keyMap: try keyMap(), screenWidth: Double(width), screenHeight: Double(height),
            controls: RideOptions.touchControls(width: Double(width), height: Double(height)))
        return devices
    }

    /// The places a tap acts on: the heading panel (top left) cycles the orientation, the north pointer (top
    /// right) locks north-up, the speed panel (bottom left) turns day/night/auto, anywhere else recentres.
    static func touchControls(width w: Double, height h: Double) -> [RideInput.Control] {
        [
            RideInput.Control(frame: Rect(x: 0, y: 0, width: w * 0.4, height: h * 0.25), action: .cycleOrientation),
            RideInput.Control(frame: Rect(x: w * 0.8, y: 0, width: w * 0.2, height: h * 0.25), action: .lockNorthUp),
            RideInput.Control(frame: Rect(x: 0, y: h * 0.75, width: w * 0.4, height: h * 0.25), action: .cycleLighting),
            RideInput.Control(frame: Rect(x: 0, y: 0, width: w, height: h), action: .recentre),
        ]
    }

    /// The backlight to drive, nil when there is none or `--backlight none`.
    func openBacklight() throws -> Backlight? {
        switch backlight {
        case .none: return nil
        case .auto: return Backlight.find(dayPercent: backlightDayPercent, nightPercent: backlightNightPercent)
        case .directory(let dir):
            do {
                return try Backlight(
                    directory: dir, dayPercent: backlightDayPercent, nightPercent: backlightNightPercent)
            } catch {
                throw UsageError("navdisplay: --backlight \(error)")
            }
        }
    }
}
