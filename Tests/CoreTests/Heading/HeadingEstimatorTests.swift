import Foundation
import Simulation
import Testing

@testable import Core

/// Runs a simulated ride through an estimator and keeps, per magnetometer sample, the truth and the estimate.
struct RideRun {
    var ride: SimulatedRide
    var samples: [(time: Double, truth: Angle, estimate: HeadingEstimate)] = []

    init(_ ride: SimulatedRide, configuration: HeadingConfiguration, extraEvents: [SensorEvent] = []) {
        self.ride = ride
        var estimator = HeadingEstimator(configuration: configuration)
        let events = (ride.events() + extraEvents).sorted { $0.time < $1.time }
        for e in events {
            estimator.apply(e)
            if case .magnetometer(let m) = e {
                samples.append((m.time.seconds, ride.pose(at: m.time.seconds).heading, estimator.estimate))
            }
        }
    }

    func between(_ a: Double, _ b: Double) -> [(time: Double, truth: Angle, estimate: HeadingEstimate)] {
        samples.filter { $0.time >= a && $0.time < b }
    }

    /// RMS error in degrees of the samples in [a, b) that have a heading.
    func rmsError(_ a: Double, _ b: Double) -> Double {
        let e = between(a, b).compactMap { s in s.estimate.heading.map { s.truth.signedDifference(to: $0.direction) } }
        return e.isEmpty ? .infinity : (e.map { $0 * $0 }.reduce(0, +) / Double(e.count)).squareRoot()
    }

    static let calibration: MagnetometerCalibration = {
        var session = CalibrationSession()
        for case .magnetometer(let s) in SimulatedRide.calibrationTumble(
            device: SimulatedRide.distortedDevice, seed: 42
        ).events() {
            session.add(s)
        }
        return try! session.finish()
    }()

    static func configuration(for ride: SimulatedRide, calibrated: Bool = true) -> HeadingConfiguration {
        var c = HeadingConfiguration(calibration: calibrated ? calibration : nil)
        c.fallbackDecimalYear = DecimalYear.from(utcSeconds: ride.startUTCSeconds)
        return c
    }
}

@Suite struct HeadingEstimatorTests {
    static func handheld(gps: Bool = false, accelerometer: Bool = true) -> SimulatedRide {
        var d = SimulatedRide.distortedDevice
        d.gpsHz = gps ? 1 : 0
        d.accelerometerHz = accelerometer ? 50 : 0
        return SimulatedRide(
            initialHeadingDegrees: 40,
            segments: [
                .init(duration: 8, pitchSwingDegrees: 30, rollSwingDegrees: 30, swingPeriod: 3),
                .init(duration: 6, turnDegrees: 120, pitchSwingDegrees: 30, rollSwingDegrees: 30, swingPeriod: 3),
                .init(duration: 8, pitchSwingDegrees: 30, rollSwingDegrees: 30, swingPeriod: 3),
            ], device: d, seed: 5)
    }

    @Test func aCalibratedUnitTiltedByThirtyDegreesReadsTheTrueHeadingWithinOneDegree() {
        let ride = Self.handheld()
        var config = RideRun.configuration(for: ride)
        config.fallbackCoordinate = ride.start
        let run = RideRun(ride, configuration: config)
        #expect(run.rmsError(2, ride.duration) <= 1.0)
        let last = run.samples.last!.estimate
        #expect(last.heading?.reference == .trueNorth)
        #expect(last.heading?.source == .compass)
        #expect(last.flags.isEmpty, "\(last.flags)")
    }

    @Test func withoutAPositionTheHeadingIsMagneticAndFlaggedUntilAFixArrives() throws {
        let ride = Self.handheld(gps: true)
        let run = RideRun(ride, configuration: RideRun.configuration(for: ride))
        let before = try #require(run.between(0.1, 0.4).last?.estimate)
        #expect(before.heading?.reference == .magneticNorth)
        #expect(before.flags.contains(.magneticOnly))
        #expect(before.declinationDegrees == nil)
        let after = try #require(run.between(1, 1.2).last?.estimate)
        #expect(after.heading?.reference == .trueNorth)
        #expect(!after.flags.contains(.magneticOnly))
        let d = try #require(after.declinationDegrees)
        #expect(d > 9 && d < 13)
    }

    @Test func withoutAnAccelerometerTheLevelAssumptionIsFlagged() {
        let ride = Self.handheld(accelerometer: false)
        var config = RideRun.configuration(for: ride)
        config.fallbackCoordinate = ride.start
        let run = RideRun(ride, configuration: config)
        let last = run.samples.last!.estimate
        #expect(last.flags.contains(.levelAssumed))
        #expect((last.heading?.accuracyDegrees ?? 0) >= config.levelAssumedAccuracyDegrees)
        // And the same unit with its accelerometer is not flagged.
        let withAccel = RideRun(Self.handheld(), configuration: config).samples.last!.estimate
        #expect(!withAccel.flags.contains(.levelAssumed))
    }

    @Test func anUncalibratedCompassIsFlaggedWithAWideAccuracy() {
        let ride = Self.handheld()
        var config = RideRun.configuration(for: ride, calibrated: false)
        config.fallbackCoordinate = ride.start
        let run = RideRun(ride, configuration: config)
        // Never mistaken for a disturbance (the raw field's strength and dip are off by the hard iron).
        #expect(run.samples.allSatisfy { !$0.estimate.flags.contains(.disturbed) && $0.estimate.heading != nil })
        let last = run.samples.last!.estimate
        #expect(last.flags.contains(.uncalibrated))
        #expect((last.heading?.accuracyDegrees ?? 0) >= 15)
    }

