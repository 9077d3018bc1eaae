import Core
import Foundation
import Platform
import Testing

/// Whole frames over the real Helsinki files, as `navdisplay render --map` draws them.
@Suite("Map frames")
struct MapFrameTests {
    static func frame(
        file: String = "helsinki.mbtiles", style: MapStyle = .day, zoom: Double = 16, heading: Double = 37,
        mode: OrientationMode = .headingUp, center: GeoCoordinate = MapFixtures.kluuvi
    ) throws -> (FrameBuffer, OfflineMapLayer) {
        let fonts = try FontSet.load()
        let layer = try OfflineMap.layer(path: MapFixtures.path(file), style: style, fonts: fonts, waitForTiles: true)
        let scene = Scene(width: 800, height: 480, fonts: fonts, theme: style == .day ? .day : .night, map: layer)
        let h = Heading(direction: Angle(heading), reference: .trueNorth, accuracyDegrees: 5, source: .compass)
        let camera = Camera(mode: mode, center: center, zoom: zoom, mapBearing: Angle(heading), width: 800, height: 480)
        let input = SceneInput(
            camera: camera, mode: mode, heading: h, positionStatus: "GPS 3D", headingStatus: "compass")
        return (scene.render(input), layer)
    }

    @Test(arguments: [
        ("helsinki.mbtiles", "day", 37.0), ("helsinki.pmtiles", "night", 37.0),
        ("helsinki-protomaps.pmtiles", "day", 200.0),
        ("helsinki-raster.mbtiles", "day", 0.0),
    ])
    func headingUpFramesShowTheMapWithLabels(_ c: (file: String, style: String, heading: Double)) throws {
        let style: MapStyle = c.style == "day" ? .day : .night
        let (frame, layer) = try Self.frame(file: c.file, style: style, heading: c.heading)
        try PNGFile.write(frame, to: MapFixtures.scratch("frame-\(c.file)-\(c.style)-\(Int(c.heading)).png"))
        #expect(Set(frame.pixels).count > 50)
        if !c.file.contains("raster") {
            #expect(layer.lastLabels.count >= 5)
            #expect(layer.lastLabels.contains { $0.kind == .road })
        }
    }

    @Test(arguments: [0.0, 37.0, 95.0, 180.0, 263.0, 330.0])
    func labelsStayReadableAtEveryHeading(_ heading: Double) throws {
        let (_, layer) = try Self.frame(heading: heading, mode: heading == 0 ? .northUp : .headingUp)
        let labels = layer.lastLabels
        #expect(labels.count >= 5)
        for label in labels {
            if label.kind == .road {
                // Along the street but never upside down (the hysteresis band allows 5° past vertical).
                #expect(abs(label.rotationDegrees) <= 95, "\(label.text) at \(label.rotationDegrees)°")
            } else {
                #expect(label.rotationDegrees == 0, "\(label.text) is turned")
            }
        }
        for (i, a) in labels.enumerated() {
            for b in labels[(i + 1)...] {
                #expect(
                    !a.boxes.contains { x in b.boxes.contains { x.intersects($0) } }, "\(a.text) overlaps \(b.text)")
            }
        }
    }
}
