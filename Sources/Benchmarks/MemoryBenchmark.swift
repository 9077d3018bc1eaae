import Core
import Foundation

/// `Benchmarks memory`: issue 20's resident-memory figures. The release `navdisplay` replays the bundled ride on
/// `--display memory` (800×480 heading-up) with the bundled map, with no map, and with the large synthetic map;
/// its peak RSS (`VmHWM`) and, from `/proc/PID/smaps` at the sample with the most resident, where it is. Then
/// the map's own figures in process (`printMapMemoryFigures`). `MEMORY_SECONDS` sets each run's length (40).
func runMemoryBenchmark() {
    print("\n== Resident memory: navdisplay replaying the bundled ride on --display memory, 800x480 heading-up ==")
    guard let binary = ReleaseBinary.navdisplay(for: "memory") else { return }
    let seconds = ProcessInfo.processInfo.environment["MEMORY_SECONDS"].flatMap(Double.init) ?? 40
    let large = ReleaseBinary.temporaryPath("memory-large.mbtiles")
    let haveLarge = ReleaseBinary.makeLargeMap(at: large)
    defer { try? FileManager.default.removeItem(atPath: large) }
    let runs: [(name: String, map: String?, target: Double?)] = [
        ("bundled map", repositoryPath("maps/helsinki.mbtiles"), 20),
        ("no map", "none", nil),
        ("large synthetic map", haveLarge ? large : nil, 40),
    ]
    for run in runs {
        guard let map = run.map else {
            print("  \(run.name): not measured (scripts/make-large-map.py failed)")
            continue
        }
        guard let figures = residentRun(binary: binary, map: map, seconds: seconds) else { continue }
        let target = run.target.map { "  target \(Int($0)) MiB, ratio \(formatFixed(figures.peakMiB / $0, digits: 2))" }
        print("  \(run.name): peak RSS \(formatFixed(figures.peakMiB, digits: 1)) MiB\(target ?? "")")
        print("    at the largest sample (\(formatFixed(figures.atSeconds, digits: 1)) s):")
        for (group, kib) in figures.groups.sorted(by: { $0.value > $1.value }) where kib >= 100 {
            print("      \(formatFixed(Double(kib) / 1024, digits: 1).leftPadded(6)) MiB  \(group)")
        }
    }
    printMapMemoryFigures()
}

/// One run's peak and where the resident memory was at the largest sample.
private struct ResidentFigures {
    var peakMiB: Double
    var atSeconds: Double
    var groups: [String: Int]
}

/// Replays the bundled ride on `map` for `seconds`, sampling `/proc/PID` every quarter of a second.
private func residentRun(binary: String, map: String, seconds: Double) -> ResidentFigures? {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: binary)
    p.arguments = [
        "replay", repositoryPath("recordings/helsinki-ride.navrec"), "--speed", "1", "--display", "memory",
        "--map", map, "--orientation", "heading-up",
    ]
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    do { try p.run() } catch {
        print("memory: cannot start \(binary): \(error)")
        return nil
    }
    let pid = p.processIdentifier
    let start = Date()
    var largest = 0
    var largestSmaps = ""
    var at = 0.0
    var peak = 0
    while p.isRunning, Date().timeIntervalSince(start) < seconds {
        if let rss = ReleaseBinary.statusKiB(pid: pid, "VmRSS"), rss > largest,
            let data = FileHandle(forReadingAtPath: "/proc/\(pid)/smaps")?.readDataToEndOfFile()
        {
            // /proc files report no size, so they are read to their end, not by their size.
            (largest, largestSmaps, at) = (rss, String(decoding: data, as: UTF8.self), Date().timeIntervalSince(start))
        }
        peak = ReleaseBinary.statusKiB(pid: pid, "VmHWM") ?? peak
        Thread.sleep(forTimeInterval: 0.25)
    }
    let ranFor = Date().timeIntervalSince(start)
    let exitedEarly = !p.isRunning
    p.terminate()
    p.waitUntilExit()
    if exitedEarly {
        // A peak of a process that stopped on its own is not the ride's (a missing map file gave 4 MiB once).
        print(
            "memory: navdisplay exited after \(formatFixed(ranFor, digits: 1)) s with status \(p.terminationStatus): not measured"
        )
        return nil
    }
    guard peak > 0 else {
        print("memory: could not read /proc/\(pid)")
        return nil
    }
    return ResidentFigures(peakMiB: Double(peak) / 1024, atSeconds: at, groups: smapsGroups(largestSmaps))
}

/// Resident KiB per kind of mapping: the heap and anonymous memory (each mapping of at least 1 MiB on its own
/// line, by size, with how many: frames, the mosaic), the binary, the Swift runtime, other shared libraries, files.
private func smapsGroups(_ smaps: String) -> [String: Int] {
    var groups: [String: Int] = [:]
    var counts: [String: Int] = [:]
    var name = ""
    var size = 0
    for line in smaps.split(separator: "\n") {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        if let range = fields.first, range.contains("-"), fields.count >= 5, !range.hasSuffix(":") {
            name = fields.count >= 6 ? String(fields[5]) : ""
            let bounds = range.split(separator: "-").compactMap { Int($0, radix: 16) }
            size = bounds.count == 2 ? (bounds[1] - bounds[0]) / 1024 : 0
            continue
        }
        guard fields.first == "Rss:", fields.count >= 2, let kib = Int(fields[1]) else { continue }
        let group: String
        if name == "[heap]" {
            group = "heap (malloc's main arena)"
        } else if name.isEmpty {
            // Mappings of one size are counted together (frames are several of 1.47 MiB); adjacent anonymous
            // mappings merge, so one mapping is not always one buffer.
            group =
                kib >= 1024
                ? "anonymous mappings of \(formatFixed(Double(size) / 1024, digits: 2)) MiB"
                : "anonymous, smaller mappings"
            if kib >= 1024 { counts[group, default: 0] += 1 }
        } else if name.hasPrefix("[stack") {
            group = "main thread's stack"
        } else if name.hasSuffix("/navdisplay") {
            group = "the navdisplay binary"
        } else if name.contains("/swift/") {
            group = "Swift runtime libraries"
        } else if name.contains(".so") {
            group = "other shared libraries"
        } else {
            group = "other files (fonts, fontconfig caches, ...)"
        }
        groups[group, default: 0] += kib
    }
    for (group, n) in counts { groups["\(group) (\(n))"] = groups.removeValue(forKey: group) }
    return groups
}

extension String {
    /// The string with spaces before it to `width` characters.
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
