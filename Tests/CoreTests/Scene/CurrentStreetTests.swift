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
