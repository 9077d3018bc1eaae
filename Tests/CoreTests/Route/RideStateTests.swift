import Testing

@testable import Core

/// The ride's state file (trail, trip, day) and the trip field list of the configuration.
@Suite("Ride state")
struct RideStateTests {
    static func sample() -> RideState {
        var trip = TripStatistics()
        for i in 0..<30 {
            trip.add(
                GPSFix(
                    time: Timestamp(seconds: Double(i)), mode: .threeD, utcSeconds: 1_780_000_000 + Double(i),
                    coordinate: GeoCoordinate(latitude: 60.17, longitude: 24.94 + Double(i) * 1e-4),
                    altitudeMetres: 20 + Double(i), speedMetresPerSecond: 5.5))
        }
        return RideState(
            day: LocalDay(year: 2026, month: 5, day: 28),
            trails: [
                [
                    GeoCoordinate(latitude: 60.1695123, longitude: 24.9413456),
                    GeoCoordinate(latitude: 60.17, longitude: 24.95),
                ],
                [
                    GeoCoordinate(latitude: -33.8688, longitude: 151.2093),
                    GeoCoordinate(latitude: -33.87, longitude: 151.21),
                ],
            ], trip: trip)
    }

    @Test func theTextFormReadsBackToTheSameState() throws {
        let state = Self.sample()
        let back = try RideState(text: state.text)
        #expect(back.day == state.day)
        #expect(back.trails == state.trails)
        #expect(back.trip.text == state.trip.text)
        #expect(back.text == state.text)
        #expect(state.text.hasSuffix("\nend\n"))
    }

    @Test func everyCutOfTheFileIsRefusedNeverTrapped() {
        let bytes = Array(Self.sample().text.utf8)
        for cut in 0..<bytes.count {
            let text = String(decoding: bytes[0..<cut], as: UTF8.self)
            #expect(throws: RideStateError.self, "cut at \(cut)") { try RideState(text: text) }
        }
    }

    @Test(
        "damaged lines are named",
        arguments: [
            ("navdisplay-ride 2\nend\n", 1),
            ("navdisplay-ride 1\nday 2026-13-01\nend\n", 2),
            ("navdisplay-ride 1\ntrail 60.1,24.9 nan,1\nend\n", 2),
            ("navdisplay-ride 1\ntrail 60.1,24.9 1e400,1\nend\n", 2),
            ("navdisplay-ride 1\ntrail 60.1\nend\n", 2),
            ("navdisplay-ride 1\ntrip distance_m -5\nend\n", 0),
            ("navdisplay-ride 1\nend\ntrail 60.1,24.9\n", 3),
        ])
    func damagedLinesAreNamed(_ c: (String, Int)) {
        #expect(throws: RideStateError.self) { try RideState(text: c.0) }
        do {
            _ = try RideState(text: c.0)
        } catch {
            #expect(error.line == c.1, "\(error)")
        }
    }

    @Test func unknownKeysOfANewerVersionAreSkipped() throws {
        let state = try RideState(text: "navdisplay-ride 1\nday 2026-05-28\nbattery 80\nend\n")
        #expect(state.day == LocalDay(year: 2026, month: 5, day: 28))
    }

    @Test func theTrackerKeepsAtMostATrailsWorthOfPoints() {
        let tracker = RideTracker(route: nil)
        let long = (0..<(NavState.trailCapacity + 50)).map {
            GeoCoordinate(latitude: 60.17, longitude: 24.94 + Double($0) * 1e-4)
        }
        tracker.restore(RideState(trails: [long, long]))
        let saved = tracker.state.trails
        #expect(saved.reduce(0) { $0 + $1.count } == NavState.trailCapacity)
        #expect(saved.last?.last == long.last)
    }

    @Test(
        "trip fields",
        arguments: [
            ("clock,distance", [TripField.clock, .distance] as [TripField]?),
            ("max, average ,altitude", [.max, .average, .altitude]),
            ("none", []),
            ("time", [.time]),
            ("clock,clock", nil),
            ("clock,", nil),
            ("", nil),
            ("speed", nil),
        ])
    func tripFields(_ c: (String, [TripField]?)) {
        #expect(TripField.list(c.0) == c.1)
    }

    @Test func aLocalDayIsTheZonesDateNotUTCs() {
        // 22:30 UTC on 28 May is 01:30 on 29 May in Helsinki (UTC+3) and 15:30 on 28 May in California (UTC−7).
        let t = UTCDateTime(year: 2026, month: 5, day: 28, hour: 22, minute: 30).secondsSince1970
        #expect(LocalDay(utcSeconds: t, offsetSeconds: 3 * 3600)?.description == "2026-05-29")
        #expect(LocalDay(utcSeconds: t, offsetSeconds: -7 * 3600)?.description == "2026-05-28")
        #expect(LocalDay("2026-05-29") == LocalDay(year: 2026, month: 5, day: 29))
        #expect(LocalDay("2026-5-29") == nil)
        #expect(LocalDay(utcSeconds: .nan, offsetSeconds: 0) == nil)
    }
}
