import Core
import Testing

@Suite("Auto-zoom by speed")
struct AutoZoomTests {
    @Test(arguments: [0.0, 2, 5, 14, 30, 200])
    func theTargetShowsAboutFortyFiveSecondsAhead(_ speed: Double) {
        let z = AutoZoom().targetZoom(speedMetresPerSecond: speed, latitude: 60.17, aheadPixels: 300)
        if speed <= 2 {
            // 150 m at least: that needs zoom 17.25, past the map's 17.
            #expect(z == 17)
        } else {
            // Check the definition: 300 px at that zoom cover speed × 45 s.
            let shown = 300 * WebMercator.metresPerPixel(latitude: 60.17, zoom: z)
            #expect(abs(shown - speed * 45) < 1)
        }
    }

    @Test func theZoomStaysInsideTheMapsRange() {
        var c = AutoZoom.Configuration()
        c.minZoom = 13
        c.maxZoom = 16
        let a = AutoZoom(configuration: c)
        #expect(a.targetZoom(speedMetresPerSecond: 0, latitude: 60, aheadPixels: 300) == 16)
        #expect(a.targetZoom(speedMetresPerSecond: 300, latitude: 60, aheadPixels: 300) == 13)
        #expect(a.targetZoom(speedMetresPerSecond: .nan, latitude: .nan, aheadPixels: 0) <= 16)
    }

    /// The bundled ride: pulls away, stops at lights (40–52 s), turns, U-turns, loses GPS.
    @Test func onAReplayedRideTheZoomMovesSmoothlyAndRarely() throws {
        let fixes = try RideFixtures.helsinkiFixes()
        var zoom = AutoZoom()
        var previous: (time: Timestamp, zoom: Double, goal: Double)?
        var goalChanges = 0
        var zooms: [Double] = []
        for fix in fixes {
            let z = zoom.update(
                speedMetresPerSecond: fix.speedMetresPerSecond, latitude: 60.17, aheadPixels: 300, time: fix.time)
            zooms.append(z)
            if let p = previous {
                let dt = fix.time.seconds(since: p.time)
                // Rate limit: never faster than 0.5 levels a second.
                #expect(abs(z - p.zoom) <= 0.5 * dt + 1e-9)
                if zoom.goal != p.goal { goalChanges += 1 }
            }
            previous = (fix.time, z, zoom.goal)
            #expect((10...17).contains(z))
        }
        // Speeds vary fix by fix; the hysteresis keeps the goal to a few moves over the ride.
        #expect(goalChanges >= 2 && goalChanges <= 12, "\(goalChanges) goal changes")
        #expect(zooms.max()! - zooms.min()! > 0.5)
    }

    @Test func aManualZoomDuringTheReplayedRideHoldsThirtySecondsThenEases() throws {
        let fixes = try RideFixtures.helsinkiFixes()
        var zoom = AutoZoom()
        var pressedAt: Timestamp?
        var resumedAfter: Double?
        for (i, fix) in fixes.enumerated() {
            if i == 20 {
                zoom.manualZoom(to: 12, time: fix.time)
                pressedAt = fix.time
            }
            let z = zoom.update(
                speedMetresPerSecond: fix.speedMetresPerSecond, latitude: 60.17, aheadPixels: 300, time: fix.time)
            guard let pressed = pressedAt, resumedAfter == nil else { continue }
            let held = fix.time.seconds(since: pressed)
            if z != 12 {
                resumedAfter = held
            } else {
                #expect(held < 31)
            }
        }
        let resumed = try #require(resumedAfter)
        #expect(resumed >= 30 && resumed < 32)
    }

    @Test func aManualZoomHoldsThenTheAutomaticOneTakesOverSmoothly() {
        var a = AutoZoom(initialZoom: 15)
        let t0 = Timestamp(seconds: 100)
        a.update(speedMetresPerSecond: 14, latitude: 60, aheadPixels: 300, time: t0)
        a.manualZoom(to: 17, time: t0)
        #expect(a.isSuspended(at: t0.adding(seconds: 29)))
        for s in stride(from: 1.0, through: 29, by: 1) {
            #expect(
                a.update(speedMetresPerSecond: 14, latitude: 60, aheadPixels: 300, time: t0.adding(seconds: s)) == 17)
        }
        let after = a.update(speedMetresPerSecond: 14, latitude: 60, aheadPixels: 300, time: t0.adding(seconds: 31))
        #expect(!a.isSuspended(at: t0.adding(seconds: 31)))
        #expect(after < 17 && after >= 17 - 0.5 * 2 - 1e-9)
    }

    @Test func aManualZoomOutsideTheRangeIsClamped() {
        var a = AutoZoom()
        a.manualZoom(to: 25, time: Timestamp(seconds: 0))
        #expect(a.zoom == 17)
        a.manualZoom(to: .nan, time: Timestamp(seconds: 1))
        #expect(a.zoom == 17)
    }
}
