import Core
import Platform

/// What the rider can change while riding, shared by `run` (all of it), `demo` and `replay` (a subset):
/// `--input`, `--key-map`, `--lighting`, `--auto-zoom`, `--backlight`, `--backlight-day`, `--backlight-night`,
/// `--record-dir`.
struct RideOptions: OptionGroup {
    /// Where keys and touches come from.
    enum Input: Equatable, Sendable {
        /// No input at all.
        case none
        /// Every keyboard, keypad, remote, GPIO button and touch screen under /dev/input, as they come and go.
        case auto
        /// Only this device node.
        case device(String)
    }

    /// Where the day and night levels go.
    enum BacklightChoice: Equatable, Sendable {
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

    /// What `demo` and `replay` take: a bench can press keys and choose the lighting and zoom.
    static let benchFlags: Set<String> = ["--input", "--key-map", "--lighting", "--auto-zoom"]

    static let options: [OptionSpec<RideOptions>] = [
        .value(
            "--input", "none|auto|DEV", what: "none, auto or a /dev/input/eventN path", completion: .file,
            example: "none",
            help: "keys and touch: auto (every keypad, remote, GPIO button and touch\n"
                + "screen under /dev/input, hot-plugged), none, or one /dev/input/eventN",
            convert: parseInput
        ) { o, input in o.input = input },
        .text(
            "--key-map", "FILE", what: "a key map file", completion: .file, example: "keys.conf",
            help: "which key does what, `KEY_VOLUMEUP = zoom-in` a line (docs/ride.md);\n"
                + "only the keys in FILE act (default: the standard map)"
        ) { o, path in o.keyMapPath = path },
        .choice(
            "--lighting", "MODE", LightingMode.self, example: "night",
            help: "auto (night colours when the sun is below -5.5°, day above -4.5°),\n"
                + "day or night (default auto; --style night means night)"
        ) { o, mode in o.lighting = mode },
        .flag(
            "--auto-zoom",
            help: "zoom by speed to show about the next 45 s of travel; a zoom key\n"
                + "or a pinch holds its zoom for 30 s"
        ) { o in o.autoZoom = true },
        .value(
            "--backlight", "WHICH", what: "auto, none or a /sys/class/backlight/NAME folder", completion: .directory,
            example: "none",
            help: "auto, none or a /sys/class/backlight/NAME folder for the day and\n"
                + "night levels (default auto: the first one, when the board has one)",
            convert: parseBacklight
        ) { o, choice in o.backlight = choice },
        .number(
            "--backlight-day", "PCT", in: 1...100, what: "a percentage from 1 to 100", example: "90",
            help: "backlight by day, 1 to 100 (default 100)"
        ) { o, percent in o.backlightDayPercent = percent },
        .number(
            "--backlight-night", "PCT", in: 1...100, what: "a percentage from 1 to 100", example: "20",
            help: "backlight at night, 1 to 100 (default 30)"
        ) { o, percent in o.backlightNightPercent = percent },
        .text(
            "--record-dir", "DIR", what: "a folder", completion: .directory, example: "/tmp",
            help: "where the record key's recordings go, one ride-UTCTIME.navrec each\n"
                + "(default /var/lib/navdisplay/recordings)"
        ) { o, dir in o.recordDirectory = dir },
    ]

    /// `--input`'s value: none, auto or a device path (a bare word is neither).
    @Sendable static func parseInput(_ v: String) -> Input? {
        v == "none" ? Input.none : v == "auto" ? .auto : v.hasPrefix("/") ? .device(v) : nil
    }

    /// `--backlight`'s value: none, auto or a device folder.
    @Sendable static func parseBacklight(_ v: String) -> BacklightChoice? {
        v == "none" ? BacklightChoice.none : v == "auto" ? .auto : .directory(v)
    }

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

    /// The input source for the screen `sink` draws, or nil for `--input none`. A board without /dev/input yet is
    /// not an error: the source rescans. Taps act where the frame last drawn put the HUD's panels
    /// (`Scene.touchControls`): the sink hands them over after each frame that moved them.
    func source(showing sink: DisplaySink) throws -> EvdevInput? {
        let devices: EvdevInput
        switch input {
        case .none: return nil
        case .auto: devices = try EvdevInput()
        case .device(let path): devices = try EvdevInput(only: path)
        }
        devices.rideInput = RideInput(
            keyMap: try keyMap(), screenWidth: Double(sink.display.width), screenHeight: Double(sink.display.height),
            controls: sink.pipeline.scene.touchControls)
        sink.onTouchControls = { [weak devices] controls in devices?.rideInput?.controls = controls }
        return devices
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
