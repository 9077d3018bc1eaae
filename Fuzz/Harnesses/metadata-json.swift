import Core

/// The JSON in MBTiles `json` metadata and PMTiles metadata (`MetadataJSON`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = MetadataJSON.flatten(bytes)
    _ = MetadataJSON.vectorLayerIDs(inJSON: String(decoding: bytes, as: UTF8.self))
    return 0
}
