import Core
import Testing

@testable import Platform

/// gpsd's NaN-or-set fields become optionals at the boundary, and only there.
@Suite("GpsdReading conversion")
struct GpsdReadingTests {
    private let now = Timestamp(seconds: 12)

    private func threeD() -> GpsdReading {
        var r = GpsdReading()
        r.set = [.mode, .time, .latLon, .altitude, .speed, .track, .horizontalError, .verticalError]
        r.mode = 3
        r.utcSeconds = 1_796_034_600
        r.latitude = 60.17
        r.longitude = 24.94
        r.altitudeMSL = 25
        r.speed = 5.144
        r.track = 90
        r.eph = 17.1
        r.epv = 27.6
        r.eps = 34.48
        r.epd = 12
        return r
    }

    @Test func aFullThreeDimensionalFixKeepsEveryValue() throws {
        let fix = try #require(threeD().fix(at: now))
        #expect(fix.time == now)
        #expect(fix.mode == .threeD)
        #expect(fix.coordinate == GeoCoordinate(latitude: 60.17, longitude: 24.94))
        #expect(fix.altitudeMetres == 25)
        #expect(fix.speedMetresPerSecond == 5.144)
        #expect(fix.courseDegrees == 90)
        #expect(fix.horizontalErrorMetres == 17.1)
        #expect(fix.verticalErrorMetres == 27.6)
        #expect(fix.speedErrorMetresPerSecond == 34.48)
        #expect(fix.courseErrorDegrees == 12)
        #expect(fix.utcSeconds == 1_796_034_600)
    }

    @Test(arguments: [
        \GpsdReading.latitude, \.longitude, \.altitudeMSL, \.speed, \.track, \.eph, \.epv, \.eps, \.epd, \.utcSeconds,
    ])
    func aNaNFieldBecomesNilAndNeverANumber(_ field: WritableKeyPath<GpsdReading, Double> & Sendable) throws {
        var r = threeD()
        r[keyPath: field] = .nan
        let fix = try #require(r.fix(at: now))
        let values: [Double?] = [
            fix.utcSeconds, fix.coordinate?.latitude, fix.coordinate?.longitude, fix.altitudeMetres,
            fix.speedMetresPerSecond, fix.courseDegrees, fix.horizontalErrorMetres, fix.verticalErrorMetres,
            fix.speedErrorMetresPerSecond, fix.courseErrorDegrees,
        ]
        #expect(values.allSatisfy { $0?.isFinite ?? true })
        #expect(values.filter { $0 == nil }.count >= 1)
    }

    @Test(arguments: [
        (GpsdFields.latLon, "coordinate"), (.altitude, "altitude"), (.speed, "speed"), (.track, "course"),
        (.time, "utc"),
    ])
    func aFieldWhoseSetBitIsClearIsAbsentEvenWithAValue(_ c: (bit: GpsdFields, name: String)) throws {
        var r = threeD()
        r.set.remove(c.bit)
        let fix = try #require(r.fix(at: now))
        switch c.name {
        case "coordinate": #expect(fix.coordinate == nil)
        case "altitude": #expect(fix.altitudeMetres == nil)
        case "speed": #expect(fix.speedMetresPerSecond == nil && fix.speedErrorMetresPerSecond == nil)
        case "course": #expect(fix.courseDegrees == nil && fix.courseErrorDegrees == nil)
        default: #expect(fix.utcSeconds == nil)
        }
    }

    @Test func aTwoDimensionalFixHasNoAltitudeEvenWhenGpsdKeptAnOldOne() throws {
        var r = threeD()
        r.mode = 2
        let fix = try #require(r.fix(at: now))
        #expect(fix.mode == .twoD)
        #expect(fix.coordinate != nil)
        #expect(fix.altitudeMetres == nil)
        #expect(fix.verticalErrorMetres == nil)
    }

    @Test func noFixModeCarriesNoPosition() throws {
        var r = threeD()
        r.mode = 1
        let fix = try #require(r.fix(at: now))
        #expect(fix.mode == .noFix)
        #expect(fix.coordinate == nil)
    }

    @Test func messagesWithoutAModeAreNotFixes() {
        var r = threeD()
        r.set.remove(.mode)
        #expect(r.fix(at: now) == nil)
        r.set.insert(.mode)
        r.mode = 0
        #expect(r.fix(at: now) == nil)
    }

    @Test func horizontalErrorFallsBackToEpxAndEpy() throws {
        var r = threeD()
        r.eph = .nan
        r.epx = 3
        r.epy = 4
        #expect(try #require(r.fix(at: now)).horizontalErrorMetres == 5)
        r.set.remove(.horizontalError)
        #expect(try #require(r.fix(at: now)).horizontalErrorMetres == nil)
    }

    @Test func satelliteCountsBecomeASkyEvent() {
        var r = GpsdReading()
        r.set = [.satellites]
        r.satellitesVisible = 11
        r.satellitesUsed = 7
        #expect(r.events(at: now) == [.gpsSky(GPSSky(time: now, satellitesSeen: 11, satellitesUsed: 7))])
    }

    @Test func courseIsNormalisedIntoZeroTo360() throws {
        var r = threeD()
        r.track = -10
        #expect(try #require(r.fix(at: now)).courseDegrees == 350)
    }
}

@Suite("RetryBackoff")
struct RetryBackoffTests {
    @Test func delaysDoubleUpToTheCeilingAndResetAfterSuccess() {
        var b = RetryBackoff(initialSeconds: 0.5, maximumSeconds: 2)
        let t = Timestamp(seconds: 100)
        #expect(b.nextAttempt(after: t) == t.adding(seconds: 0.5))
        #expect(b.nextAttempt(after: t) == t.adding(seconds: 1))
        #expect(b.nextAttempt(after: t) == t.adding(seconds: 2))
        #expect(b.nextAttempt(after: t) == t.adding(seconds: 2))
        b.reset()
        #expect(b.nextAttempt(after: t) == t.adding(seconds: 0.5))
    }
}
