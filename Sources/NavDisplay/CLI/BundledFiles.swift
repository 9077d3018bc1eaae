import FoundationEssentials

/// Finds a file shipped with navdisplay (`recordings/…`, `maps/…`): first in `$environmentVariable`, then beside
/// the binary (`FOLDER/`, `../share/navdisplay/FOLDER/`), then in a source checkout above the binary (the repository
/// when run from .build), then in the current directory. The error lists every place looked at.
func bundledFile(folder: String, file: String, environmentVariable: String, hint: String) throws -> String {
    var candidates: [String] = []
    if let dir = Environment.value(environmentVariable) { candidates.append("\(dir)/\(file)") }
    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
    candidates.append(dir.appendingPathComponent("\(folder)/\(file)").path)
    candidates.append(dir.appendingPathComponent("../share/navdisplay/\(folder)/\(file)").standardized.path)
    for _ in 0..<6 {
        dir = dir.deletingLastPathComponent()
        candidates.append(dir.appendingPathComponent("\(folder)/\(file)").path)
    }
    candidates.append(FileManager.default.currentDirectoryPath + "/\(folder)/\(file)")
    if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) { return found }
    throw BundledFileMissing(
        message: "bundled file \(folder)/\(file) not found; looked in: \(candidates.joined(separator: ", ")) (\(hint))")
}

struct BundledFileMissing: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
