import Foundation
import Simulation
import Testing

@testable import Core

@Suite struct CalibrationTests {
    static let distortions: [(name: String, hardIron: Vector3, softIron: [Double])] = [
        ("none", Vector3.zero, [1, 0, 0, 0, 1, 0, 0, 0, 1]),
        ("hard iron only", Vector3(x: 30, y: -20, z: 45), [1, 0, 0, 0, 1, 0, 0, 0, 1]),
        ("typical handlebar", Vector3(x: 28, y: -36, z: 41), [1.12, 0.06, -0.03, 0.06, 0.93, 0.04, -0.03, 0.04, 1.02]),
        ("strong soft iron", Vector3(x: -60, y: 15, z: 5), [1.4, 0.15, 0, 0.15, 0.8, 0.1, 0, 0.1, 1.1]),
    ]

    static func tumbleSamples(hardIron: Vector3, softIron: Matrix3, seed: UInt64 = 3) -> [Vector3] {
        var device = SimulatedRide.Device()
        device.hardIronMicrotesla = hardIron
        device.softIron = softIron
        device.magnetometerNoiseMicrotesla = 0.3
        return SimulatedRide.calibrationTumble(device: device, seed: seed).events().compactMap {
            if case .magnetometer(let s) = $0 { return s.microtesla } else { return nil }
        }
    }

    @Test(arguments: distortions)
    func ellipsoidFitRecoversAKnownDistortionFromNoisySamples(
        _ c: (name: String, hardIron: Vector3, softIron: [Double])
    ) throws {
        let soft = try #require(Matrix3(rowMajor: c.softIron))
        let samples = Self.tumbleSamples(hardIron: c.hardIron, softIron: soft)
        let cal = try EllipsoidFit.calibrate(samples)
        #expect((cal.hardIronMicrotesla - c.hardIron).length < 0.3, "offset \(cal.hardIronMicrotesla)")
        // The fit's correction undoes the distortion up to an overall scale: W · S is a multiple of the identity
        // (both are symmetric, so no rotation is left over).
        let product = cal.softIron * soft
        let scale = pow(product.determinant, 1.0 / 3)
        for (i, v) in product.rowMajor.enumerated() {
            #expect(abs(v / scale - (i % 4 == 0 ? 1 : 0)) < 0.01, "W·S[\(i)] = \(v / scale)")
        }
        // Corrected readings are W·S·B = scale·B: a sphere of the Earth's field times that scale.
        let earth = SimulatedRide(segments: [.init(duration: 1)]).earthFieldMicrotesla.length
        #expect(abs(cal.fieldRadiusMicrotesla - earth * scale) < 0.3)
        let q = try #require(cal.quality)
        #expect(q.residualPercent < 1.5)
        #expect(q.coverage > 0.8)
        #expect(q.sampleCount == samples.count)
    }

    @Test func aFlatCircleIsRefusedWithAReasonThatSaysToTilt() throws {
        var device = SimulatedRide.distortedDevice
        device.gpsHz = 0
        let ride = SimulatedRide(segments: [.init(duration: 40, turnDegrees: 720)], device: device)
        let samples = ride.events().compactMap { e -> Vector3? in
            if case .magnetometer(let s) = e { return s.microtesla } else { return nil }
        }
        #expect(throws: CalibrationError.self) { try EllipsoidFit.calibrate(samples) }
        do {
            _ = try EllipsoidFit.calibrate(samples)
        } catch let e as CalibrationError {
            switch e {
            case .illConditioned, .poorCoverage: #expect(e.description.contains("tilt"))
            default: Issue.record("unexpected reason: \(e)")
            }
        }
    }

    @Test func tooFewSamplesAreRefused() {
        let samples = Array(Self.tumbleSamples(hardIron: .zero, softIron: .identity).prefix(50))
        #expect(throws: CalibrationError.tooFewSamples(50, needed: 150)) { try EllipsoidFit.calibrate(samples) }
    }

    @Test func aMagnetMovingDuringCalibrationIsRefusedForItsResidual() throws {
        var device = SimulatedRide.Device()
        device.gpsHz = 0
        var ride = SimulatedRide.calibrationTumble(device: device)
        ride.magnets = (0..<6).map {
            SimulatedRide.Magnet(
                atSeconds: 5 + Double($0) * 10, widthSeconds: 1.5, peakMicrotesla: Vector3(x: 15, y: -12, z: 10))
        }
        let samples = ride.events().compactMap { e -> Vector3? in
            if case .magnetometer(let s) = e { return s.microtesla } else { return nil }
        }
        #expect(throws: CalibrationError.self) { try EllipsoidFit.calibrate(samples) }
    }

