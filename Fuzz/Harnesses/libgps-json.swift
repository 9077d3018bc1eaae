import CGps

@testable import Platform

/// libgps as the product opens it (`GpsLibrary`): the module map no longer links it.
private let libgps = try! GpsLibrary.load()

/// gpsd's live socket bytes as `GpsdConnection.readMessages` handles them: cut into lines (`GpsdLineBuffer`),
/// each line checked (`GpsdLine.isWellFormed`), and only a line that passes handed to libgps's own JSON parser
/// (`gps_unpack`, Debian's libgps). Before that check, libgps spun for over a minute on two of this harness's
/// findings (Fuzz/Known/libgps-json, docs/fuzzing.md): a rogue process on the gpsd port could hang `run`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    var lines = GpsdLineBuffer()
    // A fuzz input is one line unless it holds newlines of its own; the socket's newline ends the last.
    lines.append(UnsafeRawBufferPointer(start: data, count: size))
    [UInt8(ascii: "\n")].withUnsafeBytes { lines.append($0) }
    var gps = gps_data_t()
    while let line = lines.nextLine() {
        guard GpsdLine.isWellFormed(line) else { continue }
        var text = line.map { CChar(bitPattern: $0) }
        text.append(0)
        _ = libgps.gps_unpack(&text, &gps)
    }
    return 0
}
