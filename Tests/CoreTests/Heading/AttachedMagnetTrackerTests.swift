import Foundation
import Testing

@testable import Core

/// The attached magnet's fit on known answers: a fixed body-frame offset on top of the Earth's field, seen through
/// an attitude whose heading is off by a known amount.
struct AttachedMagnetTrackerTests {
    /// BROAD's lab field: 44 µT at a dip of 68.5°, in the filter's frame (north = magnetic north).
    static let earth = Vector3(x: 44 * cos(68.5 * .pi / 180), y: 0, z: 44 * sin(68.5 * .pi / 180))

    /// The sensor turning about a tilted axis, as a handheld unit does: attitude at `seconds`.
    static func attitude(_ seconds: Double) -> Quaternion {
        let yaw = Quaternion.aboutDown(degrees: 60 * sin(seconds))
        let roll = Quaternion(rotationVector: Vector3(x: 0.4 * sin(1.7 * seconds), y: 0.3 * cos(1.3 * seconds), z: 0))
        return (yaw * roll).normalized
    }

    /// Feeds readings of the true attitude plus `offset`, as the filter sees them with its heading `errorDegrees`
    /// off (filter heading = truth − error), for `seconds` at 30 Hz.
    static func tracked(offset: Vector3, errorDegrees: Double, seconds: Double = 10) -> AttachedMagnetTracker {
        var tracker = AttachedMagnetTracker()
        for i in 0..<Int(seconds * 30) {
            let s = Double(i) / 30
            let truth = attitude(s)
            let field = truth.inverseRotate(earth) + offset
            let filter = (Quaternion.aboutDown(degrees: -errorDegrees) * truth).normalized
            tracker.add(field: field, attitude: filter, earthField: earth, at: Timestamp(seconds: s))
        }
        return tracker
    }

    @Test(arguments: [0.0, 5.0, -8.0])
    func aFixedOffsetIsFoundAndTheHeadingErrorWithIt(errorDegrees: Double) throws {
        let offset = Vector3(x: 4, y: -3, z: 2)
        let tracker = Self.tracked(offset: offset, errorDegrees: errorDegrees)
        let found = try #require(tracker.offset(at: Timestamp(seconds: 10)))
        #expect((found - offset).length < 0.5, "offset \(found)")
        let fit = try #require(tracker.fit)
        #expect(abs(fit.headingErrorRadians * 180 / .pi - errorDegrees) < 0.5)
    }

    @Test func withoutTurningNothingIsCompensated() {
        var tracker = AttachedMagnetTracker()
        let q = Self.attitude(0)
        for i in 0..<300 {
            let t = Timestamp(seconds: Double(i) / 30)
            tracker.add(
                field: q.inverseRotate(Self.earth) + Vector3(x: 5, y: 0, z: 0), attitude: q, earthField: Self.earth,
                at: t)
        }
        #expect(tracker.offset(at: Timestamp(seconds: 10)) == nil)
    }

    @Test func aFieldThatChangesAsTheSensorMovesIsNoOffset() {
        // A magnet passing by: its field in the body frame grows, turns and fades.
        var tracker = AttachedMagnetTracker()
        for i in 0..<300 {
            let s = Double(i) / 30
            let q = Self.attitude(s)
            let passing = Vector3(x: 12 * sin(s), y: 9 * cos(2.3 * s), z: 6 * sin(0.7 * s))
            tracker.add(
                field: q.inverseRotate(Self.earth) + passing, attitude: q, earthField: Self.earth,
                at: Timestamp(seconds: s))
        }
        #expect(tracker.offset(at: Timestamp(seconds: 10)) == nil)
    }

    @Test func aHeadingCorrectionKeepsTheFitConsistent() throws {
        // After the filter turns its heading by the error the fit found, the fit says no error is left.
        var tracker = Self.tracked(offset: Vector3(x: 3, y: 3, z: -1), errorDegrees: 6)
        tracker.headingCorrected(byDegrees: 6)
        let fit = try #require(tracker.fit)
        #expect(abs(fit.headingErrorRadians * 180 / .pi) < 0.5)
    }
}
