import Core
import Foundation
import Platform
import Testing

/// The sun and the speed through the pipeline: a replayed dusk (and dawn) ride turns the colours with the
/// switch's hysteresis, and auto-zoom follows the bundled ride's speed within its rate limit, held by a zoom key.
@Suite("Dusk and auto-zoom on replayed rides")
struct DuskAndAutoZoomTests {
    let fonts: FontSet
    init() throws { fonts = try FontSet.load() }

    /// The bundled ride's fixes re-timed to one every 30 s from `startUTC` (real solar times: the sun is computed
    /// at each fix's own place and time), with event times to match.
    static func retimed(startUTC: Double) throws -> [SensorEvent] {
        let fixes = try RideFixtures.rideEvents().compactMap { e -> GPSFix? in
            if case .gpsFix(let f) = e { return f }
            return nil
        }
        return fixes.enumerated().map { k, f in
            var fix = f
            fix.time = Timestamp(seconds: Double(k) * 30)
            fix.utcSeconds = startUTC + Double(k) * 30
            return .gpsFix(fix)
        }
    }

    static func elevation(_ e: SensorEvent) throws -> Double {
        guard case .gpsFix(let f) = e, let utc = f.utcSeconds, let c = f.coordinate else {
            throw CocoaError(.coderInvalidValue)
        }
        let sun = try #require(
            SolarPosition.at(
                utcSeconds: utc, observer: SolarPosition.Observer(coordinate: c, elevationMetres: f.altitudeMetres ?? 0)
            ))
        return sun.elevationDegrees
    }

    /// The lighting shown after each fix (one frame per fix), and what the backlight was told.
    func lightings(_ events: [SensorEvent]) -> (shown: [Lighting], told: [Lighting]) {
        let pipeline = RideFixtures.pipeline(ride: RideSettings(lighting: .auto), fonts: fonts)
        var told: [Lighting] = []
        pipeline.onLightingChange = { told.append($0) }
        var shown: [Lighting] = []
        for e in events {
            pipeline.apply(e)
            _ = pipeline.nextSceneInput(at: e.time)
            shown.append(pipeline.scene.theme == .night ? .night : .day)
        }
        return (shown, told)
    }

    @Test func aDuskRideTurnsToNightOnceBelowMinusFiveAndAHalfDegrees() throws {
        // Helsinki, 2024-09-23 from 16:20 UTC (sunset 16:05 UTC): 145 fixes over 72 minutes.
        let ride = try Self.retimed(startUTC: 1_727_108_400)
        let elevations = try ride.map(Self.elevation)
        let (shown, told) = lightings(ride)
        let switched = try #require(shown.firstIndex(of: .night))
        #expect(shown[switched...].allSatisfy { $0 == .night }, "no flicker back to day")
        #expect(elevations[switched] < -5.5)
        #expect(elevations[switched - 1] >= -5.5)
        // The band mattered: earlier fixes were already below −5° (a bare threshold would have switched there).
        #expect(elevations[..<switched].contains { $0 < -5 })
        #expect(elevations[0] > -3 && elevations[elevations.count - 1] < -9, "the ride spans dusk")
        #expect(told == [.day, .night])
    }

    @Test func aDawnRideStartsAtNightAndTurnsToDayAboveMinusFourAndAHalf() throws {
        // Helsinki, 2024-09-24 from 02:40 UTC (sunrise 03:50 UTC).
        let ride = try Self.retimed(startUTC: 1_727_145_600)
        let elevations = try ride.map(Self.elevation)
        let (shown, told) = lightings(ride)
        #expect(shown.first == .night)
        let day = try #require(shown.firstIndex(of: .day))
        #expect(shown[day...].allSatisfy { $0 == .day })
        #expect(elevations[day] > -4.5)
        #expect(elevations[day - 1] <= -4.5)
        #expect(elevations[..<day].contains { $0 > -5 }, "above −5° but still night: the band")
        #expect(told == [.night, .day])
    }

    @Test func theDayNightKeyHoldsAgainstTheSunAndReleasesToIt() throws {
        let ride = try Self.retimed(startUTC: 1_727_108_400)
        // auto → day at fix 10 (held day through dusk), day → night → auto at fix 120 (the sun says night).
        let presses: [SensorEvent] = [
            .rideAction(Timestamp(seconds: 300), .cycleLighting),
            .rideAction(Timestamp(seconds: 3600), .cycleLighting),
            .rideAction(Timestamp(seconds: 3600), .cycleLighting),
        ]
        let (shown, _) = lightings(RideFixtures.merged(ride, presses))
        #expect(shown.count == ride.count + presses.count)
        #expect(!shown.prefix(120).contains(.night), "held day while the sun set")
        #expect(shown.last == .night)
    }

    @Test func autoZoomFollowsTheSpeedWithinItsRateLimitAndAZoomKeyHoldsIt() throws {
        let ride = try RideFixtures.rideEvents()
        let settings = RideSettings(autoZoom: true, lighting: nil)
        let pipeline = RideFixtures.pipeline(zoom: 16, ride: settings, fonts: fonts)
        var zooms: [(Double, Double)] = []
        var goals: [Double] = []
        let played = RideFixtures.play(
            RideFixtures.merged(ride, [.rideAction(Timestamp(seconds: 100), .zoomIn)]), through: pipeline,
            interval: 0.1, draw: false)
        for (t, input) in played.inputs { zooms.append((t.seconds, input.camera.zoom)) }
        // The goals, one frame at a time again (the pipeline above has moved on).
        let again = RideFixtures.pipeline(zoom: 16, ride: settings, fonts: fonts)
        let driver = ReplayDriver(pipeline: again)
        driver.play(ride, interval: 0.1) { t in
            _ = again.nextSceneInput(at: t)
            if goals.last != again.controls.autoZoom.goal { goals.append(again.controls.autoZoom.goal) }
        }
        let steps = zip(zooms, zooms.dropFirst()).filter { $1.0 < 100 || $0.0 > 100.05 }
        #expect(steps.allSatisfy { abs($1.1 - $0.1) <= 0.5 * ($1.0 - $0.0) + 1e-9 }, "at most 0.5 levels a second")
        let moving = zooms.filter { $0.0 < 100 }.map(\.1)
        #expect((moving.max() ?? 0) - (moving.min() ?? 0) > 0.5, "the stop at the lights zooms in")
        // 145 fixes with a new speed each; the goal moved only for changes of more than 0.3 levels.
        #expect(goals.count > 2 && goals.count < 20, "\(goals.count) goals")
        // The zoom key at 100 s: one whole level up from where auto-zoom was, held for 30 s, then auto again.
        let at100 = try #require(zooms.last { $0.0 < 100 }).1
        let held = zooms.filter { $0.0 > 100 && $0.0 < 130 }.map(\.1)
        #expect(held.allSatisfy { $0 == at100.rounded(.down) + 1 })
        let after = zooms.filter { $0.0 > 131 }.map(\.1)
        #expect(after.contains { $0 != at100.rounded(.down) + 1 }, "auto-zoom takes over again")
    }
}
