import Foundation
import Simulation
import Testing

@testable import Core

/// The accuracy reported while GPS course drives the heading: between 1 Hz fixes the start and end of a turn are
/// guessed, and the accuracy must say so instead of claiming the course's ±1°.
@Suite struct CourseAccuracyTests {
    /// Riding straight, a 90° turn over 4 s, straight again; 1 Hz fixes, no gyroscope.
    static let ride: SimulatedRide = {
        var d = SimulatedRide.distortedDevice
        d.gyroscopeHz = 0
        return SimulatedRide(
            initialHeadingDegrees: 40,
            segments: [
                .init(duration: 12, startSpeed: 6), .init(duration: 4, turnDegrees: 90, startSpeed: 6),
                .init(duration: 10, startSpeed: 6),
            ],
            device: d, seed: 41)
    }()

    /// The share of samples in [a, b) whose error the reported accuracy covers.
    static func covered(_ run: RideRun, _ a: Double, _ b: Double) -> Double {
        let samples = run.between(a, b).compactMap { s in
            s.estimate.heading.map { abs(s.truth.signedDifference(to: $0.direction)) <= $0.accuracyDegrees }
        }
        return Double(samples.filter { $0 }.count) / Double(max(1, samples.count))
    }

    @Test func atTheStartAndEndOfATurnTheAccuracyWidensToCoverTheGuess() {
        let run = RideRun(Self.ride, configuration: RideRun.configuration(for: Self.ride))
        // The 1.5 s after the turn starts (t = 12) and ends (t = 16), where the 1 Hz course is late or overshoots.
        let edges = run.between(12, 13.5) + run.between(16, 17.5)
        let errors = edges.compactMap { s in s.estimate.heading.map { abs(s.truth.signedDifference(to: $0.direction)) }
        }
        #expect(errors.max() ?? 0 > 5, "the ride should have a turn the 1 Hz course is late for")
        #expect(Self.covered(run, 12, 13.5) >= 0.6)
        #expect(Self.covered(run, 16, 17.5) >= 0.6)
        // Riding straight, the accuracy stays a few degrees: it is not widened everywhere.
        let straight = run.between(5, 11).compactMap { $0.estimate.heading?.accuracyDegrees }
        #expect(!straight.isEmpty && straight.allSatisfy { $0 < 4 }, "\(straight.max() ?? .nan)")
    }
}
