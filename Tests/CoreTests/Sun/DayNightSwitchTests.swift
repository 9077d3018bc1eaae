import Core
import Testing

@Suite("Day/night switch")
struct DayNightSwitchTests {
    @Test func duskTurnsToNightOnlyOnceTheSunIsPastTheBand() {
        var s = DayNightSwitch()
        #expect(s.update(sunElevationDegrees: 2) == .day)
        #expect(s.update(sunElevationDegrees: -5.2) == .day)
        #expect(s.update(sunElevationDegrees: -5.6) == .night)
        // A wobble back inside the band does not switch back.
        #expect(s.update(sunElevationDegrees: -4.8) == .night)
        #expect(s.update(sunElevationDegrees: -4.4) == .day)
    }

    @Test func aHeldModeWinsAndReleasingItReturnsToWhatTheSunSays() {
        var s = DayNightSwitch()
        s.update(sunElevationDegrees: -20)
        s.mode = .day
        #expect(s.lighting == .day)
        #expect(s.update(sunElevationDegrees: -21) == .day)
        s.mode = s.mode.next
        #expect(s.mode == .night && s.lighting == .night)
        s.mode = s.mode.next
        #expect(s.mode == .auto && s.lighting == .night)
    }

    @Test func aNonFiniteElevationChangesNothing() {
        var s = DayNightSwitch(initial: .night)
        #expect(s.update(sunElevationDegrees: .nan) == .night)
    }

    /// A ride through a Helsinki dusk (2024-09-23, sunset about 16:05 UTC), one fix a minute: the switch turns once,
    /// at the minute the SPA elevation first drops below −5.5°, and never back.
    @Test func aDuskRideInHelsinkiSwitchesOnceAtTheBandsEdge() throws {
        var s = DayNightSwitch()
        let start = UTCDateTime(year: 2024, month: 9, day: 23, hour: 15).secondsSince1970
        var switches: [(minute: Int, elevation: Double)] = []
        var previous = s.lighting
        for minute in 0..<150 {
            let t = start + Double(minute) * 60
            // The rider moves east along the shore, about 300 m a minute.
            let position = GeoCoordinate(latitude: 60.17, longitude: 24.90 + Double(minute) * 0.005)
            let now = s.update(utcSeconds: t, coordinate: position)
            if now != previous {
                let sun = try #require(
                    SolarPosition.at(utcSeconds: t, observer: SolarPosition.Observer(coordinate: position)))
                switches.append((minute, sun.elevationDegrees))
            }
            previous = now
        }
        try #require(switches.count == 1)
        #expect(switches[0].elevation < -5.5 && switches[0].elevation > -5.8)
        // About 50 minutes after 16:05 the sun is 5.5° down at 60° N in September.
        #expect((40...70).contains(switches[0].minute - 65))
    }
}

@Suite("Day/night on the bundled ride")
struct DayNightReplayTests {
    /// The bundled Helsinki ride starts at 20:26:40 UTC on 2026-05-28, when the sun stands between −5.21° and
    /// −5.34°: inside the band. A bare −5° threshold would turn the display to night on its first fix; with the
    /// hysteresis it keeps whatever it showed, and does not flicker either way.
    @Test(arguments: [Lighting.day, .night])
    func theRideInsideTheBandKeepsWhatTheDisplayShowed(_ initial: Lighting) throws {
        var s = DayNightSwitch(initial: initial)
        var elevations: [Double] = []
        for fix in try RideFixtures.helsinkiFixes() {
            guard let utc = fix.utcSeconds, let c = fix.coordinate else { continue }
            #expect(s.update(utcSeconds: utc, coordinate: c, elevationMetres: fix.altitudeMetres ?? 0) == initial)
            let sun = try #require(
                SolarPosition.at(utcSeconds: utc, observer: SolarPosition.Observer(coordinate: c, elevationMetres: 20)))
            elevations.append(sun.elevationDegrees)
        }
        #expect(elevations.count > 100)
        #expect(elevations.allSatisfy { $0 < -5 && $0 > -5.5 })
    }
}
