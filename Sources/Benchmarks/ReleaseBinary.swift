import Foundation

/// What the benchmarks that run the real program share: the `navdisplay` built beside this benchmark binary, the
/// large synthetic map, and figures read from `/proc`.
enum ReleaseBinary {
    /// The `navdisplay` next to this executable (the same build configuration), or nil after saying, for
    /// `benchmark`, that it must be built first.
    static func navdisplay(for benchmark: String) -> String? {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("navdisplay").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            print("\(benchmark): build navdisplay in the same configuration first (make bench builds both)")
            return nil
        }
        return binary
    }

    /// A path in the temporary directory that is this process's own: two benchmarks run at once (two engineers
    /// on one machine) must not remove each other's files mid-run, as a shared name once did to the large map.
    static func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "navdisplay-\(ProcessInfo.processInfo.processIdentifier)-" + name
    }

    /// Writes `scripts/make-large-map.py`'s 90,000-tile map to `path`; false when the script failed.
    static func makeLargeMap(at path: String) -> Bool {
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        make.arguments = [repositoryPath("scripts/make-large-map.py"), path]
        make.standardOutput = FileHandle.nullDevice
        guard (try? make.run()) != nil else { return false }
        make.waitUntilExit()
        return make.terminationStatus == 0
    }

    /// A "kB" line of /proc/PID/status, such as VmHWM.
    static func statusKiB(pid: Int32, _ key: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        return status.split(separator: "\n").first { $0.hasPrefix(key + ":") }
            .flatMap { $0.split(separator: " ").compactMap { Int($0) }.first }
    }
}
