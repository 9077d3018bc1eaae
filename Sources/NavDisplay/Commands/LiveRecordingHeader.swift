import Core
import FoundationEssentials
import Platform

/// The header of a recording made from live sensors (`record`, and `run --record`): the devices in use, their
/// rates, the mount matrix, board orientation, calibration and start time, so a replay knows what it plays.
func liveRecordingHeader(
    sensors: LiveSensors, gps: (host: String, port: String)?,
    pollingHertz: Double, boardOrientation: String, calibration: MagnetometerCalibration?
) -> RecordingHeader {
    var header = RecordingHeader(program: "navdisplay \(Version.string)", boardOrientation: boardOrientation)
    // One @device line per sensor found at start, role named as in `src` lines (magnetometer, accelerometer,
    // gyroscope); a sensor absent at start has none.
    for source in sensors.all {
        if let name = source.activeDevice {
            header.devices.append(
                .init(
                    role: source.kind.rawValue, name: name,
                    rateHertz: source.samplingHertz.map { min($0, pollingHertz) }))
        }
    }
    if let gps { header.devices.append(.init(role: "gps", name: "gpsd \(gps.host):\(gps.port)")) }
    if let m = sensors.magnetometer.mountMatrix {
        header.mountMatrix = m
    }
    header.calibration = calibration
    header.startUTCSeconds = Date().timeIntervalSince1970
    header.extra["clock"] = "event times are CLOCK_MONOTONIC seconds; start-utc is the wall clock at the start"
    return header
}
