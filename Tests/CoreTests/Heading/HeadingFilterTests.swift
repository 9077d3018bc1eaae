import Foundation
import Simulation
import Testing

@testable import Core

@Suite struct HeadingFilterTests {
    static let wrapCases: [(from: Double, to: Double)] = [(359, 1), (1, 359), (350, 10), (10, 350), (179, 181), (0, 0)]

    @Test(arguments: wrapCases)
    func theAdaptiveFilterTakesTheShortWayAcrossNorth(_ c: (from: Double, to: Double)) {
        var filter = AdaptiveHeadingFilter()
        var t = 0.0
        for _ in 0..<100 {
            filter.update(Angle(c.from), at: Timestamp(seconds: t))
            t += 0.02
        }
        let gap = abs(Angle(c.from).signedDifference(to: Angle(c.to)))
        for _ in 0..<100 {
            let out = filter.update(Angle(c.to), at: Timestamp(seconds: t))
            t += 0.02
            // Never further from both ends than the short way between them.
            let d1 = abs(out.signedDifference(to: Angle(c.from)))
            let d2 = abs(out.signedDifference(to: Angle(c.to)))
            #expect(d1 <= gap + 0.5 && d2 <= gap + 0.5, "\(out)")
        }
        #expect(abs(filter.angle!.signedDifference(to: Angle(c.to))) < 0.5)
    }

    @Test func samplesAlternatingAround359And1AverageToNorthNotSouth() {
        var adaptive = AdaptiveHeadingFilter()
        var ema = ExponentialHeadingFilter()
        var a = Angle.north
        var e = Angle.north
        for i in 0..<500 {
            let m = Angle(i % 2 == 0 ? 359 : 1)
            a = adaptive.update(m, at: Timestamp(seconds: Double(i) * 0.02))
            e = ema.update(m)
        }
        #expect(abs(a.signedDifference(to: .north)) < 0.5)
        #expect(abs(e.signedDifference(to: .north)) < 0.5)
    }

    /// Feeds `seconds` of noisy samples at 50 Hz around `truth(t)`; returns (time, output) pairs.
    static func run(
        _ filter: inout AdaptiveHeadingFilter, noise: Double, seconds: Double, seed: UInt64, truth: (Double) -> Double
    ) -> [(Double, Angle)] {
        var rng = SeededRandom(seed: seed)
        return stride(from: 0.0, to: seconds, by: 0.02).map { t in
            (t, filter.update(Angle(truth(t) + rng.gaussian(sigma: noise)), at: Timestamp(seconds: t)))
        }
    }

    @Test func aNinetyDegreeStepIsFollowedWithin250msAndStillJitterIsSmall() {
        var filter = AdaptiveHeadingFilter()
        let out = Self.run(&filter, noise: 1, seconds: 10, seed: 5) { $0 < 5 ? 10 : 100 }
        let quiet = out.filter { $0.0 > 2 && $0.0 < 5 }.map { Angle(10).signedDifference(to: $0.1) }
        let mean = quiet.reduce(0, +) / Double(quiet.count)
        let sd = (quiet.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(quiet.count)).squareRoot()
        #expect(sd <= 0.3, "jitter σ \(sd)°")
        let reached = out.first { $0.0 >= 5 && Angle(10).signedDifference(to: $0.1) >= 81 }
        #expect(reached != nil)
        #expect((reached?.0 ?? 99) - 5 <= 0.25)
    }

    @Test func aSteadyTurnIsTrackedWithoutLag() {
        var filter = AdaptiveHeadingFilter()
        let out = Self.run(&filter, noise: 1, seconds: 10, seed: 9) { 30 * $0 }
        let late = out.filter { $0.0 > 4 }.map { abs(Angle(30 * $0.0).signedDifference(to: $0.1)) }
        #expect(late.reduce(0, +) / Double(late.count) < 1.0)
    }

    @Test func theFilterLearnsTheSensorNoise() {
        var filter = AdaptiveHeadingFilter()
        _ = Self.run(&filter, noise: 3, seconds: 30, seed: 2) { _ in 45 }
        #expect(filter.measurementNoiseDegrees > 2 && filter.measurementNoiseDegrees < 4)
    }
}
