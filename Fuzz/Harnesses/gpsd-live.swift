import Core

@testable import Platform

/// What gpsd's live socket lines become on our side: the raw fields as `GpsdReading` copies them out of libgps
/// (any `set` bits, NaN, ±1e300, a mode of 99, negative satellite counts: what a rogue process on the gpsd port
/// can make libgps report), through `events(at:)`, the one place they become Core values. libgps's own JSON
/// parser has its own harness, libgps-json.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))

    var reading = GpsdReading()
    var cursor = 0
    func take<T>(_: T.Type) -> T? {
        let n = MemoryLayout<T>.size
        guard cursor + n <= bytes.count else { return nil }
        defer { cursor += n }
        return bytes[cursor..<(cursor + n)].withUnsafeBytes { $0.loadUnaligned(as: T.self) }
    }
    reading.set = GpsdFields(rawValue: take(UInt32.self) ?? 0xffff)
    reading.mode = take(Int32.self) ?? 3
    reading.status = take(Int32.self) ?? 1
    reading.utcSeconds = take(Double.self) ?? 1.7e9
    reading.latitude = take(Double.self) ?? 60.17
    reading.longitude = take(Double.self) ?? 24.94
    reading.altitudeMSL = take(Double.self) ?? 10
    reading.speed = take(Double.self) ?? 5
    reading.track = take(Double.self) ?? 90
    reading.eph = take(Double.self) ?? 3
    reading.epx = take(Double.self) ?? .nan
    reading.epy = take(Double.self) ?? .nan
    reading.epv = take(Double.self) ?? .nan
    reading.eps = take(Double.self) ?? .nan
    reading.epd = take(Double.self) ?? .nan
    reading.satellitesUsed = take(Int32.self) ?? 7
    reading.satellitesVisible = take(Int32.self) ?? 12
    for event in reading.events(at: Timestamp(nanoseconds: 1_000_000_000)) { _ = RecordingFormat.line(for: event) }
    return 0
}
