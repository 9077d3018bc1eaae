import Core

/// IMU CSV files (`IMUCSVImport`): the header row's columns and units, then the sample rows.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let recording = try? IMUCSVImport.read(text, file: "fuzz.csv") else { return 0 }
    for event in recording.events.prefix(64) { _ = RecordingFormat.line(for: event) }
    return 0
}
