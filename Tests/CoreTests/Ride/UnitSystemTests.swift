import Core
import Testing

@Suite("Units for the HUD")
struct UnitSystemTests {
    @Test(arguments: [
        (UnitSystem.metric, 7.5, "27 km/h"), (.imperial, 7.5, "17 mph"), (.nautical, 7.5, "15 kn"),
        (.metric, 0, "0 km/h"), (.metric, -1, "0 km/h"),
    ])
    func speeds(_ c: (system: UnitSystem, mps: Double, text: String)) {
        #expect(c.system.formatSpeed(c.mps) == c.text)
    }

    @Test func anUnknownSpeedIsDashes() {
        #expect(UnitSystem.imperial.formatSpeed(nil) == "-- mph")
        #expect(UnitSystem.metric.formatSpeed(.nan) == "-- km/h")
    }

    @Test(arguments: [
        (UnitSystem.metric, 42.0, "40 m"), (.metric, 847, "850 m"), (.metric, 1_234, "1.2 km"),
        (.metric, 12_345, "12 km"), (.metric, 9_960, "10 km"), (.imperial, 30, "100 ft"), (.imperial, 150, "500 ft"),
        (.imperial, 500, "0.3 mi"), (.imperial, 20_000, "12 mi"), (.nautical, 750, "0.4 NM"),
        (.nautical, 40_000, "22 NM"),
    ])
    func distances(_ c: (system: UnitSystem, metres: Double, text: String)) {
        #expect(c.system.formatDistance(c.metres) == c.text)
    }

    @Test func altitudesDurationsAndTheClock() {
        #expect(UnitSystem.metric.formatAltitude(1830.14) == "1830 m")
        #expect(UnitSystem.imperial.formatAltitude(1830.14) == "6004 ft")
        #expect(UnitSystem.nautical.formatAltitude(nil) == "-- m")
        #expect(UnitSystem.metric.formatDuration(45) == "45 s")
        #expect(UnitSystem.metric.formatDuration(12 * 60 + 10) == "12 min")
        #expect(UnitSystem.metric.formatDuration(3_900) == "1:05 h")
        #expect(UnitSystem.metric.formatDuration(.infinity) == "--")
        let t = UTCDateTime(year: 2024, month: 5, day: 1, hour: 23, minute: 5).secondsSince1970
        #expect(formatClock(utcSeconds: t) == "23:05")
        #expect(formatClock(utcSeconds: t, offsetSeconds: 3 * 3_600) == "02:05")
        #expect(formatClock(utcSeconds: .nan) == "--:--")
    }
}
