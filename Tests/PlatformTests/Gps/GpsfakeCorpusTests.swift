import Core
import Foundation
import Glibc
import Testing

@testable import Platform

/// gpsd's own captures replayed through the installed gpsd (`gpsfake`) into the real gpsd source: what the live
/// daemon reports must also be in the file import (issue 15). gpsd 3.22 moves some dates by GPS week rollovers
/// of its own, so fixes are matched by their UTC time of day.
/// One capture at a time: gpsfake polls in a busy loop, so two at once only slow each other down.
@Suite("gpsd's captures through gpsfake", .serialized)
struct GpsfakeCorpusTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("CoreTests/Fixtures/gpsd")

    static var gpsfake: String? {
        ["/usr/bin/gpsfake", "/usr/local/bin/gpsfake"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// What one capture gave through gpsd.
    struct Live {
        var fixes: [GPSFix] = []
        var compass: [HeadingReport] = []
    }

    /// Where the sentinel fixes appended to each log are: no capture is near 1° N 2° E.
    static let sentinel = GeoCoordinate(latitude: 1 + 1.5 / 60, longitude: 2 + 2.5 / 60)

    static func isSentinel(_ f: GPSFix) -> Bool {
        guard let c = f.coordinate else { return false }
        return abs(c.latitude - sentinel.latitude) < 1e-6 && abs(c.longitude - sentinel.longitude) < 1e-6
    }

    /// Runs `gpsfake -1` on the capture and reads it with `GpsdSource` until gpsd reports the sentinel fixes
    /// appended to the log: every line before them has then been through gpsd (an event, not a guessed time; 300 s
    /// is only the outer bound). gpsfake feeds from its start (`-n`; without it, 3.22's gpsfake never feeds an
    /// outside client) and only ends a `-1` run by itself when it has a client of its own, so it is stopped with
    /// SIGTERM, and the gpsd it started is stopped by its process id should it outlive it.
    static func replay(_ log: String, lastTimeOfDayKey: Int64?) throws -> Live {
        let executable = try #require(Self.gpsfake, "gpsfake is installed (apt package gpsd-clients)")
        var text = try #require(FileManager.default.contents(atPath: folder.appendingPathComponent(log).path))
        // Three cycles: gpsd reports an epoch when it sees the next one begin.
        for second in 57...59 {
            let body = "GPRMC,2359\(second).00,A,0101.5000,N,00202.5000,E,0.0,0.0,311299,,,A"
            text.append(contentsOf: Array("$\(body)*\(NMEAImport.checksum(body))\r\n".utf8))
        }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("gpsfake-\(UUID().uuidString)-\(log)")
        try text.write(to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let port = try unusedLoopbackPort()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = ["-1", "-n", "-q", "-P", String(port), copy.path]
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        defer { stop(p) }
        // gpsfake starts gpsd and waits for a client before feeding the log: connect once it listens.
        let source = GpsdSource(host: "127.0.0.1", port: String(port))
        var live = Live()
        var connected = false
        let deadline = MonotonicClock.now().adding(seconds: 300)
        while MonotonicClock.now() < deadline {
            if !connected {
                guard p.isRunning else { throw GpsdHarnessError("gpsfake exited before gpsd listened") }
                if loopbackAccepts(port: port) {
                    connected = source.connect(now: MonotonicClock.now()).contains { $0.statusValue?.available == true }
                }
                if !connected { usleep(50_000) }
                continue
            }
            guard let fd = source.fileDescriptor else { throw GpsdHarnessError("gpsd closed the connection") }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard Glibc.poll(&entry, 1, 200) > 0 else { continue }
            let events = source.readAvailable(now: MonotonicClock.now())
            var done = false
            for e in events {
                if let f = e.fixValue {
                    if Self.isSentinel(f) { done = true } else { live.fixes.append(f) }
                    // Some logs' sentinels never come back (gpsd 3.22 drops bundg_zeus_9's): the log's own last
                    // epoch is the end there.
                    if f.coordinate != nil, let u = f.utcSeconds, Self.timeOfDayKey(u) == lastTimeOfDayKey {
                        done = true
                    }
                }
                if case .compassHeading(_, let h) = e, !done { live.compass.append(h) }
            }
            if done { return live }
        }
        // Say how far it got, so a run that fails under load tells a stalled gpsfake from a lost sentinel.
        let last = live.fixes.last?.utcSeconds.map { String(Self.timeOfDayKey($0)) } ?? "none"
        throw GpsdHarnessError(
            "\(log): gpsd never reported the sentinel fixes after the log (connected: \(connected), "
                + "\(live.fixes.count) fixes, last time of day \(last) ms, gpsfake running: \(p.isRunning))")
    }

    /// Stops gpsfake and then any child of it (its gpsd) still running.
    static func stop(_ p: Process) {
        let children = childProcesses(of: p.processIdentifier)
        if p.isRunning { p.terminate() }
        // The test process may hold SIGTERM blocked, and its children inherit that: SIGKILL after a grace period.
        let deadline = MonotonicClock.now().adding(seconds: 2)
        while p.isRunning && MonotonicClock.now() < deadline { usleep(20_000) }
        if p.isRunning { kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
        for child in children where kill(child, 0) == 0 { kill(child, SIGKILL) }
    }

    /// The process ids whose parent is `parent`, from /proc.
    static func childProcesses(of parent: Int32) -> [Int32] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return ids.compactMap { Int32($0) }.filter { id in
            guard let stat = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            // "pid (comm) state ppid …": the parent is the second field after the command.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == parent
        }
    }

    static func timeOfDayKey(_ utc: Double) -> Int64 {
        let ms = Int64((utc * 1000).rounded())
        return ((ms % 86_400_000) + 86_400_000) % 86_400_000
    }

    /// The captures that showed each class of issue 15, and the ones with a compass gpsd 3.22 forwards.
    static let captures: [(log: String, compass: Bool)] = [
        ("iTrek.log", false), ("quectel-eg25-g.log", false), ("ericsson-gru04-02-70sec.log", false),
        ("mtk-3301.log", false), ("neo-m8n.log", false), ("ublox-neo-m9n-nmea.log", false),
        ("skytraq-PX1172RH_DS.log", true), ("bundg_zeus_9.log", true),
    ]

    @Test(
        .enabled(if: gpsfake != nil, "needs gpsfake (gpsd-clients)"),
        arguments: captures.filter { ProcessInfo.processInfo.environment["GPSFAKE_ONLY"].map($0.log.hasPrefix) ?? true }
    )
    func everyFixTheLiveGpsdReportsIsInTheImport(_ capture: (log: String, compass: Bool)) throws {
        let bytes = try #require(
            FileManager.default.contents(atPath: Self.folder.appendingPathComponent(capture.log).path))
        let recording = try RecordingImport.read([UInt8](bytes), file: capture.log)
        var imported = Set<Int64>()
        var last: Int64?
        for case .gpsFix(let f) in recording.events where f.mode >= .twoD && f.coordinate != nil {
            if let u = f.utcSeconds {
                imported.insert(Self.timeOfDayKey(u))
                last = Self.timeOfDayKey(u)
            }
        }
        let live = try Self.replay(capture.log, lastTimeOfDayKey: last)
        let liveKeys = Set(
            live.fixes.filter { $0.mode >= .twoD && $0.coordinate != nil }.compactMap(\.utcSeconds).map(
                Self.timeOfDayKey))
        #expect(!liveKeys.isEmpty, "\(capture.log): gpsd reported no fix")
        let missing = liveKeys.subtracting(imported)
        print(
            "\(capture.log): live gpsd \(liveKeys.count) position epochs, import \(imported.count), missing \(missing.count); compass reports live \(live.compass.count)"
        )
        #expect(missing.isEmpty, "\(capture.log): \(missing.count) of gpsd's \(liveKeys.count) live fixes not imported")
        if capture.compass {
            #expect(!live.compass.isEmpty, "\(capture.log): no compass report through gpsd")
            #expect(live.compass.allSatisfy { $0.usableHeading != nil })
        }
        // Not asserted for the others: gpsd 3.22 also puts a receiver's VTG magnetic course into `magtrack`, which
        // the source cannot always tell from a compass (docs/receivers.md); the count is printed above.
    }
}
