import Core
import FoundationEssentials
import Glibc

/// What `navdisplay probe` says about IIO sensors: every device libiio sees, and which ones we would use.
/// Read-only: it changes no attribute (a running display keeps its rates).
public enum IioProbe {
    /// A text report, one device per paragraph. Never throws: failures are part of the text.
    public static func report(
        magnetometerOverride: String? = nil, accelerometerOverride: String? = nil, gyroscopeOverride: String? = nil
    ) -> String {
        let backend: LibIioLocalContext
        do {
            backend = try LibIioLocalContext()
        } catch let error as IioError where error.code == ELIBACC {
            // libiio itself is missing: the message names the package, and asking about /sys would mislead.
            return "IIO: \(error)\n"
        } catch {
            return "IIO: \(error) (is /sys mounted and the kernel built with IIO?)\n"
        }
        return report(
            backend,
            overrides: [
                .magnetometer: magnetometerOverride, .accelerometer: accelerometerOverride,
                .gyroscope: gyroscopeOverride,
            ])
    }

    static func report(_ backend: IioBackend, overrides: [IioSensorKind: String?]) -> String {
        var chosen: [String: String] = [:]
        var summary: [String] = []
        for kind in IioSensorKind.allCases {
            do {
                let device = try IioDeviceChooser.choose(kind, among: backend.devices, override: overrides[kind] ?? nil)
                chosen[device.id, default: ""] += chosen[device.id] == nil ? kind.rawValue : ", \(kind.rawValue)"
                summary.append("  \(kind.rawValue): \(device.name) (\(device.id))")
            } catch {
                // Most boards have no gyroscope: that is not a fault, and the heading works without one.
                let note =
                    kind == .gyroscope ? " (optional: the heading between GPS fixes then rests on the compass)" : ""
                summary.append("  \(kind.rawValue): none\(note) (\(error))")
            }
        }
        var lines = ["IIO devices (\(backend.devices.count)):"]
        if backend.devices.isEmpty { lines.append("  none") }
        for device in backend.devices {
            let use = chosen[device.id].map { "  <- would use as \($0)" } ?? ""
            let name = device.name.isEmpty ? "(no name)" : device.name
            let label = device.label.map { " label \($0)" } ?? ""
            lines.append("  \(device.id) \(name)\(label)\(use)")
            let inputs = device.channels.filter { !$0.isOutput }.map(\.id)
            lines.append("    channels: \(inputs.isEmpty ? "none" : inputs.joined(separator: " "))")
            for kind in IioSensorKind.allCases where IioDeviceChooser.hasAxes(device, kind) {
                lines.append(contentsOf: details(device, kind, backend))
            }
        }
        lines.append("Sensors we would use:")
        lines += summary
        return lines.joined(separator: "\n") + "\n"
    }

    private static func details(_ device: IioDeviceInfo, _ kind: IioSensorKind, _ backend: IioBackend) -> [String] {
        let x = kind.axisChannels[0]
        func read(_ a: IioAttribute) -> String? {
            (try? backend.read(a)).map { $0.trimmingWhitespace() }
        }
        let unit = kind.iioUnit
        var lines: [String] = []
        let scale =
            device.channel(x)?.attributes.contains("scale") == true ? read(.channel(device.id, x, "scale")) : nil
        let offset =
            device.channel(x)?.attributes.contains("offset") == true ? read(.channel(device.id, x, "offset")) : nil
        let scaleText = scale.map { "\($0) \(unit) per count" } ?? "none (counts are \(unit))"
        lines.append("    \(kind.channelType) scale: \(scaleText)\(offset.map { ", offset \($0)" } ?? "")")
        let correction = IioSensorKind.scaleCorrection(forDriver: device.name)
        if correction != 1 {
            let factor = formatFixed(correction, digits: 0)
            lines.append("    scale correction: × \(factor) (this driver's scale is not in \(unit))")
        }
        let rate: String?
        if device.attributes.contains("sampling_frequency") {
            rate = read(.device(device.id, "sampling_frequency"))
        } else if device.channel(x)?.attributes.contains("sampling_frequency") == true {
            rate = read(.channel(device.id, x, "sampling_frequency"))
        } else {
            rate = nil
        }
        let available = read(.device(device.id, "sampling_frequency_available"))
        lines.append(
            "    rate: \(rate.map { "\($0) Hz" } ?? "unknown")\(available.map { " (available: \($0))" } ?? "")")
        if let place = IioSensorChannels.mountMatrixPlaces(of: device, kind: kind).first {
            let text = read(place) ?? "unreadable"
            let parsed = Matrix3(mountMatrix: text).map { $0.kernelNotation } ?? "not a matrix: \"\(text)\""
            lines.append("    mount matrix: \(parsed) (from \(place))")
        } else {
            lines.append("    mount matrix: none (identity)")
        }
        lines.append("    trigger: \(device.hasTrigger ? "yes (buffered capture possible)" : "none (polled reads)")")
        return lines
    }
}
