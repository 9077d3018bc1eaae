import Core
import Foundation

/// Where the error of "ride, magnets passing" (1 Hz GPS, no gyroscope) comes from, over several seeds: the same
/// rides with and without the magnets (how much the disturbed compass costs), and the error split into the
/// 1.5 s after a turn starts or ends (where a 1 Hz course is late or overshoots) and everything else.
func printMovingErrorBreakdown(seeds: [UInt64], calibration: MagnetometerCalibration, ride: (UInt64, Bool) -> SimulatedRide) {
    var withMagnets: [Double] = [], without: [Double] = []
    var nearEdges: [Double] = [], elsewhere: [Double] = []
    for seed in seeds {
        for magnets in [true, false] {
            let r = ride(seed, magnets)
            let result = HeadingBenchmarkScenario(name: "", ride: r, calibration: calibration, movingOnly: true).run()
            let errors = result.ourErrors.compactMap(\.degrees)
            (magnets ? { withMagnets.append(rms(errors)) } : { without.append(rms(errors)) })()
            guard magnets else { continue }
            let edges = turnEdges(of: r)
            for e in result.ourErrors {
                guard let d = e.degrees else { continue }
                if edges.contains(where: { e.time >= $0 && e.time < $0 + 1.5 }) { nearEdges.append(d) } else { elsewhere.append(d) }
            }
        }
    }
    func mean(_ v: [Double]) -> Double { v.reduce(0, +) / Double(max(1, v.count)) }
    let share = Double(nearEdges.count) / Double(max(1, nearEdges.count + elsewhere.count)) * 100
    print("ride, magnets passing, 1 Hz GPS, no gyroscope, over \(seeds.count) seeds (ours):")
    print("  RMS mean \(formatFixed(mean(withMagnets), digits: 2))°, range \(formatFixed(withMagnets.min() ?? .nan, digits: 2))–"
        + "\(formatFixed(withMagnets.max() ?? .nan, digits: 2))°")
    print("  the same rides without magnets: RMS mean \(formatFixed(mean(without), digits: 2))° "
        + "(the magnets add \(formatFixed(mean(withMagnets) - mean(without), digits: 2))°)")
    print("  in the 1.5 s after a turn starts or ends (\(formatFixed(share, digits: 0)) % of samples): RMS "
        + "\(formatFixed(rms(nearEdges), digits: 2))°; elsewhere: \(formatFixed(rms(elsewhere), digits: 2))°")
}

/// Times (seconds) at which the ride's turn rate changes: a turn starts or ends there.
func turnEdges(of ride: SimulatedRide) -> [Double] {
    var edges: [Double] = []
    var t = 0.0
    var previousRate = 0.0
    for s in ride.segments {
        let rate = s.duration > 0 ? s.turnDegrees / s.duration : 0
        if rate != previousRate || s.stepDegrees != 0 { edges.append(t) }
        previousRate = rate
        t += s.duration
    }
    return edges
}

func rms(_ v: [Double]) -> Double { v.isEmpty ? .nan : (v.map { $0 * $0 }.reduce(0, +) / Double(v.count)).squareRoot() }
