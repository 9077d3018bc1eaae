import Core

/// The calibration file (`MagnetometerCalibration(parsing:)`), and what it writes back must read again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let calibration = try? MagnetometerCalibration(parsing: text) else { return 0 }
    let again = calibration.serialized()
    _ = try? MagnetometerCalibration(parsing: again)
    return 0
}
