import Foundation
import Testing

/// libiio and libgps are opened only by a live IIO sensor or gpsd (`IioLibrary`, `GpsLibrary`): a replay must not
/// map them, nor the twenty libraries libiio brings (docs/memory.md, "Sensor libraries loaded when used").
@Suite("Sensor libraries loaded when used")
struct SensorLibrariesUnloadedTests {
    /// The libraries a replay must not map, with two that libiio alone brings in.
    static let unwanted = ["libiio.so", "libgps.so", "libxml2.so", "libavahi-client.so"]

    @Test func aReplayMapsNeitherLibiioNorLibgps() throws {
        let dir = try NavDisplayBinary.temporaryDirectory()
        let outURL = dir.appendingPathComponent("stdout")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: NavDisplayBinary.path)
        process.arguments = [
            "replay", ReplayTests.ride, "--speed", "1", "--display", "memory", "--map",
            NavDisplayBinary.repositoryRoot.appendingPathComponent("maps/helsinki.mbtiles").path,
        ]
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        // "playing … on memory" is printed when the session starts its loop: every linked library is mapped by then.
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline {
            let out = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
            if out.contains("playing") { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        try #require(process.isRunning, "the replay ended before it could be looked at")
        // Looked at for a second of the ride, so a library opened late (at the first fix, say) is seen too.
        var mapped: Set<String> = []
        var mapsLibpng = true
        for _ in 0..<10 {
            // Read to the end: a /proc file has no size, and a read by its size stops at the first page.
            let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(process.processIdentifier)/maps"))
            let maps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
            try file.close()
            mapsLibpng = mapsLibpng && maps.contains("libpng16.so")
            mapped.formUnion(Self.unwanted.filter { maps.contains($0) })
            Thread.sleep(forTimeInterval: 0.1)
        }
        // The maps read are the replay's own: it links libpng (the guard against a check that finds nothing).
        #expect(mapsLibpng)
        #expect(mapped.isEmpty, "a replay maps \(mapped.sorted().joined(separator: ", "))")
    }
}
