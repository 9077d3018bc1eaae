import Core
import Foundation
import Testing

/// The GPS fixes of the bundled Helsinki ride (recordings/helsinki-ride.navrec).
enum RideFixtures {
    static func helsinkiFixes() throws -> [GPSFix] {
        try helsinkiRide().events.compactMap { event in
            if case .gpsFix(let f) = event { return f }
            return nil
        }
    }

    /// The whole recording.
    static func helsinkiRide() throws -> Recording {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "recordings/helsinki-ride.navrec")
        let data = try #require(FileManager.default.contents(atPath: url.path))
        return try RecordingReader.read([UInt8](data), file: "helsinki-ride.navrec")
    }

    /// The bundled ride through a heading-up pipeline at zoom 16.5, each scene input with its frame time in
    /// seconds from the ride's start, one every 0.05 s (20 frames a second), and the pipeline as it was then.
    static func helsinkiFrames(_ frame: (Double, SceneInput, NavigationPipeline) -> Void) throws {
        let ride = try helsinkiRide()
        let first = try #require(ride.events.first?.time)
        let pipeline = NavigationPipeline(
            scene: Scene(width: 800, height: 480, fonts: try FontSet.load()), orientation: .headingUp, zoom: 16.5,
            fallbackCenter: GeoCoordinate(latitude: 60.170, longitude: 24.941))
        var next = first
        for event in ride.events {
            while next <= event.time {
                frame(next.seconds(since: first), pipeline.nextSceneInput(at: next), pipeline)
                next = next.adding(seconds: 0.05)
            }
            pipeline.apply(event)
        }
    }

    /// How often a text shown frame by frame changed, and how many of those changes went back to the text before
    /// within 2 s (a flicker).
    static func flickers(_ texts: [(time: Double, text: String)]) -> (changes: Int, back: Int) {
        var changes: [(time: Double, from: String, to: String)] = []
        for (a, b) in zip(texts, texts.dropFirst()) where a.text != b.text {
            changes.append((b.time, a.text, b.text))
        }
        let back = zip(changes, changes.dropFirst()).filter { $1.to == $0.from && $1.time - $0.time < 2 }.count
        return (changes.count, back)
    }
}
