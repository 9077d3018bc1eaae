import Foundation
import Simulation
import Testing

@testable import Core

/// The gyro-driven heading on real recorded IMU data with optical ground truth (BROAD, Laidig et al. 2021, CC BY
/// 4.0) and on x-io Fusion's example (MIT), replayed through the replay path at 10 frames a second and measured
/// as issue 14 measures: every frame after 5 s where the truth exists and |pitch| < 60°, identity calibration with
/// the trial's median field norm. VQF's figures (scripts/heading/baselines.py, full rate) are the targets.
@Suite(.serialized)
struct RealIMUTrialTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/real").path

    /// Per trial: the heading RMS bound and the worst error allowed on disturbed frames (°), and whether the
    /// 2 s recovery applies. Bounds are VQF's RMS on the same frames (1.13, 1.26, 1.44, 1.24, 1.82, 5.76, 1.70)
    /// or, where the filter measured lower, that figure with a small margin. Trials 32 and 36 (a magnet attached
    /// at 1 and 5 cm) measured 1.68° and 4.48° before the attached magnet's offset was fitted
    /// (`AttachedMagnetTracker`); 0.75° and 1.44° since.
    static let bounds: [(id: String, rms: Double, worstDisturbed: Double, recovers: Bool)] = [
        ("02", 1.25, 3, false),
        ("07", 1.26, 6, true),
        ("10", 1.44, 3, false),
        ("24", 1.15, 5, false),
        ("29", 1.3, 6, true),
        ("32", 1.0, 3, true),
        ("36", 1.7, 5, true),
    ]

    static func replay(_ id: String, _ configure: (inout HeadingConfiguration) -> Void = { _ in }) throws
        -> RealTrialScore
    {
        let trial = try RealIMUTrial.broad(id, directory: fixtures)
        var config = HeadingConfiguration(calibration: trial.identityCalibration)
        configure(&config)
        return trial.score(trial.replay(config, fonts: try FontSet.load()))
    }

    @Test(arguments: bounds)
    func theGyroFilterHoldsTheHeadingOnABROADTrial(
        _ b: (id: String, rms: Double, worstDisturbed: Double, recovers: Bool)
    )
        throws
    {
        let s = try Self.replay(b.id)
        #expect(s.frames > 1400, "trial \(b.id): only \(s.frames) frames measured")
        #expect(s.rmsDegrees <= b.rms, "trial \(b.id): heading RMS \(s.rmsDegrees)°")
        #expect((s.worstDisturbedDegrees ?? 0) <= b.worstDisturbed, "trial \(b.id): \(s.worstDisturbedDegrees ?? 0)°")
        #expect(s.headingShare >= 0.95, "trial \(b.id): a heading on \(s.headingShare) of frames")
        // The reported accuracy is a 1-σ figure: it must cover the real error at least 68 % of the time.
        #expect(s.coverage >= 0.68, "trial \(b.id): accuracy covers \(s.coverage)")
        if b.recovers {
            #expect(
                (s.longestRecoverySeconds ?? 0) <= 2,
                "trial \(b.id): back within 5° after \(s.longestRecoverySeconds ?? 0) s")
        }
    }

    @Test func uncalibratedTheAccuracyStillCoversTheError() throws {
        // No calibration at all: BROAD's field is already calibrated, so the heading is as good; the accuracy is
        // wider (uncalibrated) and must still cover the error.
        for id in ["07", "29", "36"] {
            let s = try Self.replay(id) { $0.calibration = nil }
            #expect(s.coverage >= 0.68, "trial \(id): accuracy covers \(s.coverage)")
            #expect(s.headingShare >= 0.95)
        }
    }

    @Test func theSameBoundsFailOnTheCompassOnlyPath() throws {
        // What the bounds above would say about the path the filter replaced: they are not bounds that any
        // estimator passes.
        let s = try Self.replay("02") { $0.gyroscopeDrivesHeading = false }
        #expect(s.rmsDegrees > 1.25)
        let t = try Self.replay("36") { $0.gyroscopeDrivesHeading = false }
        #expect(t.headingShare < 0.95)
    }

    @Test func xioFusionsExampleWithAMagnetNearbyAgreesWithFusionsOwnAHRS() throws {
        // Uncalibrated, with a magnet brought near the sensor at about 101–116 s: the compass-only path showed
        // about 200° off there; the filter holds through it.
        let trial = try RealIMUTrial.fusionExample(directory: Self.fixtures)
        let s = trial.score(trial.replay(HeadingConfiguration(), fonts: try FontSet.load()))
        #expect(s.rmsDegrees <= 2, "RMS against Fusion's AHRS \(s.rmsDegrees)°")
        #expect((s.worstDisturbedDegrees ?? .infinity) <= 5, "worst with the magnet \(s.worstDisturbedDegrees ?? 0)°")
        #expect(s.headingShare >= 0.95)
        #expect(s.coverage >= 0.68)
    }
}
