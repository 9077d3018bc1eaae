import Core
import Platform

/// The IIO sensor flags `run`, `record`, `sensors` (and, for the device names, `probe`) share: which device is
/// each sensor, and which optional sensors to leave out.
struct SensorOptions: OptionGroup {
    var magDevice: String?
    var accelDevice: String?
    var gyroDevice: String?
    var useAccel = true
    var useGyro = true

    /// Sensor axes that become body x, y, z (`--board-orientation`), and the text it was given as.
    var boardOrientation = Matrix3.identity
    var boardOrientationText = "x,y,z"

    /// The flags that name devices (all `probe` takes).
    static let deviceFlags: Set<String> = ["--mag-device", "--accel-device", "--gyro-device"]

    static let options: [OptionSpec<SensorOptions>] = [
        .text(
            "--mag-device", "NAME", what: "an IIO device name such as hmc5883l", example: "hmc5883l",
            help: "the IIO magnetometer: driver name, label or iio:deviceN (default: the first\nknown driver found)"
        ) { o, name in o.magDevice = name },
        .text(
            "--accel-device", "NAME", what: "an IIO device name such as lis3dh", example: "lis3dh",
            help: "the IIO accelerometer likewise"
        ) { o, name in o.accelDevice = name },
        .text(
            "--gyro-device", "NAME", what: "an IIO device name such as l3gd20", example: "l3gd20",
            help: "the IIO gyroscope likewise (default: the first found; most boards have none)"
        ) { o, name in o.gyroDevice = name },
        .flag("--no-accel", help: "do not read an accelerometer (the compass then assumes the board is level)") {
            o in o.useAccel = false
        },
        .flag(
            "--no-gyro",
            help:
                "do not read a gyroscope (it carries the heading between GPS fixes and\nthrough a magnetic disturbance)"
        ) { o in o.useGyro = false },
        .value(
            "--board-orientation", "A", what: "three signed axes that turn, not mirror, such as y,x,-z",
            example: "y,x,-z", help: "sensor axes that become body x,y,z, e.g. \"y,x,-z\" (default x,y,z)",
            convert: boardOrientation(axes:)
        ) { o, axes in (o.boardOrientationText, o.boardOrientation) = axes },
    ]

    /// `--board-orientation`'s axes as written and as a rotation; nil for a mirror or a malformed list.
    private static func boardOrientation(axes text: String) -> (String, Matrix3)? {
        Matrix3(axes: text).map { (text, $0) }
    }

    /// The sources these options ask for, each turned by `boardOrientation`, read `sampleHertz` times a second.
    func sources(sampleHertz: Double, captureMode: IioCaptureMode = .automatic, watchesCaptures: Bool = false)
        -> LiveSensors
    {
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
