import Core
import Foundation
import Testing

@Suite("Label placement")
struct LabelPlacerTests {
    static let camera = Camera(
        center: GeoCoordinate(latitude: 60.17, longitude: 24.94), zoom: 16, bearing: .north, width: 800, height: 480,
        anchor: Point(x: 400, y: 240))

    static func fonts() throws -> LabelPlacer.Fonts {
        let f = try FontSet.load()
        return .init(
            place: TextLayout(font: f.bold, size: 15), road: TextLayout(font: f.regular, size: 12.5),
            poi: TextLayout(font: f.regular, size: 11.5))
    }

    /// A candidate whose points are given in screen pixels of `camera`.
    static func candidate(_ text: String, _ kind: LabelCandidate.Kind, _ screen: [Point], priority: Int = 10)
        -> LabelCandidate
    {
        let size = WebMercator.worldSize(zoom: camera.zoom)
        return LabelCandidate(
            text: text, kind: kind, points: screen.map { camera.worldPixel(atScreen: $0) * (1 / size) },
            priority: priority)
    }

    /// A straight street through the screen centre at `degrees` (0 = pointing right, clockwise, y down).
    static func street(_ degrees: Double) -> LabelCandidate {
        let r = degrees * .pi / 180
        let d = Point(x: cos(r) * 150, y: sin(r) * 150)
        let c = Point(x: 400, y: 240)
        return candidate("Mannerheimintie", .road, [c - d, c, c + d])
    }

    @Test func aStreetDrawnRightToLeftIsFlippedToReadLeftToRight() throws {
        let placed = LabelPlacer().place(
            [Self.street(180)], camera: Self.camera, fonts: try Self.fonts(), reserved: [], zoom: 16)
        let label = try #require(placed.first)
        #expect(abs(label.rotationDegrees) < 1e-9)
    }

    @Test func nearVerticalStreetsKeepLastFramesReadingDirection() throws {
        let placer = LabelPlacer()
        let fonts = try Self.fonts()
        func angle(_ degrees: Double) throws -> Double {
            try #require(
                placer.place([Self.street(degrees)], camera: Self.camera, fonts: fonts, reserved: [], zoom: 16).first
            )
            .rotationDegrees
        }
        #expect(abs(try angle(86) - 86) < 1e-6)  // reads downwards, not flipped
        #expect(abs(try angle(93) - 93) < 1e-6)  // past vertical but inside the ±5° band: still not flipped
        #expect(abs(try angle(97) - (97 - 180)) < 1e-6)  // out of the band: flipped to read upwards
        #expect(abs(try angle(92) - (92 - 180)) < 1e-6)  // back inside the band: stays flipped
        #expect(abs(try angle(84) - 84) < 1e-6)  // out of the band on the other side: unflipped again
    }

    @Test func labelsNeverOverlapEachOtherOrReservedAreas() throws {
        var candidates: [LabelCandidate] = []
        for i in 0..<60 {
            let p = Point(x: 100 + Double(i % 10) * 60, y: 80 + Double(i / 10) * 55)
            candidates.append(Self.candidate("Place \(i)", .place, [p], priority: i % 5))
            candidates.append(Self.candidate("Street \(i)", .road, [p, p + Point(x: 220, y: 40)], priority: 20))
        }
        let reserved = [Rect(x: 0, y: 0, width: 200, height: 90)]
        let placed = LabelPlacer().place(
            candidates, camera: Self.camera, fonts: try Self.fonts(), reserved: reserved, zoom: 16)
        #expect(placed.count >= 8)
        for (i, a) in placed.enumerated() {
            for box in a.boxes { #expect(!box.intersects(reserved[0])) }
            for b in placed[(i + 1)...] {
                #expect(
                    !a.boxes.contains { x in b.boxes.contains { x.intersects($0) } }, "\(a.text) overlaps \(b.text)")
            }
        }
    }

    @Test func lastFramesLabelWinsOverANewerMoreImportantOne() throws {
        let placer = LabelPlacer()
        let fonts = try Self.fonts()
        let old = Self.candidate("Kluuvi", .place, [Point(x: 400, y: 240)], priority: 5)
        let newer = Self.candidate("Helsinki", .place, [Point(x: 405, y: 242)], priority: 1)
        #expect(
            placer.place([old], camera: Self.camera, fonts: fonts, reserved: [], zoom: 16).map(\.text) == ["Kluuvi"])
        #expect(
            placer.place([newer, old], camera: Self.camera, fonts: fonts, reserved: [], zoom: 16).map(\.text) == [
                "Kluuvi"
            ])
        // Without history the more important name wins.
        #expect(
            LabelPlacer().place([newer, old], camera: Self.camera, fonts: fonts, reserved: [], zoom: 16).map(\.text)
                == ["Helsinki"])
    }
}
