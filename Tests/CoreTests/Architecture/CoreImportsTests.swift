import Foundation
import Testing

/// Core is pure Swift (DESIGN.md): no C module, so no files, clocks or threads behind the pipeline's back. libm's
/// maths is the one exception, taken in one file.
@Suite struct CoreImportsTests {
    /// The modules Core may import, and the one file allowed to import libc for its maths.
    static let allowed: Set<String> = ["FoundationEssentials", "Synchronization"]
    static let mathsFile = "Numeric/Maths.swift"

    @Test func coreImportsNoCModuleOutsideItsMathsFile() throws {
        let core = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Core")
        let files = try #require(FileManager.default.enumerator(atPath: core.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100)
        var offending: [String] = []
        for file in files {
            let text = try String(contentsOf: core.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("import ") {
                let module = String(line.dropFirst("import ".count))
                if Self.allowed.contains(module) { continue }
                if file == Self.mathsFile && module == "Glibc" { continue }
                offending.append("\(file): \(line)")
            }
        }
        #expect(offending == [])
    }
}
