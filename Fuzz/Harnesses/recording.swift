import Core

/// Recordings in our own format, headers included (`RecordingReader`), and the kind sniffing that sends a
/// file to one of the four readers (`RecordingImport.kind`). The three import readers have harnesses of their
/// own (nmea, gpsd-json, imu-csv), so a bug in one of them does not stop this one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let recording = try? RecordingReader.read(bytes, file: "fuzz.navrec") {
        _ = RecordingFormat.headerText(recording.header)
        for event in recording.events.prefix(64) { _ = RecordingFormat.line(for: event) }
    }
    _ = RecordingImport.kind(of: bytes)
    return 0
}
