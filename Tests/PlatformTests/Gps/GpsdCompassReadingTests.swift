import Core
import Foundation
import Testing

@testable import Platform

/// A compass through gpsd 3.22: HDG as TPV `magtrack`, HDT as ATT (issue 15, class 8). Values from the vendored
/// captures run through gpsfake.
@Suite("GpsdReading compass")
struct GpsdCompassReadingTests {
    private let now = Timestamp(seconds: 3)

    private func tpv(track: Double, magtrack: Double, magvar: Double) -> GpsdReading {
        var r = GpsdReading()
        r.set = [.mode, .time, .latLon, .track, .magneticTrack]
        r.mode = 3
        r.latitude = 52.85
        r.longitude = 5.31
        r.track = track
        r.magneticTrack = magtrack
        r.magneticVariation = magvar
        return r
    }

    @Test func anHDGForwardedAsMagtrackIsACompassReportWeightedLikeACourse() {
        // bundg_zeus_9.log: track 230.5, magvar 1.4, the HDG's 231.8. gpsd 3.22 fills `magtrack` from a VTG's
        // magnetic course too, so it is as good as a course: at 3 m/s with gpsd's default 0.3 m/s speed error,
        // atan(0.3 / 3) = 5.7°; without a speed, about 72° (nothing to go by).
        var moving = tpv(track: 230.5, magtrack: 231.8, magvar: 1.4)
        moving.set.insert(.speed)
        moving.speed = 3
        let accuracy = atan2(0.3, 3.0) * 180 / .pi
        #expect(
            moving.events(at: now).contains(
                .compassHeading(now, HeadingReport(magneticDegrees: 231.8, accuracyDegrees: accuracy))))
        let still = tpv(track: 230.5, magtrack: 231.8, magvar: 1.4).events(at: now)
        let report = still.compactMap { e -> HeadingReport? in
            if case .compassHeading(_, let h) = e { return h } else { return nil }
        }
        #expect(report.count == 1 && (report.first?.accuracyDegrees ?? 0) > 45)
    }

    @Test func aMagtrackThatIsOnlyTheCourseWithGpsdsVariationIsNot() {
        // iTrek.log: gpsd's own 84.3403 from track 92.17 and a variation of -7.8 (printed rounded).
        let events = tpv(track: 92.17, magtrack: 84.3403, magvar: -7.8).events(at: now)
        #expect(!events.contains { if case .compassHeading = $0 { return true } else { return false } })
    }

    @Test(arguments: [244.28, 0, 360])
    func anATTHeadingIsATrueCompassReport(_ heading: Double) {
        var r = GpsdReading()
        r.set = [.attitude]
        r.attitudeHeading = heading
        #expect(r.events(at: now) == [.compassHeading(now, HeadingReport(trueDegrees: heading, accuracyDegrees: 5))])
    }

    @Test(arguments: [Double.nan, .infinity, -1, 361, 1e300])
    func anATTWithoutAValidHeadingGivesNothing(_ heading: Double) {
        var r = GpsdReading()
        r.set = [.attitude]
        r.attitudeHeading = heading
        #expect(r.events(at: now).isEmpty)
    }

    @Test func aRogueSpeedOf1e300IsDroppedAtTheBoundary() throws {
        var r = tpv(track: 90, magtrack: .nan, magvar: .nan)
        r.set.insert(.speed)
        r.speed = 1e300
        let fix = try #require(r.fix(at: now))
        #expect(fix.speedMetresPerSecond == nil)
    }
}
