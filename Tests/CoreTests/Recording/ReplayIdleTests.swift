import Core
import Testing

/// Replay's frames depend on the events, not on the time between them (issue 15, class 3).
@Suite("Replay over long gaps")
struct ReplayIdleTests {
    @Test func oneSample104DaysLateCostsAFewMinutesOfFramesNotMillions() throws {
        let scene = Scene(width: 64, height: 48, fonts: try FontSet.load())
        let pipeline = NavigationPipeline(
            scene: scene, orientation: .northUp, zoom: 16, fallbackCenter: GeoCoordinate(latitude: 60, longitude: 25))
        let events: [SensorEvent] = [
            .gpsFix(GPSFix(time: Timestamp(seconds: 0), mode: .twoD)),
            .gpsFix(GPSFix(time: Timestamp(seconds: 1), mode: .twoD)),
            .gpsFix(GPSFix(time: Timestamp(seconds: 104 * 86_400), mode: .twoD)),
            .gpsFix(GPSFix(time: Timestamp(seconds: 104 * 86_400 + 1), mode: .twoD)),
        ]
        var times: [Timestamp] = []
        let frames = ReplayDriver(pipeline: pipeline).play(events, interval: 0.1) { times.append($0) }
        let idleFrames = Int(ReplayDriver.longestIdleSeconds / 0.1)
        #expect(frames == times.count)
        #expect(frames <= idleFrames + 2 * 10 + 2)
        #expect(frames > idleFrames)  // the idle minutes after the last sample before the gap still play
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        #expect(times.last == Timestamp(seconds: 104 * 86_400 + 1))
    }
}