    @Test func aPassingMagnetIsFlaggedAndDoesNotTurnTheHeading() {
        var d = SimulatedRide.distortedDevice
        d.gpsHz = 0
        var ride = SimulatedRide(initialHeadingDegrees: 120, segments: [.init(duration: 20)], device: d, seed: 8)
        ride.magnets = [
            SimulatedRide.Magnet(atSeconds: 10, widthSeconds: 1, peakMicrotesla: Vector3(x: 20, y: -25, z: 10))
        ]
        var config = RideRun.configuration(for: ride)
        config.fallbackCoordinate = ride.start
        let run = RideRun(ride, configuration: config)
        #expect(run.between(9.5, 10.5).allSatisfy { $0.estimate.flags.contains(.disturbed) })
        #expect(run.between(2, 7).allSatisfy { !$0.estimate.flags.contains(.disturbed) })
        #expect(run.between(14, 20).allSatisfy { !$0.estimate.flags.contains(.disturbed) })
        #expect(run.rmsError(2, 20) < 2.5)
        // While held, the accuracy says so.
        let held = run.between(10, 10.1).first!.estimate
        #expect(held.flags.contains(.held))
        // And the naive reading would have swung by tens of degrees.
        let peak = ride.events().compactMap { e -> Double? in
            guard case .magnetometer(let m) = e, abs(m.time.seconds - 10) < 0.02 else { return nil }
            let b = RideRun.calibration.apply(m.microtesla)
            return TiltCompensation.heading(field: b, down: TiltCompensation.levelDown)?.heading.degrees
        }
        #expect(abs(Angle(120 - 11).signedDifference(to: Angle(peak.first ?? 0))) > 20)
    }

    @Test func aLostCompassIsFlaggedHeldBrieflyThenUnknown() throws {
        let ride = Self.handheld()
        var config = RideRun.configuration(for: ride)
        config.fallbackCoordinate = ride.start
        var estimator = HeadingEstimator(configuration: config)
        for e in ride.events() where e.time.seconds < 5 { estimator.apply(e) }
        #expect(estimator.estimate.heading != nil)
        estimator.apply(
            .sourceStatus(
                Timestamp(seconds: 5), SourceStatus(source: .magnetometer, available: false, detail: "read failed")))
        #expect(estimator.estimate.flags.contains(.compassLost))
        #expect(estimator.estimate.flags.contains(.held))
        #expect(estimator.estimate.heading != nil)
        estimator.apply(
            .sourceStatus(
                Timestamp(seconds: 5 + config.holdSeconds + 0.1),
                SourceStatus(source: .gps, available: true, detail: "")))
        #expect(estimator.estimate.heading == nil)
        #expect(estimator.estimate.report.usableHeading == nil)
    }

    @Test func anExternalCompassReportDrivesTheHeading() throws {
        var config = HeadingConfiguration()
        config.fallbackDecimalYear = 2026
        var estimator = HeadingEstimator(configuration: config)
        for i in 0..<50 {
            estimator.apply(
                .compassHeading(
                    Timestamp(seconds: Double(i) * 0.1), HeadingReport(magneticDegrees: 200, accuracyDegrees: 3)))
        }
        let h = try #require(estimator.estimate.heading)
        #expect(abs(h.direction.signedDifference(to: Angle(200))) < 0.5)
        #expect(h.reference == .magneticNorth)
        #expect(!estimator.estimate.flags.contains(.uncalibrated))
    }
}

@Suite struct HeadingEstimatorBadInputTests {
    static let garbage: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 0]

    @Test func garbageValuesAndTimeGoingBackwardsNeverCrashOrPoisonTheHeading() throws {
        var config = HeadingConfiguration(calibration: RideRun.calibration)
        config.fallbackDecimalYear = .nan
        var estimator = HeadingEstimator(configuration: config)
        let good = SimulatedRide(segments: [.init(duration: 3, startSpeed: 5)], device: SimulatedRide.distortedDevice)
            .events()
        for e in good { estimator.apply(e) }
        var t = 3.0
        for g in Self.garbage {
            let v = Vector3(x: g, y: g, z: g)
            t -= 0.5  // time going backwards as well
            let ts = Timestamp(seconds: t)
            estimator.apply(.magnetometer(MagnetometerSample(time: ts, microtesla: v)))
            estimator.apply(.accelerometer(AccelerometerSample(time: ts, metresPerSecondSquared: v)))
            estimator.apply(.gyroscope(GyroscopeSample(time: ts, radiansPerSecond: v)))
            estimator.apply(
                .gpsFix(
                    GPSFix(
                        time: ts, mode: .threeD, utcSeconds: g, coordinate: GeoCoordinate(latitude: g, longitude: g),
                        altitudeMetres: g,
                        speedMetresPerSecond: g, courseDegrees: g, speedErrorMetresPerSecond: g, courseErrorDegrees: g))
            )
            estimator.apply(.compassHeading(ts, HeadingReport(magneticDegrees: g, trueDegrees: g, accuracyDegrees: g)))
            if let h = estimator.estimate.heading {
                #expect(h.direction.degrees.isFinite && h.accuracyDegrees.isFinite)
            }
            if let d = estimator.estimate.declinationDegrees { #expect(d.isFinite) }
        }
        // Good data afterwards still gives a good heading.
        for e in SimulatedRide(
            initialHeadingDegrees: 10, segments: [.init(duration: 4)], device: SimulatedRide.distortedDevice
        ).events() {
            estimator.apply(.init(shiftedBy: 10, e))
        }
        let h = try #require(estimator.estimate.heading)
        #expect(abs(h.direction.signedDifference(to: Angle(10))) < 3)
    }
}

extension SensorEvent {
    /// The same event `seconds` later (for splicing simulated rides).
    init(shiftedBy seconds: Double, _ e: SensorEvent) {
        self = e
        time = e.time.adding(seconds: seconds)
    }
}
