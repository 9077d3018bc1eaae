import Core
import Foundation
import Testing

/// The placer indexes a candidate list once and keeps the index while it is given the same list: frames placed
/// from the kept index must be the frames a fresh list gives.
@Suite("Label candidate index")
struct LabelCandidateIndexTests {
    /// Streets in parts (one name, several candidates), names of every kind and priorities out of order, so the
    /// ranking, grouping and kept places all matter.
    static func candidates() -> [LabelCandidate] {
        typealias T = LabelPlacerTests
        var out: [LabelCandidate] = []
        for k in 0..<6 {
            let y = 60 + Double(k) * 70
            out.append(
                T.candidate("Katu \(k % 4)", .road, [Point(x: 40, y: y), Point(x: 420, y: y + 15)], priority: 30 - k))
            out.append(
                T.candidate(
                    "Katu \(k % 4)", .road, [Point(x: 420, y: y + 15), Point(x: 780, y: y - 10)], priority: 30 - k))
            out.append(
                T.candidate("Paikka \(k)", .place, [Point(x: 100 + Double(k) * 110, y: y + 30)], priority: 7 - k))
            out.append(T.candidate("Kahvila \(k)", .poi, [Point(x: 90 + Double(k) * 100, y: y + 5)], priority: 45 + k))
        }
        return out
    }

    @Test func framesFromTheKeptIndexMatchFramesFromFreshLists() throws {
        let fonts = try LabelPlacerTests.fonts()
        let list = Self.candidates()
        let kept = LabelPlacer()
        let fresh = LabelPlacer()
        for step in 0..<24 {
            // The map turns and moves under the names, so some are kept and some give way.
            let camera = Camera(
                center: GeoCoordinate(latitude: 60.17 + Double(step) * 2e-5, longitude: 24.94),
                zoom: 16, bearing: Angle(Double(step) * 7), width: 800, height: 480,
                anchor: Point(x: 400, y: 300))
            let a = kept.place(list, camera: camera, fonts: fonts, reserved: [], zoom: 16)
            // A copy in new storage each frame: the placer indexes it afresh.
            let copy = list.map { $0 }
            let b = fresh.place(copy, camera: camera, fonts: fonts, reserved: [], zoom: 16)
            #expect(!a.isEmpty)
            #expect(a == b, "step \(step)")
        }
    }
}
