import Core
import Foundation
import Platform

/// The header of a recording made from live sensors (`record`, and `run --record`): the devices in use, their
/// rates, the mount matrix, board orientation, calibration and start time, so a replay knows what it plays.
func liveRecordingHeader(
    magnetometer: IioSensorSource, accelerometer: IioSensorSource?, gps: (host: String, port: String)?,
    pollingHertz: Double, boardOrientation: String, calibration: MagnetometerCalibration?
) -> RecordingHeader {
    var header = RecordingHeader(program: "navdisplay \(Version.string)", boardOrientation: boardOrientation)
    if let name = magnetometer.activeDevice {
        header.devices.append(.init(role: "magnetometer", name: name, rateHertz: magnetometer.samplingHertz.map { min($0, pollingHertz) }))
    }
    if let a = accelerometer, let name = a.activeDevice {
        header.devices.append(.init(role: "accelerometer", name: name, rateHertz: a.samplingHertz.map { min($0, pollingHertz) }))
    }
    if let gps { header.devices.append(.init(role: "gps", name: "gpsd \(gps.host):\(gps.port)")) }
    if let m = magnetometer.mountMatrix { header.mountMatrix = Matrix3(rowMajor: m.rows.flatMap { [$0.x, $0.y, $0.z] }) }
    header.calibration = calibration
    header.startUTCSeconds = Date().timeIntervalSince1970
    header.extra["clock"] = "event times are CLOCK_MONOTONIC seconds; start-utc is the wall clock at the start"
    return header
}