    @Test func aFieldInTheWrongUnitIsRefused() {
        // Gauss instead of µT: the "field" is 100× too small.
        let samples = Self.tumbleSamples(hardIron: .zero, softIron: .identity).map { $0 * 0.01 }
        #expect(throws: CalibrationError.self) { try EllipsoidFit.calibrate(samples) }
    }

    @Test func theSessionReportsProgressAndBecomesReady() throws {
        var session = CalibrationSession()
        let events = SimulatedRide.calibrationTumble(device: SimulatedRide.distortedDevice).events()
        let mags = events.compactMap { e -> MagnetometerSample? in
            if case .magnetometer(let s) = e { return s } else { return nil }
        }
        for s in mags.prefix(100) { session.add(s) }
        let early = session.progress
        #expect(!early.isReady)
        for s in mags.dropFirst(100) { session.add(s) }
        let done = session.progress
        #expect(done.isReady, "\(done.hint)")
        #expect(done.coverage > early.coverage)
        #expect(done.sampleCount > 500)
        let cal = try session.finish()
        #expect((cal.hardIronMicrotesla - SimulatedRide.distortedDevice.hardIronMicrotesla).length < 0.5)
    }

    @Test func holdingStillAddsNoSamples() {
        var session = CalibrationSession()
        for i in 0..<500 {
            session.add(
                MagnetometerSample(time: Timestamp(seconds: Double(i) * 0.02), microtesla: Vector3(x: 15, y: 1, z: 50)))
        }
        #expect(session.samples.count == 1)
    }

    @Test func theCalibrationFileRoundTrips() throws {
        let samples = Self.tumbleSamples(
            hardIron: Vector3(x: 10, y: 20, z: -30), softIron: SimulatedRide.distortedDevice.softIron)
        var cal = try EllipsoidFit.calibrate(samples, expectedFieldMicrotesla: 52.1)
        cal.expectedFieldMicrotesla = 52.1
        let text = cal.serialized()
        let back = try MagnetometerCalibration(parsing: text)
        #expect((back.hardIronMicrotesla - cal.hardIronMicrotesla).length < 1e-5)
        for (a, b) in zip(back.softIron.rowMajor, cal.softIron.rowMajor) { #expect(abs(a - b) < 1e-5) }
        #expect(back.expectedFieldMicrotesla == 52.1)
        #expect(back.quality?.sampleCount == samples.count)
        #expect(text.hasPrefix("# navdisplay magnetometer calibration"))
    }

    static let badFiles: [(text: String, mentions: String)] = [
        ("format 1\nsoft_iron 1 0 0 0 1 0 0 0 1\nfield_radius_ut 50\n", "hard_iron_ut"),
        ("format 1\nhard_iron_ut 1 2\nsoft_iron 1 0 0 0 1 0 0 0 1\nfield_radius_ut 50\n", "line 2"),
        ("format 1\nhard_iron_ut 1 2 x\nsoft_iron 1 0 0 0 1 0 0 0 1\nfield_radius_ut 50\n", "'x'"),
        ("format 3\nhard_iron_ut 1 2 3\nsoft_iron 1 0 0 0 1 0 0 0 1\nfield_radius_ut 50\n", "unknown format 3"),
        ("format 2\nhard_iron_ut 1 2 3\nsoft_iron 1 0 0 0 1 0 0 0 1\nfield_radius_ut 50\n", "missing 'fit' line"),
        (
            "format 2\nfit level sideways\nhard_iron_ut 1 2 3\nsoft_iron 1 0 0 0 1 0 0 0 1\nfield_radius_ut 50\n",
            "line 2: unknown fit"
        ),
        (
            "format 1\nfit level vertical-from-wmm\nhard_iron_ut 1 2 3\nsoft_iron 1 0 0 0 1 0 0 0 1\nfield_radius_ut 50\n",
            "needs format 2"
        ),
        ("format 1\nhard_iron_ut 1 2 3\nsoft_iron 0 0 0 0 0 0 0 0 0\nfield_radius_ut 50\n", "degenerate"),
    ]

    @Test(arguments: badFiles)
    func aBrokenCalibrationFileIsRejectedWithItsProblem(_ c: (text: String, mentions: String)) {
        do {
            _ = try MagnetometerCalibration(parsing: c.text)
            Issue.record("parsed a broken file")
        } catch {
            #expect("\(error)".contains(c.mentions), "\(error)")
        }
    }
}
