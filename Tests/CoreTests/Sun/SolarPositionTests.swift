import Core
import Foundation
import Testing

@Suite("Solar position (NREL SPA)")
struct SolarPositionTests {
    /// The SPA paper's example (Reda & Andreas 2004, table A5.1): 2003-10-17 12:30:30 local time at UTC−7.
    @Test func theSPAPapersExampleGivesItsPublishedZenithAndAzimuth() throws {
        let utc = UTCDateTime(year: 2003, month: 10, day: 17, hour: 19, minute: 30, second: 30).secondsSince1970
        let observer = SolarPosition.Observer(
            coordinate: GeoCoordinate(latitude: 39.742476, longitude: -105.1786), elevationMetres: 1830.14,
            pressureMillibars: 820, temperatureCelsius: 11)
        let sun = try #require(SolarPosition.at(utcSeconds: utc, observer: observer, deltaTSeconds: 67))
        #expect(abs(sun.zenithDegrees - 50.11162) < 0.000_01)
        #expect(abs(sun.azimuthDegrees - 194.34024) < 0.000_01)
    }

    struct Reference: CustomTestStringConvertible {
        var place: String
        var utcSeconds: Double
        var observer: SolarPosition.Observer
        var elevationDegrees: Double
        var azimuthDegrees: Double
        var testDescription: String { "\(place) at \(Int(utcSeconds))" }
    }

    static func loadReference() throws -> [Reference] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/pvlib-spa-reference.csv")
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n").dropFirst(2).compactMap { line in
            let f = line.split(separator: ",").map(String.init)
            guard f.count == 7, let t = Double(f[1]), let lat = Double(f[2]), let lon = Double(f[3]),
                let h = Double(f[4]), let e = Double(f[5]), let a = Double(f[6])
            else { return nil }
            let observer = SolarPosition.Observer(
                coordinate: GeoCoordinate(latitude: lat, longitude: lon), elevationMetres: h,
                pressureMillibars: 1013.25, temperatureCelsius: 12)
            return Reference(place: f[0], utcSeconds: t, observer: observer, elevationDegrees: e, azimuthDegrees: a)
        }
    }

    @Test func everyPointOfPvlibsGridAgreesWithinFiveHundredthsOfADegreeOfElevation() throws {
        let reference = try Self.loadReference()
        try #require(reference.count == 560)
        var worstElevation = 0.0
        var worstAzimuth = 0.0
        for r in reference {
            let sun = try #require(SolarPosition.at(utcSeconds: r.utcSeconds, observer: r.observer, deltaTSeconds: 69))
            let dE = abs(sun.elevationDegrees - r.elevationDegrees)
            #expect(dE < 0.05, "\(r.testDescription): \(sun.elevationDegrees) vs \(r.elevationDegrees)")
            worstElevation = max(worstElevation, dE)
            // Azimuth is ill-defined with the sun overhead; every grid point here stands well clear of it.
            if sun.elevationDegrees < 89 {
                var dA = abs(sun.azimuthDegrees - r.azimuthDegrees)
                dA = min(dA, 360 - dA)
                worstAzimuth = max(worstAzimuth, dA)
            }
        }
        // The same algorithm and tables: the two agree far closer than the tolerance the issue asks for.
        #expect(worstElevation < 0.001)
        #expect(worstAzimuth < 0.001)
    }

    @Test(arguments: [Double.nan, .infinity])
    func aTimeThatIsNotFiniteHasNoSun(_ t: Double) {
        let observer = SolarPosition.Observer(coordinate: GeoCoordinate(latitude: 60, longitude: 25))
        #expect(SolarPosition.at(utcSeconds: t, observer: observer) == nil)
    }

    @Test func aCoordinateOutsideTheGlobeHasNoSun() {
        let observer = SolarPosition.Observer(coordinate: GeoCoordinate(latitude: 91, longitude: 25))
        #expect(SolarPosition.at(utcSeconds: 0, observer: observer) == nil)
    }

    static let calendarCases: [(date: UTCDateTime, seconds: Double)] = [
        (UTCDateTime(year: 1970, month: 1, day: 1), 0.0),
        (UTCDateTime(year: 2000, month: 2, day: 29, hour: 12), 951_825_600),
        (UTCDateTime(year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59.5), -0.5),
        (UTCDateTime(year: 2038, month: 1, day: 19, hour: 3, minute: 14, second: 8), 2_147_483_648),
    ]

    @Test(arguments: calendarCases)
    func calendarDatesConvertToPosixSecondsAndBack(_ c: (date: UTCDateTime, seconds: Double)) throws {
        #expect(c.date.secondsSince1970 == c.seconds)
        let back = try #require(UTCDateTime(secondsSince1970: c.seconds))
        #expect(back == c.date)
    }
}
