import Core
import Testing

/// The box the placer tests candidates against the screen by, kept in the candidate instead of walked per frame.
@Suite("Label candidate extent")
struct LabelCandidateExtentTests {
    @Test("a candidate's extent is its points' smallest and largest coordinates, and follows new points")
    func extentFollowsPoints() {
        var c = LabelCandidate(
            text: "Mikonkatu", kind: .road,
            points: [Point(x: 0.5, y: 0.25), Point(x: 0.25, y: 0.75), Point(x: 0.625, y: 0.5)], priority: 20)
        #expect(c.lowest == Point(x: 0.25, y: 0.25))
        #expect(c.highest == Point(x: 0.625, y: 0.75))
        c.points = [Point(x: 0.125, y: 0.875)]
        #expect(c.lowest == Point(x: 0.125, y: 0.875))
        #expect(c.highest == Point(x: 0.125, y: 0.875))
    }

    @Test("no points, or points that are not numbers, give an extent that meets no screen")
    func emptyAndNaNExtents() {
        let none = LabelCandidate(text: "Tyhjä", kind: .road, points: [], priority: 20)
        #expect(none.lowest.x == .infinity && none.highest.x == -.infinity)
        let nan = LabelCandidate(
            text: "NaN", kind: .road, points: [Point(x: .nan, y: .nan), Point(x: 0.5, y: 0.5)], priority: 20)
        // A NaN point is skipped by min/max, as the per-frame walk skipped it.
        #expect(nan.lowest == Point(x: 0.5, y: 0.5))
    }
}
