import Core
import Foundation
import Testing

@testable import Platform

/// gpsd 3.22 puts a receiver's VTG magnetic course into TPV `magtrack` as well as an HDG compass. Through the real
/// gpsd (gpsfake) those reports must arrive weighted like a course, with the course's accuracy at that speed.
/// (The boat's log with a real HDG, bundg_zeus_9.log, still delivers its reports: GpsfakeCorpusTests.)
@Suite("gpsd magtrack through gpsfake", .serialized)
struct GpsdMagtrackGpsfakeTests {
    static func lastKey(_ log: String) throws -> Int64? {
        let bytes = try #require(
            FileManager.default.contents(atPath: GpsfakeCorpusTests.folder.appendingPathComponent(log).path))
        let recording = try RecordingImport.read([UInt8](bytes), file: log)
        var last: Int64?
        for case .gpsFix(let f) in recording.events where f.mode >= .twoD && f.coordinate != nil {
            if let u = f.utcSeconds { last = GpsfakeCorpusTests.timeOfDayKey(u) }
        }
        return last
    }

    /// Per capture: the accuracy every magtrack report must exceed (°). ericsson stands still (a course means
    /// nothing: beyond the pipeline's 45° limit); quectel walks at 0.2–0.6 m/s (a course worth 8–28°, so never the
    /// ±5° a compass claims).
    static let captures: [(log: String, mustExceedDegrees: Double)] = [
        ("ericsson-gru04-02-70sec.log", 45), ("quectel-eg25-g.log", NMEAImport.assumedCompassAccuracyDegrees),
    ]

    @Test(
        .enabled(if: GpsfakeCorpusTests.gpsfake != nil, "needs gpsfake (gpsd-clients)"),
        arguments: captures)
    func aVTGMagneticCourseIsWeightedLikeACourseNotLikeACompass(_ c: (log: String, mustExceedDegrees: Double)) throws {
        let live = try GpsfakeCorpusTests.replay(c.log, lastTimeOfDayKey: try Self.lastKey(c.log))
        // Before: 27 and 74 of these arrived as compass reports of ±5°.
        let confident = live.compass.filter { ($0.accuracyDegrees ?? .infinity) <= c.mustExceedDegrees }
        let least = live.compass.compactMap(\.accuracyDegrees).min() ?? .nan
        print("\(c.log): \(live.compass.count) magtrack reports through gpsd, the most confident ±\(least)°")
        #expect(!live.compass.isEmpty, "\(c.log): gpsd forwarded no magtrack (the test would say nothing)")
        #expect(confident.isEmpty, "\(c.log): \(confident.count) VTG magnetic courses as confident as a compass")
    }
}
