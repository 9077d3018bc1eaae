import Testing

@testable import Core

/// A HUD that keeps its last layout (`HUDLayerMemo`) places every panel where a HUD arranging afresh does, frame
/// after frame, whether what it shows changed or not.
@Suite("HUD layer memo")
struct HUDLayerMemoTests {
    /// The parts of two layouts that panels are drawn from.
    static func same(_ a: HUDLayer.Layout, _ b: HUDLayer.Layout) -> Bool {
        a.rects == b.rects && a.headingRows == b.headingRows && a.speedRows == b.speedRows
            && a.scaleBarPixels == b.scaleBarPixels && a.scaleLabel == b.scaleLabel && a.streetText == b.streetText
            && a.streetFont?.sizePixels == b.streetFont?.sizePixels && a.speedUnitBelow == b.speedUnitBelow
            && a.ride == b.ride && a.northCenter == b.northCenter && a.northRadius == b.northRadius
    }

    @Test func aKeptLayoutIsTheLayoutArrangedAfresh() throws {
        let scene = Scene(width: 800, height: 480, fonts: try FontSet.load())
        let kept = HUDLayer(typography: scene.typography, unit: scene.unit)
        let centre = GeoCoordinate(latitude: 60.16952, longitude: 24.94130)
        // The same frame twice, then the heading, the status lines, the street, the zoom (the scale bar's
        // label) and the marker change one at a time.
        let steps: [(heading: Double, status: String, street: String?, zoom: Double, anchorY: Double)] = [
            (37, "GPS 3D", nil, 16.5, 0.7), (37, "GPS 3D", nil, 16.5, 0.7), (41, "GPS 3D", nil, 16.5, 0.7),
            (41, "No fix", nil, 16.5, 0.7), (41, "No fix", "City-käytävä", 16.5, 0.7),
            (41, "No fix", "City-käytävä", 14, 0.7), (41, "No fix", "City-käytävä", 14, 0.5),
            (41, "No fix", "City-käytävä", 14, 0.5),
        ]
        for step in steps {
            var camera = Camera(
                mode: .headingUp, center: centre, zoom: step.zoom, mapBearing: Angle(step.heading), width: 800,
                height: 480)
            camera.anchor = Point(x: 400, y: 480 * step.anchorY)
            var input = SceneInput(
                camera: camera, mode: .headingUp,
                heading: Heading(
                    direction: Angle(step.heading), reference: .trueNorth, accuracyDegrees: 5, source: .compass),
                speedMetresPerSecond: 6, positionStatus: step.status, headingStatus: "compass")
            input.currentStreet = step.street
            let lines = HUDLines(input)
            let marker = scene.markerRect(input)
            let fresh = HUDLayer(typography: scene.typography, unit: scene.unit)
            let a = kept.layout(lines, camera: camera, width: 800, height: 480, keepOut: marker)
            let b = fresh.layout(lines, camera: camera, width: 800, height: 480, keepOut: marker)
            #expect(Self.same(a, b), "\(step)")
        }
    }
}
