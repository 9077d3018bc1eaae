import Core
import Platform

/// `navdisplay probe`: the DRM cards, their connectors, modes and formats, the fbdev device, the console, and what
/// `--display auto` would choose and why; then the IIO sensors and gpsd. Changes nothing on screen.
struct ProbeCommand: Command {
    static let name = "probe"
    static let summary = "list displays (DRM cards, connectors, modes), IIO sensors and gpsd, and what is chosen"
    static let about = """
        USAGE: navdisplay probe [display options]

        Lists every DRM card (primary nodes), its connectors with their modes, the formats of its primary planes,
        the fbdev device and the console mode, then says which card, connector, CRTC, mode and format the display
        options select, and why. Nothing on the screen changes. Then the IIO devices (channels, scale, rate, mount
        matrix, which magnetometer, accelerometer and gyroscope would be used) and whether gpsd answers.
        """

    static let options: [OptionSpec<ProbeCommand>] =
        SensorOptions.options(in: \.sensors, only: SensorOptions.deviceFlags)
        + GpsOptions.options(in: \.gps, only: GpsOptions.connectionFlags) + DisplayOptions.options(in: \.display)

    var display = DisplayOptions()
    var sensors = SensorOptions()
    var gps = GpsOptions()

    init(arguments: [String]) throws {
        try parseOptions(arguments)
    }

    func run() throws -> Int32 {
        var lines: [String] = []
        let cards = DrmCards.probeAll()
        if cards.isEmpty { lines.append("DRM: no cards (no /dev/dri/card*)") }
        for probe in cards {
            guard let info = probe.info else {
                lines.append("\(probe.path): \(probe.error ?? "cannot be opened")")
                continue
            }
            lines.append(
                "\(info.path): driver \(info.driver), \(info.crtcIDs.count) CRTC(s), dumb buffers "
                    + "\(info.hasDumbBuffers ? "yes" : "no")\(info.isKmsCapable ? "" : " (cannot drive a display)")")
            for c in info.connectors {
                let state = c.isConnected == true ? "connected" : c.isConnected == false ? "disconnected" : "unknown"
                lines.append(
                    "  connector \(c.name) (id \(c.id)): \(state)"
                        + (c.currentCrtcID.map { ", driven by CRTC \($0)" } ?? ""))
                if !c.modes.isEmpty { lines.append("    modes: " + modeList(c.modes)) }
            }
            for p in info.planes where p.kind == .primary {
                lines.append("  primary plane \(p.id): " + p.formats.map(DrmFourCC.name).joined(separator: " "))
            }
        }
        lines.append("fbdev: " + FbdevDisplay.describe(path: display.fbdevPath ?? "/dev/fb0"))
        lines.append("console: " + (VirtualTerminal.currentModeName().map { "VT in \($0) mode" } ?? "no VT available"))
        switch display.kind {
        case .drm, .auto:
            do {
                let preview = try DrmCards.preview(options: display.drm)
                lines.append("chosen:")
                lines.append("  " + preview.cardReason)
                lines += preview.selection.reasons.map { "  " + $0 }
                lines.append("  rotation \(display.drm.rotation.rawValue)")
                lines.append("  CRTC \(preview.selection.crtcID) now scans out framebuffer \(preview.currentBufferID)")
            } catch {
                lines.append("chosen: no DRM display: \(error)")
                if display.kind == .auto { lines.append("  --display auto would try fbdev next") }
            }
        case .fbdev: lines.append("chosen: fbdev \(display.fbdevPath ?? "/dev/fb0") (--display fbdev)")
        case .png: lines.append("chosen: PNG files in \(display.pngDirectory) (--display png)")
        case .memory: lines.append("chosen: no screen, frames copied into memory (--display memory)")
        }
        let (mag, accel, gyro) = (sensors.magDevice, sensors.accelDevice, sensors.gyroDevice)
        let report =
            !gps.useGps
            ? IioProbe.report(magnetometerOverride: mag, accelerometerOverride: accel, gyroscopeOverride: gyro)
            : SensorProbe.report(
                magnetometerOverride: mag, accelerometerOverride: accel, gyroscopeOverride: gyro, gpsdHost: gps.host,
                gpsdPort: gps.port)
        lines.append(report.hasSuffix("\n") ? String(report.dropLast()) : report)
        print(lines.joined(separator: "\n"))
        return 0
    }

    /// "1280x800@75 (preferred), 1024x768@60, …" without repeats.
    private func modeList(_ modes: [DrmMode]) -> String {
        var seen = Set<String>()
        return modes.compactMap { m -> String? in
            let text = "\(m.width)x\(m.height)@\(m.refreshHz)\(m.isInterlaced ? "i" : "")"
            guard seen.insert(text).inserted else { return nil }
            return text + (m.isPreferred ? " (preferred)" : "")
        }.joined(separator: ", ")
    }
}
