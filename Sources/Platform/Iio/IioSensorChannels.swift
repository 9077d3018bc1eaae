import Core
import FoundationEssentials
import Glibc

/// One chosen IIO device, set up for reading: where its raw values are, the constants that turn them into body-frame
/// Core units, and what was done to it at start.
struct IioSensorChannels {
    struct Axis {
        var raw: IioAttribute
        var offset: Double
        var scale: Double
    }

    var kind: IioSensorKind
    var device: IioDeviceInfo
    var axes: [Axis]
    /// The kernel's mount matrix (identity when the driver has none).
    var mountMatrix: Matrix3
    /// Where the mount matrix came from, or nil when none was found.
    var mountMatrixAttribute: IioAttribute?
    /// Board orientation × mount matrix: sensor axes to body frame in one step.
    var toBody: Matrix3
    /// The rate read back after setting the highest available one, in hertz.
    var samplingHertz: Double?
    /// Anything worth telling the user that did not stop us ("could not set sampling_frequency: …").
    var notes: [String]
    /// The rate write the kernel refused for want of permission (a device hot-plugged before udev's rule made the
    /// attribute writable for our group): where and what to write when `retrySamplingFrequency` tries again.
    private(set) var pendingRate: (attribute: IioAttribute, value: String)?

    /// Chooses the device for `kind` and reads the constants. Throws when there is none or its attributes are bad.
    init(kind: IioSensorKind, backend: IioBackend, override: String?, boardOrientation: Matrix3) throws {
        let device = try IioDeviceChooser.choose(kind, among: backend.devices, override: override)
        self.kind = kind
        self.device = device
        notes = []
        samplingHertz = nil
        axes = try kind.axisChannels.map { channel in
            let info = device.channel(channel)
            let scale: Double
            if info?.attributes.contains("scale") == true {
                scale = try IioValueParsing.number(
                    try backend.read(.channel(device.id, channel, "scale")),
                    attribute: .channel(device.id, channel, "scale"))
            } else {
                // A driver without scale reports in the ABI's unit already.
                scale = 1
            }
            var offset = 0.0
            if info?.attributes.contains("offset") == true {
                offset = try IioValueParsing.number(
                    try backend.read(.channel(device.id, channel, "offset")),
                    attribute: .channel(device.id, channel, "offset"))
            }
            let corrected = scale * IioSensorKind.scaleCorrection(forDriver: device.name)
            return Axis(raw: .channel(device.id, channel, "raw"), offset: offset, scale: corrected)
        }
        (mountMatrix, mountMatrixAttribute) = try Self.mountMatrix(of: device, kind: kind, backend: backend)
        toBody = boardOrientation * mountMatrix
        setHighestSamplingFrequency(backend)
    }

    /// One sample in Core units in the body frame. Throws when a read fails (device gone) or returns garbage.
    func read(_ backend: IioBackend) throws -> Vector3 {
        vector(fromRaw: try axes.map { try IioValueParsing.number(try backend.read($0.raw), attribute: $0.raw) })
    }

    /// Raw x, y, z counts (from sysfs or a buffer) to Core units in the body frame.
    func vector(fromRaw raw: [Double]) -> Vector3 {
        let v = zip(axes, raw).map { axis, raw in
            IioValueParsing.convert(raw: raw, offset: axis.offset, scale: axis.scale) * kind.coreUnitsPerIioUnit
        }
        return toBody * Vector3(x: v[0], y: v[1], z: v[2])
    }

    /// The trigger to capture with: the one named, else one the device already has or its driver made for it
    /// (`NAME-trigger` from ST drivers, `NAME-devN` from others); nil means polled reads. A device that carries
    /// two kinds (inv_mpu6050 and bmi160 put accel and anglvel on one device) is polled unless a trigger is
    /// named: the kernel gives a device one buffer, and such drivers refuse raw reads while it runs, so the second
    /// kind's source could read nothing.
    static func captureTrigger(
        for device: IioDeviceInfo, among devices: [IioDeviceInfo], choice: IioCaptureMode
    ) -> (use: Bool, trigger: String?) {
        switch choice {
        case .polled: return (false, nil)
        case .trigger(let name): return (true, name)
        case .automatic:
            if IioSensorKind.allCases.filter({ IioDeviceChooser.hasAxes(device, $0) }).count > 1 { return (false, nil) }
            if device.hasTrigger { return (true, nil) }
            let number = device.id.drop { !$0.isNumber }
            let own = ["\(device.name)-trigger", "\(device.name)-dev\(number)"]
            if let trigger = devices.first(where: { $0.isTrigger && own.contains($0.name) }) {
                return (true, trigger.name)
            }
            return (false, nil)
        }
    }

    /// Where drivers and libiio versions put the mount matrix, most common first: libiio 0.24 shows the kernel's
    /// `in_mount_matrix` as a channel `mount` with attribute `matrix`; others show it as a device attribute or on
    /// the channels of one type.
    static func mountMatrixPlaces(of device: IioDeviceInfo, kind: IioSensorKind) -> [IioAttribute] {
        var places: [IioAttribute] = []
        if device.channel("mount")?.attributes.contains("matrix") == true {
            places.append(.channel(device.id, "mount", "matrix"))
        }
        for name in ["mount_matrix", "in_mount_matrix", "in_\(kind.channelType)_mount_matrix"]
        where device.attributes.contains(name) {
            places.append(.device(device.id, name))
        }
        let x = kind.axisChannels[0]
        if device.channel(x)?.attributes.contains("mount_matrix") == true {
            places.append(.channel(device.id, x, "mount_matrix"))
        }
        return places
    }

