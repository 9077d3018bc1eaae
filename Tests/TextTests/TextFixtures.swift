import Foundation

/// Files the text tests read (the bundled map) and write (MBTiles made in a test, frames to look at).
enum TextFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A file of maps/ (made from the real Helsinki OSM extract by scripts/make-map-fixtures.sh).
    static func map(_ name: String) -> String { root.appendingPathComponent("maps/\(name)").path }

    /// A scratch file for what a test writes; the directory is made when missing.
    static func scratch(_ name: String) -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navdisplay-text-tests")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(name).path
    }
}
