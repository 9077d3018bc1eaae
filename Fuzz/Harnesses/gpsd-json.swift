import Core

/// gpsd JSON logs as `gpspipe -w` writes them (`GpsdJSONImport`): TPV and SKY reports line by line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let recording = GpsdJSONImport.read(text, file: "fuzz.json")
    for event in recording.events.prefix(64) { _ = RecordingFormat.line(for: event) }
    return 0
}
