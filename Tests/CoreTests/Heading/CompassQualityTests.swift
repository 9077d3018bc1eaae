import Simulation
import Testing

@testable import Core

/// The compass-only path's accuracy from the compass's own statistics: noise the filter averages out is not
/// counted against the filtered heading, a bent dip reference is set again at the first settled reading.
@Suite struct CompassQualityTests {
    /// A resting compass at 50 Hz: readings scattered by white noise (`noise` scales all of it: 1 is 1° of
    /// heading, 0.3 µT, 0.5° of dip and 0.3 % of g), dip `dip` (°).
    static func resting(
        _ q: inout CompassQuality, from: Double = 0, seconds: Double = 10, noise: Double = 1, dip: Double = 74,
        settled: Bool? = nil, modelDip: Double? = nil
    ) {
        var rng = SeededRandom(seed: 7)
        var t = from
        while t < from + seconds {
            let time = Timestamp(seconds: t)
            q.accelerometer(Vector3(x: 0, y: 0, z: -9.80665 * (1 + 0.003 * noise * rng.gaussian())), at: time)
            q.magnetometer(
                normMicrotesla: 50 + 0.3 * noise * rng.gaussian(), dipDegrees: dip + 0.5 * noise * rng.gaussian(),
                innovationDegrees: noise * rng.gaussian(), at: time, settled: settled, modelDipDegrees: modelDip)
            t += 0.02
        }
    }

    @Test func noiseTheFilterAveragesIsNotCountedAgainstTheFilteredHeading() {
        var q = CompassQuality()
        Self.resting(&q)
        let reading = q.accuracyDegrees(filterNoiseDegrees: nil)
        let filtered = q.accuracyDegrees(filterNoiseDegrees: 1)
        #expect(reading > 1.5, "the latest reading: ±\(reading)°")
        // Measured: ±2.1° for the reading, ±0.7° for the filtered heading.
        #expect(filtered < reading / 2.5, "the filtered heading: ±\(filtered)° against ±\(reading)°")
    }

    @Test func noiseBeyondWhatTheFilterAllowsForStillCounts() {
        // Near a magnetic pole the readings scatter by far more than the filter's noise bound.
        var q = CompassQuality()
        Self.resting(&q, noise: 100)
        #expect(q.accuracyDegrees(filterNoiseDegrees: 20) > 45)
    }

    @Test func aDipReferenceSetWhileBrakingIsSetAgainAtRest() {
        // Braking bends the measured dip 5° low until GPS has measured the deceleration; at rest it is 74°.
        var bent = CompassQuality()
        Self.resting(&bent, seconds: 5, dip: 69, settled: false)
        Self.resting(&bent, from: 5, seconds: 3, dip: 74, settled: true)
        #expect(abs((bent.dipDegrees ?? 0) - 74) < 0.5)
        // Before that first settled reading, WMM's inclination stands in for the reference.
        var model = CompassQuality()
        Self.resting(&model, seconds: 1, dip: 69, settled: false, modelDip: 74)
        #expect(model.dipDegrees == 74)
        // Without GPS (nothing says settled or not) the running mean follows every reading.
        var handheld = CompassQuality()
        Self.resting(&handheld, seconds: 5, dip: 69)
        #expect(abs((handheld.dipDegrees ?? 0) - 69) < 0.5)
    }
}