    private static func mountMatrix(
        of device: IioDeviceInfo, kind: IioSensorKind, backend: IioBackend
    ) throws -> (Matrix3, IioAttribute?) {
        guard let place = mountMatrixPlaces(of: device, kind: kind).first else { return (.identity, nil) }
        let text = try backend.read(place)
        guard let matrix = Matrix3(mountMatrix: text) else {
            throw IioError(
                operation: "parse \(place)", code: 0,
                reason: "not a mount matrix (\"x1, y1, z1; x2, y2, z2; x3, y3, z3\"): \"\(text)\"")
        }
        return (matrix, place)
    }

    /// Sets the highest available rate: ST drivers default to 1 Hz and each polled read then sleeps about 2 s.
    private mutating func setHighestSamplingFrequency(_ backend: IioBackend) {
        let x = kind.axisChannels[0]
        let onDevice = device.attributes.contains("sampling_frequency")
        let onChannel = device.channel(x)?.attributes.contains("sampling_frequency") == true
        guard onDevice || onChannel else { return }
        let rate: IioAttribute =
            onDevice ? .device(device.id, "sampling_frequency") : .channel(device.id, x, "sampling_frequency")
        let availablePlaces: [IioAttribute] = [
            .device(device.id, "sampling_frequency_available"),
            .device(device.id, "in_\(kind.channelType)_sampling_frequency_available"),
            .channel(device.id, x, "sampling_frequency_available"),
        ].filter { place in
            place.channelID == nil
                ? device.attributes.contains(place.name)
                : device.channel(x)?.attributes.contains(place.name) == true
        }
        if let place = availablePlaces.first {
            var best: String?
            do {
                best = IioValueParsing.highestRate(in: try backend.read(place))?.text
                if let best { try backend.write(rate, value: best) }
            } catch {
                notes.append("could not set the highest sampling frequency: \(error)")
                if let best, Self.isPermissionDenied(error) {
                    pendingRate = (rate, best)
                    notes.append("the sampling frequency is tried again until the attribute is writable")
                }
            }
        }
        samplingHertz = Self.readRate(rate, backend)
    }

    /// Writes the pending rate again; true once it is set (or none was pending). A refusal other than for
    /// permission ends the retries: the driver will not take the value.
    mutating func retrySamplingFrequency(_ backend: IioBackend) throws -> Bool {
        guard let pending = pendingRate else { return true }
        do {
            try backend.write(pending.attribute, value: pending.value)
        } catch {
            if !Self.isPermissionDenied(error) { pendingRate = nil }
            throw error
        }
        pendingRate = nil
        samplingHertz = Self.readRate(pending.attribute, backend)
        return true
    }

    private static func readRate(_ rate: IioAttribute, _ backend: IioBackend) -> Double? {
        (try? backend.read(rate)).flatMap { Double($0.trimmingWhitespace()) }
    }

    /// EACCES or EPERM: the attribute exists but is not (yet) ours to write.
    static func isPermissionDenied(_ error: any Error) -> Bool {
        guard let error = error as? IioError else { return false }
        return error.code == EACCES || error.code == EPERM
    }
}

/// Picks the device to use for a sensor kind.
enum IioDeviceChooser {
    /// The override when given (device name, label or `iio:deviceN`), else the first device whose driver name is
    /// known for `kind`, else the first with the kind's three channels. Throws with what was looked for.
    static func choose(_ kind: IioSensorKind, among devices: [IioDeviceInfo], override: String?) throws
        -> IioDeviceInfo
    {
        let usable = devices.filter { hasAxes($0, kind) }
        if let override {
            guard
                let device = devices.first(where: { $0.name == override || $0.id == override || $0.label == override })
            else {
                throw IioError(
                    operation: "find \(kind.rawValue) \"\(override)\"", code: 0,
                    reason: "no IIO device with that name, label or id (found: \(list(devices)))")
            }
            guard hasAxes(device, kind) else {
                throw IioError(
                    operation: "use \(device.name) (\(device.id)) as \(kind.rawValue)", code: 0,
                    reason: "it has no \(kind.axisChannels.joined(separator: "/")) channels with raw values")
            }
            return device
        }
        for name in kind.driverNames {
            if let device = usable.first(where: { $0.name == name }) { return device }
        }
        if let device = usable.first { return device }
        throw IioError(
            operation: "find a \(kind.rawValue)", code: 0,
            reason: "no IIO device with \(kind.axisChannels.joined(separator: "/")) channels (found: \(list(devices)))")
    }

    static func hasAxes(_ device: IioDeviceInfo, _ kind: IioSensorKind) -> Bool {
        kind.axisChannels.allSatisfy { device.channel($0)?.attributes.contains("raw") == true }
    }

    private static func list(_ devices: [IioDeviceInfo]) -> String {
        devices.isEmpty
            ? "none" : devices.map { "\($0.name.isEmpty ? "?" : $0.name) (\($0.id))" }.joined(separator: ", ")
    }
}
