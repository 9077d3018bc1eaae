import Core
import Foundation
import Testing

/// Between 1 Hz fixes the drawn position is carried on at the fix's speed and turn, never past the horizon, and
/// a new fix's difference is eased out; frame times are chosen here (the loop's clock, which a replay drives).
@Suite("Position prediction between fixes")
struct PositionPredictionTests {
    typealias P = PositionPrediction
    static let start = GeoCoordinate(latitude: 60.16745, longitude: 24.9454)

    static let cosLatitude: Double = cos(start.latitude * Double.pi / 180)

    static func at(_ seconds: Double) -> Timestamp { Timestamp(seconds: seconds) }

    /// East and north metres of `c` from the start.
    static func metres(_ c: GeoCoordinate?) -> (east: Double, north: Double) {
        guard let c else { return (.nan, .nan) }
        let r: Double = 6_371_008.8
        let east: Double = (c.longitude - start.longitude) * Double.pi / 180 * r * Self.cosLatitude
        let north: Double = (c.latitude - start.latitude) * Double.pi / 180 * r
        return (east, north)
    }

    static func distance(_ a: GeoCoordinate?, _ b: GeoCoordinate?) -> Double {
        let (p, q) = (metres(a), metres(b))
        return ((p.east - q.east) * (p.east - q.east) + (p.north - q.north) * (p.north - q.north)).squareRoot()
    }

    /// A fix `east` metres east of the start at `seconds`, riding `speed` m/s along `course`.
    static func fix(_ seconds: Double, east: Double, north: Double = 0, speed: Double? = 5, course: Double? = 90)
        -> P.Base
    {
        let r: Double = 6_371_008.8
        let latitude: Double = start.latitude + north / r * 180 / Double.pi
        let longitude: Double = start.longitude + east / (r * Self.cosLatitude) * 180 / Double.pi
        let c = GeoCoordinate(latitude: latitude, longitude: longitude)
        return P.Base(
            coordinate: c, time: at(seconds), speedMetresPerSecond: speed, course: course.flatMap { Angle(degrees: $0) }
        )
    }

    @Test func betweenFixesThePositionMovesOnAtTheFixesSpeedAndCourse() {
        var p = P()
        let base = Self.fix(10, east: 0)
        for (dt, east) in [(0.0, 0.0), (0.1, 0.5), (0.5, 2.5), (1.0, 5.0)] {
            let m = Self.metres(p.position(base: base, at: Self.at(10 + dt)))
            #expect(abs(m.east - east) < 0.01, "\(dt) s: \(m)")
            #expect(abs(m.north) < 0.01)
        }
    }

    @Test func itNeverGoesPastTheHorizon() {
        var p = P()
        let base = Self.fix(10, east: 0)
        let atHorizon = p.position(base: base, at: Self.at(10 + P.horizonSeconds))
        #expect(abs(Self.metres(atHorizon).east - 5 * P.horizonSeconds) < 0.01)
        for later in [1.6, 2.0, 5.0, 60.0] {
            let m = Self.metres(p.position(base: base, at: Self.at(10 + later)))
            #expect(abs(m.east - 5 * P.horizonSeconds) < 0.01, "held at the horizon after \(later) s: \(m)")
        }
    }

    @Test(arguments: [nil, 0.0, 0.3, 0.49])
    func parkedStaysParked(_ speed: Double?) {
        var p = P()
        let base = Self.fix(10, east: 0, speed: speed)
        for dt in [0.0, 0.25, 0.5, 1.0, 3.0] {
            #expect(p.position(base: base, at: Self.at(10 + dt)) == base.coordinate, "\(String(describing: speed))")
        }
        // Without a course nothing is carried on either, however fast.
        var q = P()
        let noCourse = Self.fix(10, east: 0, speed: 8, course: nil)
        #expect(q.position(base: noCourse, at: Self.at(10.7)) == noCourse.coordinate)
    }

    /// Frames at 20 Hz over 1 Hz fixes of a rider who changes speed between two fixes: the largest step between
    /// two frames stays about one frame's travel, at the fixes too (no jump back where the prediction overshot,
    /// none forward where it fell short), and the marker never runs backwards along the road.
    @Test(arguments: [(speedAfter: 1.0, "braking"), (speedAfter: 8.0, "speeding up"), (speedAfter: 5.0, "steady")])
    func aNewFixIsEasedInWithoutAJump(_ c: (speedAfter: Double, what: String)) {
        // The real motion: 5 m/s, the speed changing evenly to `speedAfter` between 2 s and 3 s, then held.
        let v = c.speedAfter
        func east(_ t: Double) -> Double {
            if t <= 2 { return 5 * t }
            if t <= 3 { return 10 + 5 * (t - 2) + (v - 5) * (t - 2) * (t - 2) / 2 }
            return 10 + 5 + (v - 5) / 2 + v * (t - 3)
        }
        let fixes = (0..<6).map { i in Self.fix(Double(i), east: east(Double(i)), speed: i < 3 ? 5 : v) }
        var p = P()
        var shown: [GeoCoordinate] = []
        for frame in 0..<120 {
            let t = Double(frame) / 20
            shown.append(p.position(base: fixes[min(Int(t), fixes.count - 1)], at: Self.at(t))!)
        }
        let steps = zip(shown, shown.dropFirst()).map { Self.distance($0, $1) }
        // A frame at 8 m/s is 0.4 m; easing out 1.5 m adds at most 1.5 × 1.5 m / 0.5 s over a frame, 0.23 m.
        let largest = steps.max() ?? 0
        #expect(largest < 0.65, "\(c.what): largest step \(largest) m")
        let eastward = zip(shown, shown.dropFirst()).map { Self.metres($1).east - Self.metres($0).east }
        #expect((eastward.min() ?? 0) > -0.01, "\(c.what): backwards by \(eastward.min() ?? 0) m in a frame")
        // And it arrives: long after the change the drawn position is the last fix carried on.
        let expected = Self.metres(fixes[5].coordinate).east + v * 0.95
        #expect(abs(Self.metres(shown.last).east - expected) < 0.05, "\(c.what)")
    }

