import Core
import Testing

@Suite("Trip statistics")
struct TripStatisticsTests {
    @Test func theHelsinkiRideCountsItsDistanceAndOnlyItsMovingTime() throws {
        let fixes = try RideFixtures.helsinkiFixes()
        var trip = TripStatistics()
        for f in fixes { trip.add(f) }
        let positioned = fixes.filter { $0.coordinate != nil && $0.mode >= .twoD }
        var path = 0.0
        var standing = 0.0
        let start = positioned.first!.time
        for (a, b) in zip(positioned, positioned.dropFirst()) {
            let step = GreatCircle.distance(from: a.coordinate!, to: b.coordinate!)
            path += step
            if max(a.speedMetresPerSecond ?? 0, b.speedMetresPerSecond ?? 0) < 1 {
                standing += step
                // The only standstill is the stop at the lights, 40–52 s into the ride.
                #expect((38...54).contains(b.time.seconds(since: start)))
            }
        }
        // Every metre of the path counts except the receiver's wander while standing at the lights.
        #expect(standing > 0 && standing < 40)
        #expect(abs(trip.distanceMetres - (path - standing)) < 1e-6)
        let elapsed = positioned.last!.time.seconds(since: positioned.first!.time)
        #expect(abs(trip.elapsedSeconds - elapsed) < 1e-6)
        // The stop at the lights (about 12 s) and the 20 s GPS dropout are not moving time.
        #expect(trip.movingSeconds < elapsed - 25)
        #expect(trip.movingSeconds > elapsed - 45)
        let topSpeed = fixes.compactMap(\.speedMetresPerSecond).max()!
        #expect(trip.maxSpeedMetresPerSecond == topSpeed)
        let average = try #require(trip.averageMovingSpeedMetresPerSecond)
        #expect(average > 3 && average < topSpeed)
    }

    @Test func standingStillAddsNoDistanceAndAGlitchNoTopSpeed() {
        var trip = TripStatistics()
        let here = GeoCoordinate(latitude: 60, longitude: 25)
        for i in 0..<60 {
            // GPS wander of a parked receiver: a few metres, speed under 1 m/s.
            let p = GreatCircle.destination(from: here, bearing: Angle(Double(i * 37)), distance: 3)
            trip.add(
                GPSFix(time: Timestamp(seconds: Double(i)), mode: .threeD, coordinate: p, speedMetresPerSecond: 0.3))
        }
        let last = GreatCircle.destination(from: here, bearing: Angle(Double(59 * 37)), distance: 3)
        trip.add(GPSFix(time: Timestamp(seconds: 61), mode: .threeD, coordinate: last, speedMetresPerSecond: 500))
        #expect(trip.distanceMetres == 0)
        #expect(trip.movingSeconds == 0)
        #expect(trip.maxSpeedMetresPerSecond == 0.3)
        #expect(trip.averageMovingSpeedMetresPerSecond == nil)
    }

    @Test func climbCountsRisesPastTheNoiseAndAltitudesTheirRange() {
        var trip = TripStatistics()
        let alts = [100.0, 102, 99, 104, 110, 108, 120, 90, 95]
        for (i, a) in alts.enumerated() {
            trip.add(
                GPSFix(
                    time: Timestamp(seconds: Double(i)), mode: .threeD,
                    coordinate: GeoCoordinate(latitude: 60, longitude: 25),
                    altitudeMetres: a, speedMetresPerSecond: 0))
        }
        // 99 → 104 → 110 (+11), 108 → 120 (+12), 90 → 95 (+5): 28 m.
        #expect(trip.climbMetres == 28)
        #expect(trip.minAltitudeMetres == 90 && trip.maxAltitudeMetres == 120 && trip.altitudeMetres == 95)
    }

    @Test func resetStartsAFreshTrip() throws {
        var trip = TripStatistics()
        for f in try RideFixtures.helsinkiFixes() { trip.add(f) }
        trip.reset()
        #expect(trip == TripStatistics())
    }
}

@Suite("Trip across a restart")
struct TripTextTests {
    @Test func theTotalsSurviveARestartAndTheTripGoesOn() throws {
        let fixes = try RideFixtures.helsinkiFixes()
        var whole = TripStatistics()
        var before = TripStatistics()
        for f in fixes { whole.add(f) }
        for f in fixes.prefix(60) { before.add(f) }
        var after = try TripStatistics(text: before.text)
        #expect(after.distanceMetres == before.distanceMetres)
        #expect(after.movingSeconds == before.movingSeconds)
        #expect(after.maxSpeedMetresPerSecond == before.maxSpeedMetresPerSecond)
        for f in fixes.dropFirst(60) { after.add(f) }
        // Only the one step across the restart is lost.
        let step = GreatCircle.distance(from: fixes[59].coordinate!, to: fixes[60].coordinate!)
        #expect(abs(after.distanceMetres - (whole.distanceMetres - step)) < 1e-6)
        #expect(after.maxSpeedMetresPerSecond == whole.maxSpeedMetresPerSecond)
    }

    @Test(arguments: [
        "", "navdisplay-trip 2\n", "navdisplay-trip 1\ndistance_m nan\n", "navdisplay-trip 1\nmoving_s -5\n",
    ])
    func aDamagedTripFileIsRefused(_ text: String) {
        #expect(throws: TripTextError.self) { try TripStatistics(text: text) }
    }
}
