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

/// Two parallel major streets closer than a name's height (Pohjoisesplanadi and Eteläesplanadi at zoom 15): the
/// second name sits just beside its own street instead of giving up.
@Suite("Label placement beside a street")
struct LabelBesideTests {
    static func parallel() -> [LabelCandidate] {
        // Tertiary roads (priority 30 − 8 = 22) 15 px apart, each a little longer than its name: at these 12.5 px names two names need
        // 19 px between the lines (at 16′ on a 7" panel, 28 px; the Esplanadis are 20 px apart at zoom 15).
        [
            LabelPlacerTests.candidate(
                "Eteläesplanadi", .road, [Point(x: 330, y: 250), Point(x: 470, y: 250)], priority: 22),
            LabelPlacerTests.candidate(
                "Pohjoisesplanadi", .road, [Point(x: 330, y: 235), Point(x: 470, y: 235)], priority: 22),
        ]
    }

    @Test func aParallelMajorStreetsNameSitsBesideItsLine() throws {
        let fonts = try LabelPlacerTests.fonts()
        let placed = LabelPlacer().place(
            Self.parallel(), camera: LabelPlacerTests.camera, fonts: fonts, reserved: [], zoom: 15)
        #expect(Set(placed.map(\.text)) == ["Eteläesplanadi", "Pohjoisesplanadi"])
        let north = try #require(placed.first { $0.text == "Pohjoisesplanadi" })
        let south = try #require(placed.first { $0.text == "Eteläesplanadi" })
        #expect(!north.boxes.contains { a in south.boxes.contains { a.intersects($0) } })
        // Beside its own line, on the side away from the other street, and no further than a name's height.
        let middle = north.boxes.map { $0.y + $0.height / 2 }.reduce(0, +) / Double(north.boxes.count)
        let h = fonts.road.capHeight
        #expect(middle < 235 && middle > 235 - 1.5 * h, "middle at y = \(middle)")
    }

    @Test func aNameBesideItsStreetStaysThereNextFrame() throws {
        let fonts = try LabelPlacerTests.fonts()
        let placer = LabelPlacer()
        let first = placer.place(Self.parallel(), camera: LabelPlacerTests.camera, fonts: fonts, reserved: [], zoom: 15)
        let second = placer.place(
            Self.parallel(), camera: LabelPlacerTests.camera, fonts: fonts, reserved: [], zoom: 15)
        #expect(first.map(\.text) == second.map(\.text))
        for (a, b) in zip(first, second) { #expect((a.origin - b.origin).length < 1e-6, "\(a.text) moved") }
    }

    @Test func aMinorStreetsNameIsNeverSetBesideIt() throws {
        let fonts = try LabelPlacerTests.fonts()
        // The same two streets as minor roads (priority 30 − 7): only one name fits on the lines.
        let minor = Self.parallel().map { c -> LabelCandidate in
            var c = c
            c.priority = 23
            return c
        }
        let placed = LabelPlacer().place(minor, camera: LabelPlacerTests.camera, fonts: fonts, reserved: [], zoom: 15)
        #expect(placed.count == 1)
    }
}
