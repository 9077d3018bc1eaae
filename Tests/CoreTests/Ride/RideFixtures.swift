import Core
import Foundation
import Testing

/// The GPS fixes of the bundled Helsinki ride (recordings/helsinki-ride.navrec).
enum RideFixtures {
    static func helsinkiFixes() throws -> [GPSFix] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "recordings/helsinki-ride.navrec")
        let data = try #require(FileManager.default.contents(atPath: url.path))
        let recording = try RecordingReader.read([UInt8](data), file: "helsinki-ride.navrec")
        return recording.events.compactMap { event in
            if case .gpsFix(let f) = event { return f }
            return nil
        }
    }
}
