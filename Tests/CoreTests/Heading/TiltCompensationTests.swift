import Foundation
import Simulation
import Testing

@testable import Core

@Suite struct TiltCompensationTests {
    // A field with no declination: 15 µT north, 50 µT down (dip 73.3°, like Helsinki).
    static let world = Vector3(x: 15, y: 0, z: 50)
    static let attitudes: [(yaw: Double, pitch: Double, roll: Double)] = [
        (0, 0, 0), (90, 0, 0), (180, 0, 0), (270, 0, 0), (359, 0, 0),
        (45, 30, 0), (45, -30, 0), (45, 0, 30), (45, 0, -30), (200, 25, -20), (300, -30, 30), (10, 60, 45),
        (135, 0, 170),  // nearly upside down
    ]

    @Test(arguments: attitudes)
    func tiltCompensationRecoversTheHeadingAtAKnownAttitude(_ a: (yaw: Double, pitch: Double, roll: Double)) throws {
        let toBody = SimulatedRide.bodyToWorld(yaw: a.yaw, pitch: a.pitch, roll: a.roll).transposed
        let field = toBody * Self.world
        // At rest the accelerometer feels the ground pushing up: specific force (0, 0, −g) in the world frame.
        let accel = toBody * Vector3(x: 0, y: 0, z: -9.81)
        let down = try #require(TiltCompensation.down(fromSpecificForce: accel))
        let result = try #require(TiltCompensation.heading(field: field, down: down))
        #expect(abs(result.heading.signedDifference(to: Angle(a.yaw))) < 1e-9)
        #expect(abs(result.dipDegrees - atan2(50, 15) * 180 / .pi) < 1e-9)
    }

    @Test func aLevelBoardReadsTheSignsTheBodyFrameDefines() throws {
        let level = try #require(TiltCompensation.down(fromSpecificForce: Vector3(x: 0, y: 0, z: -9.81)))
        #expect(level == Vector3(x: 0, y: 0, z: 1))
        // Facing east, north is on the left (−y): the field has a negative y component.
        let east = try #require(TiltCompensation.heading(field: Vector3(x: 0, y: -15, z: 50), down: level))
        #expect(abs(east.heading.degrees - 90) < 1e-9)
        let west = try #require(TiltCompensation.heading(field: Vector3(x: 0, y: 15, z: 50), down: level))
        #expect(abs(west.heading.degrees - 270) < 1e-9)
    }

    @Test func ignoringA30DegreeTiltWouldCostTensOfDegrees() throws {
        let toBody = SimulatedRide.bodyToWorld(yaw: 90, pitch: 0, roll: 30).transposed
        let field = toBody * Self.world
        let assumedLevel = try #require(TiltCompensation.heading(field: field, down: TiltCompensation.levelDown))
        #expect(abs(assumedLevel.heading.signedDifference(to: Angle(90))) > 20)
    }

    @Test func degenerateInputsGiveNoHeading() {
        #expect(TiltCompensation.down(fromSpecificForce: .zero) == nil)
        // A field straight along gravity has no horizontal direction.
        #expect(TiltCompensation.heading(field: Vector3(x: 0, y: 0, z: 50), down: TiltCompensation.levelDown) == nil)
    }
}
