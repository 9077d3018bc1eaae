import Core

/// NMEA 0183 logs (`NMEAImport`): checksums, RMC/GGA/GSA/GSV/VTG and the compass sentences.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let recording = NMEAImport.read(text, file: "fuzz.nmea")
    for event in recording.events.prefix(64) { _ = RecordingFormat.line(for: event) }
    return 0
}
