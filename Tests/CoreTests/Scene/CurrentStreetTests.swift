import Foundation
import Testing

@testable import Core

@Suite("Current street")
struct CurrentStreetTests {
    static let here = GeoCoordinate(latitude: 60.16952, longitude: 24.94130)

    /// A street through `here` at `bearing` degrees, `offsetMetres` east of it, as a tile would give it.
    static func street(_ name: String, bearing: Double, offsetMetres: Double = 0, cls: Int = 20) -> LabelCandidate {
        let size = WebMercator.worldSize(zoom: 0)
        let metresPerUnit = 40_075_016.686 * cos(here.latitude * .pi / 180) / size
        let c = WebMercator.worldPixel(here, zoom: 0) + Point(x: offsetMetres / metresPerUnit, y: 0)
        let r = bearing * .pi / 180
        let d = Point(x: sin(r), y: -cos(r)) * (200 / metresPerUnit)
        return LabelCandidate(
            text: name, kind: .road, points: [(c - d) * (1 / size), (c + d) * (1 / size)], priority: cls)
    }

    @Test func theNearestStreetWins() {
        let streets = [
            CurrentStreetTests.street("Near", bearing: 30, offsetMetres: 4),
            CurrentStreetTests.street("Far", bearing: 30, offsetMetres: 15),
        ]
        #expect(CurrentStreet.name(of: streets, at: CurrentStreetTests.here) == "Near")
    }

    @Test func atACrossingTheStreetAlongTheCourseWins() {
        let streets = [
            CurrentStreetTests.street("Across", bearing: 120, offsetMetres: 0),
            CurrentStreetTests.street("Along", bearing: 30, offsetMetres: 6),
        ]
        #expect(CurrentStreet.name(of: streets, at: CurrentStreetTests.here, course: Angle(32)) == "Along")
        #expect(CurrentStreet.name(of: streets, at: CurrentStreetTests.here) == "Across")
    }

    /// The streets and segments passed over by their grown boxes are only ever ones too far to count: the answer is
    /// the one a plain look at every segment gives, over 300 random places among 400 short random streets.
    @Test func passingOverFarSegmentsChangesNoAnswer() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        let size = WebMercator.worldSize(zoom: 0)
        let metresPerUnit = 40_075_016.686 * cos(Self.here.latitude * .pi / 180) / size
        let centre = WebMercator.worldPixel(Self.here, zoom: 0)
        func place(_ east: Double, _ south: Double) -> Point {
            centre + Point(x: east / metresPerUnit, y: south / metresPerUnit)
        }
        let streets = (0..<400).map { i in
            let start = place(random() * 600 - 300, random() * 600 - 300)
            let points = (0..<(2 + i % 3)).reduce(into: [start]) { line, _ in
                line.append(
                    line[line.count - 1] + Point(x: random() * 80 - 40, y: random() * 80 - 40) * (1 / metresPerUnit))
            }
            return LabelCandidate(text: "S\(i)", kind: .road, points: points.map { $0 * (1 / size) }, priority: 20)
        }
        var named = 0
        for _ in 0..<300 {
            let p = place(random() * 500 - 250, random() * 500 - 250)
            let position = WebMercator.coordinate(ofWorldPixel: p, zoom: 0)
            let course = random() < 0.5 ? nil : Angle(random() * 360)
            let expected = Self.everySegment(streets, at: p, course: course, metresPerUnit: metresPerUnit)
            #expect(CurrentStreet.name(of: streets, at: position, course: course) == expected)
            if expected != nil { named += 1 }
        }
        #expect(named > 50, "only \(named) places had a street near")
    }

    /// The current street by the distance to every segment: `CurrentStreet.name` without passing any over.
    static func everySegment(_ streets: [LabelCandidate], at p: Point, course: Angle?, metresPerUnit: Double)
        -> String?
    {
        let size = WebMercator.worldSize(zoom: 0)
        var best: (score: Double, name: String)?
        for c in streets {
            for i in 0..<(c.points.count - 1) {
                let a = c.points[i] * size
                let b = c.points[i + 1] * size
                let ab = b - a
                let t = min(1, max(0, ((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / (ab.x * ab.x + ab.y * ab.y)))
                let q = a + ab * t
                let d = ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot() * metresPerUnit
                guard d <= CurrentStreet.withinMetres else { continue }
                var score = d
                if let course {
                    score += CurrentStreet.crossingPenaltyMetres * abs(sin(atan2(ab.x, -ab.y) - course.radians))
                }
                if best.map({ score < $0.score }) ?? true { best = (score, c.text) }
            }
        }
        return best?.name
    }

    @Test func nothingNearIsNil() {
        let streets = [
            CurrentStreetTests.street("Far", bearing: 0, offsetMetres: 80),
            LabelCandidate(text: "Place", kind: .place, points: [Point(x: 0.5, y: 0.3)], priority: 1),
        ]
        #expect(CurrentStreet.name(of: streets, at: CurrentStreetTests.here) == nil)
        #expect(CurrentStreet.name(of: [], at: CurrentStreetTests.here) == nil)
        let bad = GeoCoordinate(latitude: .nan, longitude: 24)
        #expect(CurrentStreet.name(of: streets, at: bad) == nil)
        #expect(CurrentStreet.name(of: streets, at: CurrentStreetTests.here, withinMetres: .infinity) == nil)
    }

    @Test(
        "the bar keeps clear of the marker and the other panels on every panel",
        arguments: [(480, 320, 3.5), (800, 480, 7.0), (1280, 800, 10.0), (480, 800, 5.0)])
    func barFits(_ panel: (Int, Int, Double)) throws {
        let fonts = try FontSet.load()
        let physics = try #require(ScreenPhysics(width: panel.0, height: panel.1, diagonalInches: panel.2))
        let scene = Scene(width: panel.0, height: panel.1, fonts: fonts, physics: physics)
        for name in ["Mannerheimintie", "Pohjoinen Rautatiekatu", "Bulevardi"] {
            let camera = Camera(
                mode: .headingUp, center: CurrentStreetTests.here, zoom: 16.5, mapBearing: Angle(37), width: panel.0,
                height: panel.1)
            var input = SceneInput(
                camera: camera, mode: .headingUp, heading: nil, speedMetresPerSecond: 6,
                positionStatus: "GPS 3D · 9 sats")
            input.currentStreet = name
            let hud = HUDLayer(typography: scene.typography, unit: scene.unit)
            let layout = hud.layout(
                HUDLines(input), camera: camera, width: panel.0, height: panel.1, keepOut: scene.markerRect(input))
            // A bar of its own where one fits, else a row under the heading.
            let inPanel = layout.headingRows.contains {
                $0.isStreet && ($0.text == name || ($0.text.hasSuffix("…") && name.hasPrefix($0.text.dropLast())))
            }
            #expect((layout.street != nil) != inPanel, "\(panel) \(name)")
            for rect in layout.rects {
                #expect(!rect.intersects(scene.markerRect(input)), "\(panel) \(name): \(rect) covers the marker")
            }
            if let bar = layout.street {
                for other in [layout.heading, layout.speed, layout.scale] {
                    #expect(!bar.intersects(other), "\(panel) \(name): \(bar) meets \(other)")
                }
                #expect(bar.x >= 0 && bar.maxX <= Double(panel.0) && bar.maxY <= Double(panel.1))
                #expect(layout.streetText == name)
            }
            #expect(layout.heading.maxX <= layout.northCenter.x - layout.northRadius, "\(panel) \(name)")
        }
    }
}