    /// Riding on at 5.5 m/s, a fix lands 1.5 m behind the prediction (GPS noise): the marker slows for a moment,
    /// to no less than half its speed, instead of nearly stopping for a quarter of a second.
    @Test func noiseAlongTheRoadChangesTheDrawnSpeedByAtMostHalf() {
        var p = P()
        _ = p.position(base: Self.fix(0, east: 0, speed: 5.5), at: Self.at(0))
        _ = p.position(base: Self.fix(0, east: 0, speed: 5.5), at: Self.at(0.95))
        let noisy = Self.fix(1, east: 5.5 - 1.5, speed: 5.5)
        var east: [Double] = []
        for frame in 0...20 {
            east.append(Self.metres(p.position(base: noisy, at: Self.at(1 + Double(frame) / 20))).east)
        }
        let speeds = zip(east, east.dropFirst()).map { ($1 - $0) * 20 }
        #expect((speeds.min() ?? 0) > 0.45 * 5.5, "slowest \(speeds.min() ?? 0) m/s")
        #expect(abs(east[0] - 5.5) < 0.01, "no jump at the fix")
        #expect(abs(east[20] - (4.0 + 5.5)) < 0.05, "eased out within a second")
    }

    /// A rider who stops: the prediction that ran ahead eases back onto the stopped fix (holding it ahead would
    /// show the marker past where the rider stands).
    @Test func aStopEasesBackOntoTheFix() {
        var p = P()
        _ = p.position(base: Self.fix(0, east: 0), at: Self.at(0))
        _ = p.position(base: Self.fix(0, east: 0), at: Self.at(1))
        let stopped = Self.fix(1, east: 2.5, speed: 0)
        var shown: [Double] = []
        for frame in 0...20 {
            shown.append(Self.metres(p.position(base: stopped, at: Self.at(1 + Double(frame) / 20))).east)
        }
        #expect(abs(shown[0] - 5) < 0.01, "no jump at the fix")
        #expect(zip(shown, shown.dropFirst()).allSatisfy { abs($1 - $0) < 0.45 })
        #expect(abs(shown.last! - 2.5) < 0.01, "on the fix once eased")
    }

    /// A bend: fixes on a circle (5 m/s, turning 20° a second) are followed along the arc, not the tangent.
    @Test func aBendIsFollowedAlongTheArc() {
        let radius = 5 / (20 * Double.pi / 180)
        func onCircle(_ t: Double) -> P.Base {
            let a = 20 * t * .pi / 180
            // Starting north-bound at the origin, turning right (clockwise) about (radius, 0).
            return Self.fix(
                t, east: radius - radius * cos(a), north: radius * sin(a),
                course: (20 * t).truncatingRemainder(dividingBy: 360))
        }
        var p = P()
        _ = p.position(base: onCircle(0), at: Self.at(0))
        _ = p.position(base: onCircle(1), at: Self.at(1))
        // Past the easing of the second fix (which landed on the prediction's tangent error): 1.6 s is on the arc.
        let shown = p.position(base: onCircle(1), at: Self.at(1.6))
        let truth = onCircle(1.6).coordinate
        #expect(Self.distance(shown, truth) < 0.05, "\(Self.distance(shown, truth)) m off the arc")
        // A straight line from the fix would be 0.3 m off.
        var straight = P()
        let tangent = straight.position(base: onCircle(1), at: Self.at(1.6))
        #expect(Self.distance(tangent, truth) > 0.25)
    }

    @Test func aFixFarFromThePredictionIsShownAtOnce() {
        var p = P()
        _ = p.position(base: Self.fix(0, east: 0), at: Self.at(0))
        _ = p.position(base: Self.fix(0, east: 0), at: Self.at(20))
        // After a 20 s gap the rider is 100 m on: no slide across the map.
        let after = Self.fix(20, east: 100)
        #expect(p.position(base: after, at: Self.at(20)) == after.coordinate)
    }

    @Test func noFixDrawsNothingAndStartsAfresh() {
        var p = P()
        _ = p.position(base: Self.fix(0, east: 0), at: Self.at(0.5))
        #expect(p.position(base: nil, at: Self.at(1)) == nil)
        let next = Self.fix(5, east: 30)
        #expect(p.position(base: next, at: Self.at(5)) == next.coordinate, "no easing from before the gap")
    }

    @Test(arguments: [Double.nan, .infinity, 1e300, -5])
    func aRogueSpeedNeitherTrapsNorFlingsTheMarkerAway(_ speed: Double) {
        var p = P()
        let base = Self.fix(0, east: 0, speed: speed)
        let shown = p.position(base: base, at: Self.at(1))
        #expect(shown?.isValid == true)
        #expect(Self.distance(shown, base.coordinate) <= 100 * P.horizonSeconds + 0.01)
    }
}
