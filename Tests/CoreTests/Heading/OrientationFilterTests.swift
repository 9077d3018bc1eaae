import Foundation
import Testing

@testable import Core

/// The orientation filter's mechanics on exact inputs (the real-data tests are in RealIMUTrialTests).
struct OrientationFilterTests {
    static let g = 9.80665
    /// Level at rest: specific force points up, i.e. −z in the body frame.
    static let levelForce = Vector3(x: 0, y: 0, z: -g)
    /// A field with 20 µT north and 40 µT down.
    static let northField = Vector3(x: 20, y: 0, z: 40)

    func levelled(headingDegrees: Double = 0) -> OrientationFilter {
        var f = OrientationFilter()
        f.accelerometer(Self.levelForce, at: Timestamp(seconds: 0))
        let field = Matrix3.rotationAboutDown(degrees: -headingDegrees) * Self.northField
        f.magnetometer(field, at: Timestamp(seconds: 0))
        return f
    }

    @Test func theFirstFieldSetsTheHeading() throws {
        let f = levelled(headingDegrees: 30)
        let h = try #require(f.headingDegrees)
        #expect(abs(Angle(h).signedDifference(to: Angle(30))) < 0.5)
    }

    @Test func turningRightAboutBodyZIncreasesTheHeading() throws {
        var f = levelled()
        // 90 °/s about body z (down) for 1 s, at 100 Hz.
        for i in 0...100 {
            f.gyroscope(Vector3(x: 0, y: 0, z: .pi / 2), at: Timestamp(seconds: Double(i) / 100))
        }
        let h = try #require(f.headingDegrees)
        #expect(abs(Angle(h).signedDifference(to: Angle(90))) < 0.5)
    }

    @Test func turningAboutBodyYRaisesTheNose() throws {
        var f = levelled()
        for i in 0...100 {
            f.gyroscope(Vector3(x: 0, y: .pi / 6, z: 0), at: Timestamp(seconds: Double(i) / 100))
        }
        let q = try #require(f.attitude)
        #expect(abs(q.pitchDegrees - 30) < 0.5)
    }

    @Test func aFieldTooStrongIsRejectedAndTheHeadingHeld() throws {
        var f = levelled()
        for i in 1...200 {
            let t = Timestamp(seconds: Double(i) / 100)
            f.gyroscope(.zero, at: t)
            f.accelerometer(Self.levelForce, at: t)
            f.magnetometer(Self.northField, at: t)
        }
        // A magnet: the field doubles and turns by 60°.
        let magnet = (Matrix3.rotationAboutDown(degrees: 60) * Self.northField) * 2
        let verdict = f.magnetometer(magnet, at: Timestamp(seconds: 2.01))
        #expect(verdict.outcome == .disturbed)
        let h = try #require(f.headingDegrees)
        #expect(abs(Angle(h).signedDifference(to: Angle(0))) < 0.5)
    }

    @Test func theBiasIsLearnedAtRest() {
        var f = levelled()
        let bias = Vector3(x: 0.002, y: -0.001, z: 0.01)
        for i in 1...2000 {
            let t = Timestamp(seconds: Double(i) / 100)
            f.accelerometer(Self.levelForce, at: t)
            f.gyroscope(bias, at: t)
        }
        #expect((f.biasRadiansPerSecond - bias).length < 1e-4)
    }

    @Test func aGapInTheGyroscopesReadingsForgetsTheHeadingUntilTheFieldBringsItBack() throws {
        var f = levelled()
        f.gyroscope(.zero, at: Timestamp(seconds: 0.01))
        // 0.4 s without a reading: the turn across it is unknown, not zero.
        f.gyroscope(.zero, at: Timestamp(seconds: 0.41))
        #expect(f.headingDegrees == nil)
        f.magnetometer(Matrix3.rotationAboutDown(degrees: -50) * Self.northField, at: Timestamp(seconds: 0.42))
        let h = try #require(f.headingDegrees)
        #expect(abs(Angle(h).signedDifference(to: Angle(50))) < 0.5)
    }

    @Test func theAccuracyGrowsWhileTheGyroscopeAloneCarriesTheHeading() throws {
        var f = levelled()
        let before = try #require(f.accuracyDegrees)
        for i in 1...3000 {
            f.gyroscope(Vector3(x: 0, y: 0, z: 0.5), at: Timestamp(seconds: Double(i) / 100))
        }
        let after = try #require(f.accuracyDegrees)
        #expect(after > before + 1)
    }
}
