import Testing

@testable import Core

@Suite("Heading validity")
struct HeadingValidityTests {
    @Test(
        "Which heading is shown",
        arguments: [
            // (magnetic, true, accuracy) -> (degrees, reference) or nil
            // True 0° is valid.
            (HeadingReport(magneticDegrees: 10, trueDegrees: 0, accuracyDegrees: 5), 0.0, NorthReference.trueNorth),
            (HeadingReport(magneticDegrees: 10, trueDegrees: 20, accuracyDegrees: 5), 20.0, .trueNorth),  // true wins
            // Invalid true.
            (HeadingReport(magneticDegrees: 10, trueDegrees: -1, accuracyDegrees: 5), 10.0, .magneticNorth),
            (HeadingReport(magneticDegrees: 10, trueDegrees: nil, accuracyDegrees: 5), 10.0, .magneticNorth),
            // Accuracy 0 is perfect.
            (HeadingReport(magneticDegrees: 10, trueDegrees: .nan, accuracyDegrees: 0), 10.0, .magneticNorth),
            (HeadingReport(magneticDegrees: 0, trueDegrees: nil, accuracyDegrees: 5), 0.0, .magneticNorth),
            (HeadingReport(magneticDegrees: nil, trueDegrees: 360, accuracyDegrees: 5), 0.0, .trueNorth),
        ] as [(HeadingReport, Double, NorthReference)])
    func shown(_ c: (HeadingReport, Double, NorthReference)) throws {
        let h = try #require(c.0.usableHeading)
        #expect(h.direction.degrees == c.1)
        #expect(h.reference == c.2)
    }

    @Test(
        "Unknown or invalid accuracy, or no valid value, means no heading",
        arguments: [
            HeadingReport(magneticDegrees: 10, trueDegrees: 20, accuracyDegrees: -1),
            HeadingReport(magneticDegrees: 10, trueDegrees: 20, accuracyDegrees: nil),
            HeadingReport(magneticDegrees: 10, trueDegrees: 20, accuracyDegrees: .nan),
            HeadingReport(magneticDegrees: 10, trueDegrees: 20, accuracyDegrees: .infinity),
            HeadingReport(magneticDegrees: -1, trueDegrees: -1, accuracyDegrees: 5),
            HeadingReport(magneticDegrees: nil, trueDegrees: nil, accuracyDegrees: 5),
            HeadingReport(magneticDegrees: 400, trueDegrees: .nan, accuracyDegrees: 5),
        ])
    func notShown(_ r: HeadingReport) {
        #expect(r.usableHeading == nil)
    }

    @Test("NavState drops a heading that is stale or whose compass is lost")
    func navStateHeading() {
        var s = NavState()
        s.apply(.compassHeading(Timestamp(seconds: 1), HeadingReport(trueDegrees: 0, accuracyDegrees: 3)))
        #expect(s.heading?.direction == .north)
        s.apply(.gpsSky(GPSSky(time: Timestamp(seconds: 5), satellitesSeen: 3, satellitesUsed: 0)))
        #expect(s.heading == nil)  // 4 s without a compass report
        s.apply(.compassHeading(Timestamp(seconds: 6), HeadingReport(trueDegrees: 90, accuracyDegrees: 3)))
        s.apply(
            .sourceStatus(
                Timestamp(seconds: 6.1), SourceStatus(source: .magnetometer, available: false, detail: "gone")))
        #expect(s.heading == nil)
    }
}
