import Foundation
import Testing

/// navdisplay links no Foundation (and so no ICU data): Core, Platform and NavDisplay import FoundationEssentials
/// at most. One `import Foundation` anywhere in them brings back libFoundation and lib_FoundationICU (issue 20).
@Suite struct ProductImportsTests {
    @Test(arguments: ["Core", "Platform", "NavDisplay"])
    func theProductsTargetsDoNotImportFoundation(_ target: String) throws {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/\(target)")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        var offending: [String] = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                if words.count >= 2, words[words.count - 2] == "import",
                    ["Foundation", "FoundationInternationalization", "FoundationNetworking", "FoundationXML"]
                        .contains(String(words[words.count - 1]))
                {
                    offending.append("\(target)/\(file): \(line)")
                }
            }
        }
        #expect(offending == [])
    }
}
