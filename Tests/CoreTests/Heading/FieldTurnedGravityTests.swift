import Foundation
import Simulation
import Testing

@testable import Core

/// The compass-only path's "down": accelerations average out, a tilt the field shows is followed at once.
@Suite struct FieldTurnedGravityTests {
    // 15 µT north, 40 µT down (dip 69°, about BROAD's lab).
    static let world = Vector3(x: 15, y: 0, z: 40)

    /// A unit facing east pitches by ±20° (0.5 Hz) while a hand shakes it back and forth by ±1.5 m/s² (2 Hz): the heading error, RMS over 10 s at 50 Hz, from the raw accelerometer and from the
    /// field-turned low-pass, and from a low-pass in the body frame with the same time constant.
    static func headingErrors() -> (raw: Double, turned: Double, bodyFrame: Double) {
        var turned = FieldTurnedGravity()
        var body: Vector3?
        var rawSquares = 0.0
        var turnedSquares = 0.0
        var bodySquares = 0.0
        var count = 0
        for i in 0..<500 {
            let t = Double(i) / 50
            let pitch = 20 * sin(2 * .pi * 0.5 * t)
            let toBody = SimulatedRide.bodyToWorld(yaw: 90, pitch: pitch, roll: 0).transposed
            // The hand's acceleration, east-west in the world frame (along the unit), plus the ground's push up.
            let shake = Vector3(x: 0, y: 1.5 * sin(2 * .pi * 2 * t), z: 0)
            let force = toBody * (shake + Vector3(x: 0, y: 0, z: -9.81))
            let field = toBody * Self.world
            let time = Timestamp(seconds: t)
            turned.accelerometer(force, at: time)
            turned.magnetometer(field)
            let lowPassed = body.map { $0 + (force - $0) * (0.02 / turned.parameters.timeConstantSeconds) } ?? force
            body = lowPassed
            guard t >= 1, let bodyDown = TiltCompensation.down(fromSpecificForce: lowPassed),
                let l = TiltCompensation.heading(field: field, down: bodyDown), let f = turned.specificForce,
                let down = TiltCompensation.down(fromSpecificForce: f),
                let h = TiltCompensation.heading(field: field, down: down),
                let rawDown = TiltCompensation.down(fromSpecificForce: force),
                let r = TiltCompensation.heading(field: field, down: rawDown)
            else { continue }
            turnedSquares += pow(h.heading.signedDifference(to: Angle(90)), 2)
            rawSquares += pow(r.heading.signedDifference(to: Angle(90)), 2)
            bodySquares += pow(l.heading.signedDifference(to: Angle(90)), 2)
            count += 1
        }
        func rms(_ squares: Double) -> Double { (squares / Double(count)).squareRoot() }
        return (rms(rawSquares), rms(turnedSquares), rms(bodySquares))
    }

    @Test func aShakenUnitsHeadingIsSteadierThanTheRawAccelerometersWhileItPitches() {
        let e = Self.headingErrors()
        // Measured: raw 15.8°, body frame 15.5° (it lags the pitch), field-turned 8.3°.
        #expect(e.raw > 12, "raw accelerometer: \(e.raw)°")
        #expect(e.turned < e.raw / 1.6, "field-turned: \(e.turned)° against raw \(e.raw)°")
        #expect(e.turned < e.bodyFrame / 1.6, "field-turned: \(e.turned)° against the body frame's \(e.bodyFrame)°")
    }

    @Test func aRollTheFieldShowsIsFollowedWithoutLag() throws {
        // No acceleration at all: only the rotation. A body-frame low-pass with the same time constant lags the
        // roll; the field-turned one turns with it.
        var turned = FieldTurnedGravity()
        var worst = 0.0
        for i in 0..<200 {
            let t = Double(i) / 50
            let toBody = SimulatedRide.bodyToWorld(yaw: 90, pitch: 0, roll: 45 * t / 4).transposed
            let force = toBody * Vector3(x: 0, y: 0, z: -9.81)
            turned.accelerometer(force, at: Timestamp(seconds: t))
            turned.magnetometer(toBody * Self.world)
            let f = try #require(turned.specificForce)
            let angle = acos(max(-1, min(1, f.dot(force) / (f.length * force.length)))) * 180 / .pi
            worst = max(worst, angle)
        }
        #expect(worst < 0.01, "down off by \(worst)°")
    }

    @Test func aJumpInTheFieldsStrengthIsNotTakenForARotation() throws {
        var turned = FieldTurnedGravity()
        let level = Vector3(x: 0, y: 0, z: -9.81)
        turned.accelerometer(level, at: Timestamp(seconds: 0))
        turned.magnetometer(Self.world)
        // A magnet adds 10 µT sideways: the field turns by 13° and grows by 9 %.
        turned.magnetometer(Self.world + Vector3(x: 0, y: 10, z: 0))
        let f = try #require(turned.specificForce)
        #expect((f - level).length < 1e-9)
    }

    @Test func aSilentAccelerometerStartsTheLowPassAfresh() throws {
        var turned = FieldTurnedGravity()
        turned.accelerometer(Vector3(x: 0, y: 0, z: -9.81), at: Timestamp(seconds: 0))
        let tilted = Vector3(x: 0, y: 9.81 * sin(0.5), z: -9.81 * cos(0.5))
        turned.accelerometer(tilted, at: Timestamp(seconds: 2))
        let f = try #require(turned.specificForce)
        #expect((f - tilted).length < 1e-9)
    }
}
