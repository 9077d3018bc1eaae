import Core
import Foundation
import Simulation

/// Where the error of "ride, magnets passing" (1 Hz GPS, no gyroscope) comes from, over several seeds: the same
/// rides with and without the magnets (how much the disturbed compass costs) and without the sideways-acceleration
/// turn (what it brings), and the error split into the 1.5 s after a turn starts or ends (where a 1 Hz course is
/// late or overshoots) and everything else.
func printMovingErrorBreakdown(
    seeds: [UInt64], calibration: MagnetometerCalibration, ride: (UInt64, Bool) -> SimulatedRide
) {
    var withMagnets: [Double] = []
    var without: [Double] = []
    var courseRateOnly: [Double] = []
    var gains: [Double] = []
    var courseRateOnlyNearEdges: [Double] = []
    var fiveHertz: [Double] = []
    var nearEdges: [Double] = []
    var elsewhere: [Double] = []
    // Whether the accuracy we reported covered the error, near turn edges and elsewhere.
    var coveredNear: [Bool] = []
    var coveredElsewhere: [Bool] = []
    var accuracyNear: [Double] = []
    var accuracyElsewhere: [Double] = []
    for seed in seeds {
        var off = LateralTurnSensor.Settings()
        off.enabled = false
        let plainRide = ride(seed, true)
        let plain = HeadingBenchmarkScenario(
            name: "", ride: plainRide, calibration: calibration, movingOnly: true, lateralTurn: off
        ).run()
        courseRateOnly.append(rms(plain.ourErrors.compactMap(\.degrees)))
        var faster = plainRide
        faster.device.gpsHz = 5
        fiveHertz.append(
            rms(
                HeadingBenchmarkScenario(name: "", ride: faster, calibration: calibration, movingOnly: true).run()
                    .ourErrors.compactMap(\.degrees)))
        let plainEdges = plainRide.turnEdges
        courseRateOnlyNearEdges += plain.ourErrors.compactMap { e in
            plainEdges.contains(where: { e.time >= $0 && e.time < $0 + 1.5 }) ? e.degrees : nil
        }
        for magnets in [true, false] {
            let r = ride(seed, magnets)
            let result = HeadingBenchmarkScenario(name: "", ride: r, calibration: calibration, movingOnly: true).run()
            let errors = result.ourErrors.compactMap(\.degrees)
            guard magnets else {
                without.append(rms(errors))
                continue
            }
            withMagnets.append(rms(errors))
            if let g = result.sidewaysForceGain { gains.append(g) }
            let edges = r.turnEdges
            for e in result.ourErrors {
                guard let d = e.degrees else { continue }
                let covered = abs(d) <= (e.accuracy ?? 0)
                if edges.contains(where: { e.time >= $0 && e.time < $0 + 1.5 }) {
                    nearEdges.append(d)
                    coveredNear.append(covered)
                    accuracyNear.append(e.accuracy ?? .nan)
                } else {
                    elsewhere.append(d)
                    coveredElsewhere.append(covered)
                    accuracyElsewhere.append(e.accuracy ?? .nan)
                }
            }
        }
    }
    func mean(_ v: [Double]) -> Double { v.reduce(0, +) / Double(max(1, v.count)) }
    let share = Double(nearEdges.count) / Double(max(1, nearEdges.count + elsewhere.count)) * 100
    print("ride, magnets passing, 1 Hz GPS, no gyroscope, over \(seeds.count) seeds (ours):")
    print(
        "  RMS mean \(formatFixed(mean(withMagnets), digits: 2))°, range \(formatFixed(withMagnets.min() ?? .nan, digits: 2))–"
            + "\(formatFixed(withMagnets.max() ?? .nan, digits: 2))°")
    print(
        "  the same rides without magnets: RMS mean \(formatFixed(mean(without), digits: 2))° "
            + "(the magnets add \(formatFixed(mean(withMagnets) - mean(without), digits: 2))°)")
    print(
        "  without the sideways-acceleration turn (the course's rate only): RMS mean "
            + "\(formatFixed(mean(courseRateOnly), digits: 2))°, range \(formatFixed(courseRateOnly.min() ?? .nan, digits: 2))–"
            + "\(formatFixed(courseRateOnly.max() ?? .nan, digits: 2))°, \(formatFixed(rms(courseRateOnlyNearEdges), digits: 2))° "
            + "in the 1.5 s after turn starts and ends")
    print(
        "  the same rides at 5 Hz GPS: RMS mean \(formatFixed(mean(fiveHertz), digits: 2))°, range "
            + "\(formatFixed(fiveHertz.min() ?? .nan, digits: 2))–\(formatFixed(fiveHertz.max() ?? .nan, digits: 2))°")
    print(
        "  sideways-force gain learned: \(gains.count) of \(seeds.count) rides, "
            + "\(formatFixed(gains.min() ?? .nan, digits: 2))–\(formatFixed(gains.max() ?? .nan, digits: 2)) (a car: 1)"
    )
    print(
        "  in the 1.5 s after a turn starts or ends (\(formatFixed(share, digits: 0)) % of samples): RMS "
            + "\(formatFixed(rms(nearEdges), digits: 2))°; elsewhere: \(formatFixed(rms(elsewhere), digits: 2))°")
    func percent(_ v: [Bool]) -> String {
        formatFixed(Double(v.filter { $0 }.count) / Double(max(1, v.count)) * 100, digits: 0) + " %"
    }
    print(
        "  the reported accuracy (mean \(formatFixed(mean(accuracyNear), digits: 1))° there, "
            + "\(formatFixed(mean(accuracyElsewhere), digits: 1))° elsewhere) covers the error in \(percent(coveredNear)) of those "
            + "samples and \(percent(coveredElsewhere)) elsewhere (a 1-σ figure would cover about 68 %)")
}

/// Root mean square, NaN for no values.
func rms(_ v: [Double]) -> Double { v.isEmpty ? .nan : (v.map { $0 * $0 }.reduce(0, +) / Double(v.count)).squareRoot() }
