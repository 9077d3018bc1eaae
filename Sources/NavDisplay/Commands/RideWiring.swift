import Core
import FoundationEssentials
import Platform

/// The zoom range the rider's zoom keys, pinches and auto-zoom stay within: the command line's 10 to 20, no
/// deeper than the map's tiles can be drawn (its deepest zoom plus the overzoom the map layer allows).
func zoomRange(_ scene: Scene) -> ClosedRange<Double> {
    guard let map = scene.map as? OfflineMapLayer else { return 10...20 }
    let deepest = Double(map.tiles.store.maxZoom + OfflineMapLayer.maxOverzoom)
    return 10...max(10, min(20, deepest))
}

/// The files `run` records into: `--record FILE` first (tried again until it can be created), then for every
/// start by the record key a new `ride-YYYYMMDD-HHMMSS.navrec` (UTC) in the record folder, made 0700 when
/// missing.
final class RecordingNames {
    private var first: String?
    let directory: String

    init(first: String?, directory: String) {
        self.first = first
        self.directory = directory
    }

    /// The name for the next recording. The first one stays the next until a writer was made with it.
    func next() throws -> String {
        if let first { return first }
        if !FileManager.default.fileExists(atPath: directory) {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let now =
            UTCDateTime(secondsSince1970: Date().timeIntervalSince1970) ?? UTCDateTime(year: 1970, month: 1, day: 1)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let stamp =
            "\(now.year)\(two(now.month))\(two(now.day))-\(two(now.hour))\(two(now.minute))"
            + two(Int(checkedTruncating: now.second) ?? 0)
        let stem = directory + "/ride-" + stamp
        var path = stem + ".navrec"
        var n = 2
        // Two presses within a second: never a name that exists (the writer would refuse it).
        while FileManager.default.fileExists(atPath: path) {
            path = "\(stem)-\(n).navrec"
            n += 1
        }
        return path
    }

    /// A writer was made with the name `next()` gave.
    func used() { first = nil }
}
