import Core
import Platform

/// The IIO sensor flags `run`, `record`, `sensors` (and, for the device names, `probe`) share: which device is
/// each sensor, and which optional sensors to leave out.
struct SensorOptions {
    var magDevice: String?
    var accelDevice: String?
    var gyroDevice: String?
    var useAccel = true
    var useGyro = true

    /// The lines for a command's `--help` that name devices (all `probe` takes).
    static let deviceHelp = """
          --mag-device NAME       the IIO magnetometer: driver name, label or iio:deviceN (default: the first
                                  known driver found)
          --accel-device NAME     the IIO accelerometer likewise
          --gyro-device NAME      the IIO gyroscope likewise (default: the first found; most boards have none)
        """

    /// The lines for a command's `--help`.
    static let help =
        deviceHelp + "\n" + """
              --no-accel              do not read an accelerometer (the compass then assumes the board is level)
              --no-gyro               do not read a gyroscope (it carries the heading between GPS fixes and
                                      through a magnetic disturbance)
            """

    /// Consumes `flag` (and its value) when it is one of ours; false when it is not. With `devicesOnly`, only
    /// the device flags are ours.
    mutating func parse(_ flag: String, _ args: inout ArgumentScanner, devicesOnly: Bool = false) throws -> Bool {
        switch flag {
        case "--mag-device": magDevice = try args.value(for: flag, expecting: "an IIO device name such as hmc5883l")
        case "--accel-device": accelDevice = try args.value(for: flag, expecting: "an IIO device name such as lis3dh")
        case "--gyro-device": gyroDevice = try args.value(for: flag, expecting: "an IIO device name such as l3gd20")
        case "--no-accel" where !devicesOnly: useAccel = false
        case "--no-gyro" where !devicesOnly: useGyro = false
        default: return false
        }
        return true
    }

    /// The sources these options ask for, each turned by `boardOrientation`, read `sampleHertz` times a second.
    func sources(
        sampleHertz: Double, boardOrientation: Matrix3 = .identity, captureMode: IioCaptureMode = .automatic,
        watchesCaptures: Bool = false
    ) -> LiveSensors {
        func source(_ kind: IioSensorKind, _ device: String?, optional: Bool = false) -> IioSensorSource {
            IioSensorSource(
                kind: kind, deviceOverride: device, boardOrientation: boardOrientation, captureMode: captureMode,
                optional: optional)
        }
        return LiveSensors(
            magnetometer: source(.magnetometer, magDevice),
            accelerometer: useAccel ? source(.accelerometer, accelDevice) : nil,
            // Most boards have no gyroscope: not finding one is normal, unless one was named.
            gyroscope: useGyro ? source(.gyroscope, gyroDevice, optional: true) : nil, sampleHertz: sampleHertz,
            watchesCaptures: watchesCaptures)
    }
}
