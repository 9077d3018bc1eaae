import Foundation
import Testing

/// One glyph as HarfBuzz's own `hb-shape` tool reports it (positions in the scale given to it).
struct ReferenceGlyph: Decodable, Equatable {
    let g: UInt32
    let cl: Int
    let dx: Int
    let dy: Int
    let ax: Int
}

/// Runs `hb-shape` (libharfbuzz-bin) on `text` in face `faceIndex` of `path`, at a scale of `scale` units per
/// em (the shaper uses pixels × 64, so 20 px is 1280), with clusters counted in Unicode scalars.
func referenceShaping(_ text: String, path: String, faceIndex: Int, scale: Int) throws -> [ReferenceGlyph] {
    let tool = "/usr/bin/hb-shape"
    try #require(FileManager.default.isExecutableFile(atPath: tool), "hb-shape missing: install libharfbuzz-bin")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = [
        "--no-glyph-names", "--output-format=json", "--font-size=\(scale)", "--face-index=\(faceIndex)", path, text,
    ]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "hb-shape failed on \(text)")
    return try JSONDecoder().decode([ReferenceGlyph].self, from: data)
}
