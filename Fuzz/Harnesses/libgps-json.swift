import CGps

/// gpsd's live socket lines through libgps's own JSON parser (`gps_unpack`, what `gps_read` runs on each line
/// from the socket). This is Debian's libgps, not our code: the harness exists because a rogue process on the
/// gpsd port reaches it before any of ours does (see docs/fuzzing.md for the hang it found).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    var line = UnsafeBufferPointer(start: data, count: min(size, 4000)).map { CChar(bitPattern: $0) }
    line.append(0)
    var gps = gps_data_t()
    _ = gps_unpack(&line, &gps)
    return 0
}
