import Core
import Foundation
import Testing

/// Labels keep off the lines drawn over the map after them (the route, the trail): a name under the trail is
/// unreadable.
@Suite("Labels keep off the route and the trail")
struct LabelKeepOutTests {
    static let camera = LabelPlacerTests.camera

    @Test(arguments: [
        (a: Point(x: 0, y: 0), b: Point(x: 10, y: 10), touches: true),  // crosses the box
        (a: Point(x: -5, y: 20), b: Point(x: 5, y: 20), touches: true),  // ends 5 px in: inside
        (a: Point(x: -30, y: 20), b: Point(x: -8, y: 20), touches: true),  // ends 1.5 px off: within 2
        (a: Point(x: -30, y: 20), b: Point(x: -11, y: 20), touches: false),  // ends 4.5 px off
        (a: Point(x: 40, y: -10), b: Point(x: 40, y: 50), touches: false),  // beside it
        (a: Point(x: 15, y: 15), b: Point(x: 15, y: 15), touches: true),  // a dot inside
    ])
    func aLineTouchesABoxWithinItsHalfWidth(_ c: (a: Point, b: Point, touches: Bool)) {
        let line = LabelKeepOutLine(points: [c.a, c.b], halfWidthPixels: 2)
        #expect(line.touches(Rect(x: -6.5, y: 0, width: 36.5, height: 30)) == c.touches)
    }

    @Test func aLineWithNaNPointsTouchesNothing() {
        let line = LabelKeepOutLine(points: [Point(x: .nan, y: 0), Point(x: 5, y: .infinity)], halfWidthPixels: 4)
        #expect(!line.touches(Rect(x: -1000, y: -1000, width: 2000, height: 2000)))
    }

    /// A straight street through the screen centre and a trail crossing it there: without the trail the name
    /// sits over the crossing, with it no box of the name touches the trail.
    @Test func aStreetNameMovesOffATrailCrossingIt() throws {
        let fonts = try LabelPlacerTests.fonts()
        let street = LabelPlacerTests.candidate(
            "Mannerheimintie", .road, [Point(x: 150, y: 240), Point(x: 650, y: 240)], priority: 20)
        let trail = LabelKeepOutLine(points: [Point(x: 390, y: 100), Point(x: 410, y: 380)], halfWidthPixels: 4)
        let free = try #require(
            LabelPlacer().place([street], camera: Self.camera, fonts: fonts, reserved: [], zoom: 16).first)
        #expect(free.boxes.contains { trail.touches($0) }, "the name should sit on the crossing without the trail")
        let placed = try #require(
            LabelPlacer().place([street], camera: Self.camera, fonts: fonts, reserved: [], keepOff: [trail], zoom: 16)
                .first, "the street has room for its name beside the trail")
        for box in placed.boxes { #expect(!trail.touches(box), "box \(box) is under the trail") }
    }

    @Test func aKeptLabelMovesWhenTheTrailReachesIt() throws {
        let fonts = try LabelPlacerTests.fonts()
        let street = LabelPlacerTests.candidate(
            "Mannerheimintie", .road, [Point(x: 150, y: 240), Point(x: 650, y: 240)], priority: 20)
        let placer = LabelPlacer()
        let before = try #require(
            placer.place([street], camera: Self.camera, fonts: fonts, reserved: [], zoom: 16).first)
        // The trail grows across the middle of last frame's name.
        let box = before.boxes[before.boxes.count / 2]
        let x = box.x + box.width / 2
        let trail = LabelKeepOutLine(points: [Point(x: x, y: 100), Point(x: x, y: 380)], halfWidthPixels: 4)
        let after = try #require(
            placer.place([street], camera: Self.camera, fonts: fonts, reserved: [], keepOff: [trail], zoom: 16).first)
        for box in after.boxes { #expect(!trail.touches(box), "box \(box) is under the trail") }
    }

    @Test func aLineFarOffScreenOrOfManyPointsIsHarmless() throws {
        let fonts = try LabelPlacerTests.fonts()
        let street = LabelPlacerTests.candidate(
            "Mannerheimintie", .road, [Point(x: 150, y: 240), Point(x: 650, y: 240)], priority: 20)
        // 600 points wandering well outside the screen (a trail from the day's start), and a huge coordinate.
        let far = LabelKeepOutLine(
            points: (0..<600).map { Point(x: -5000 + Double($0), y: 1e12) }, halfWidthPixels: 4)
        let placed = LabelPlacer().place(
            [street], camera: Self.camera, fonts: fonts, reserved: [], keepOff: [far], zoom: 16)
        #expect(placed.count == 1)
    }
}
