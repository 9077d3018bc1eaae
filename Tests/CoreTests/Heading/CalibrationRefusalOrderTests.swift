import Foundation
import Simulation
import Testing

@testable import Core

/// The fits refuse for the most fundamental reason first: the readings' unit, their number, how far they moved;
/// only then what the fit says. Before, a barely-turned device was told to check its sensor's scale (a fit through
/// a 10° turn has a 1 µT "field" and covers every cell with noise) and a sensor reporting gauss was told to keep
/// turning (its readings, 0.01× too small, collapse under the 0.8 µT spacing).
@Suite struct CalibrationRefusalOrderTests {
    static func turn(_ degrees: Double) -> [Vector3] {
        var device = SimulatedRide.distortedDevice
        device.gpsHz = 0
        var session = CalibrationSession()
        for case .magnetometer(let s) in SimulatedRide(
            segments: [.init(duration: 40, turnDegrees: degrees)], device: device
        ).events() {
            session.add(s)
        }
        return session.samples
    }

    @Test(arguments: [10.0, 40.0])
    func aBarelyTurnedDeviceIsToldToTurnNotToCheckItsScale(_ degrees: Double) throws {
        let samples = Self.turn(degrees)
        // The fit itself passes the old first checks (enough samples, conditioned, coverage), and its radius is
        // not Earth's: validate used to report that.
        let outcome = try #require(EllipsoidFit.fit(samples))
        #expect(outcome.calibration.fieldRadiusMicrotesla < 10)
        #expect(throws: CalibrationError.self) { try EllipsoidFit.validate(outcome) }
        do {
            _ = try EllipsoidFit.validate(outcome)
        } catch let e as CalibrationError {
            guard case .barelyTurned(let spread, let needed, .ellipsoid) = e else {
                Issue.record("validate gave \(e)")
                return
            }
            #expect(spread < needed && needed == 20)
            #expect(e.description.contains("turn the device slowly"))
            #expect(e.isFoundBeforeTheFit)
        }
        #expect {
            try EllipsoidFit.calibrate(samples)
        } throws: { e in
            if case .barelyTurned = e as? CalibrationError { return true } else { return false }
        }
    }

    @Test func readingsInGaussAreToldToCheckTheScaleNotToKeepTurning() throws {
        var session = CalibrationSession()
        for case .magnetometer(let s) in SimulatedRide.calibrationTumble(device: SimulatedRide.distortedDevice).events()
        {
            session.add(MagnetometerSample(time: s.time, microtesla: s.microtesla * 0.01))
        }
        // A whole tumble, but only a handful of readings 0.8 "µT" apart.
        #expect(session.samples.count < 150)
        #expect {
            try session.finish()
        } throws: { e in
            guard case .notMicrotesla(let typical) = e as? CalibrationError else { return false }
            return typical < 2 && "\(e)".contains("scale")
        }
        #expect(session.progress.hint.contains("scale"), "\(session.progress.hint)")
    }

    @Test func readingsInNanoteslaAreToldToCheckTheScale() throws {
        let samples = CalibrationTests.tumbleSamples(hardIron: .zero, softIron: .identity).map { $0 * 1000 }
        #expect {
            try EllipsoidFit.calibrate(samples)
        } throws: { e in
            if case .notMicrotesla = e as? CalibrationError { return true } else { return false }
        }
    }

    @Test func tooFewSamplesStillComeBeforeTheSpread() {
        // 50 readings of a device that barely moved: the count is what to fix first (and the old message stays).
        let samples = Array(Self.turn(10).prefix(50))
        #expect(throws: CalibrationError.tooFewSamples(50, needed: 150)) { try EllipsoidFit.calibrate(samples) }
    }

    @Test func aGoodTumbleIsNotHeldUpByTheNewChecks() throws {
        let samples = CalibrationTests.tumbleSamples(
            hardIron: Vector3(x: 28, y: -36, z: 41), softIron: SimulatedRide.distortedDevice.softIron)
        let readings = CalibrationReadings(samples)
        #expect(readings.spreadMicrotesla > 80)
        #expect(readings.problem(requirements: .init(), fit: .ellipsoid) == nil)
        _ = try EllipsoidFit.calibrate(samples)
    }

    @Test func aFlatCircleWithoutLevelIsRefusedWithAHintAtTheLevelFit() throws {
        var device = SimulatedRide.distortedDevice
        device.gpsHz = 0
        let ride = SimulatedRide(segments: [.init(duration: 40, turnDegrees: 720)], device: device)
        var session = CalibrationSession()
        for case .magnetometer(let s) in ride.events() { session.add(s) }
        #expect {
            try session.finish()
        } throws: { e in
            "\(e)".contains("--level")
        }
    }
}
