import Core
import Foundation
import Platform
import Testing

/// Labels under a rider's heading wobble: a ±2° sweep around one position over 720 frames of the bundled
/// Helsinki map, counting labels that vanish while their anchor stays on screen (issue 18's target: none).
@Suite("Label stability")
struct LabelStabilityTests {
    /// Helsinki's centre, where `render` and the goldens look (Mannerheimintie, Kaivokatu, the station).
    static let centre = GeoCoordinate(latitude: 60.16952, longitude: 24.94130)

    /// The label sizes the display uses on a 7" 800×480 panel at 70 cm: the world text stack's.
    static func typography() throws -> LabelTypography {
        LabelTypography(
            physics: .assumed(width: 800, height: 480), fonts: try FontSet.load(), shaper: try WorldTextShaper())
    }

    /// How many times a label present in one frame is missing from the next while its anchor is still on screen.
    static func disappearances(zoom: Double, frames: Int = 720) throws -> (
        vanished: Int, jumped: Int, perFrame: Double, names: [String: Int]
    ) {
        // The placer on the map's own candidates (every data tile around the position), without drawing tiles.
        let layer = try OfflineMap.layer(
            path: MapFixtures.path("helsinki.mbtiles"), style: .day, fonts: try FontSet.load(), waitForTiles: true)
        let store = layer.tiles.store
        let z = layer.tileLevel(for: zoom).zoom
        let centre = WebMercator.tile(containing: LabelStabilityTests.centre, z: z)
        var dataTiles: Set<TileID> = []
        for dy in -2...2 {
            for dx in -2...2 { dataTiles.insert(store.dataTile(for: TileID(z: z, x: centre.x + dx, y: centre.y + dy))) }
        }
        var candidates: [LabelCandidate] = []
        for t in dataTiles.sorted(by: { ($0.y, $0.x) < ($1.y, $1.x) }) {
            if case .vector(_, let labels) = store.load(t) { candidates += labels }
        }
        let typography = try LabelStabilityTests.typography()
        let labelFonts = typography.fonts
        let placer = LabelPlacer()
        let width = 800
        let height = 480
        (placer.maxLabels, placer.maxPOIs) = typography.labelBudget(width: width, height: height)
        var previous: (camera: Camera, labels: [PlacedLabel])?
        var vanished = 0
        var jumped = 0
        var names: [String: Int] = [:]
        var shown = 0
        for i in 0..<frames {
            // ±2° around 37°, a few wobbles a second at 10 frames per second.
            let bearing = 37 + 2 * sin(Double(i) * 2 * .pi / 24)
            let camera = Camera(
                mode: .headingUp, center: LabelStabilityTests.centre, zoom: zoom, mapBearing: Angle(bearing),
                width: width,
                height: height)
            let labels = placer.place(candidates, camera: camera, fonts: labelFonts, reserved: [], zoom: zoom)
            shown += labels.count
            if let previous {
                let now = Dictionary(labels.map { ("\($0.kind)|\($0.text)", $0) }, uniquingKeysWith: { a, _ in a })
                for label in previous.labels {
                    // Where last frame's label anchor is now; a label that left the screen may go.
                    let anchor = LabelStabilityTests.anchor(of: label)
                    let moved = camera.screenPoint(ofWorldPixel: previous.camera.worldPixel(atScreen: anchor))
                    if let same = now["\(label.kind)|\(label.text)"] {
                        // A label that stays moves with the map, not along its street to another place.
                        if (LabelStabilityTests.anchor(of: same) - moved).length > 4 {
                            jumped += 1
                            names["jumped: \(label.text)", default: 0] += 1
                        }
                    } else if moved.x >= 0, moved.y >= 0, moved.x < Double(width), moved.y < Double(height) {
                        vanished += 1
                        names[label.text, default: 0] += 1
                    }
                }
            }
            previous = (camera, labels)
        }
        return (vanished, jumped, Double(shown) / Double(frames), names)
    }

    /// The middle of a label's first box: where its text starts on its street, or its point.
    static func anchor(of label: PlacedLabel) -> Point {
        let box = label.boxes.first ?? Rect(x: label.origin.x, y: label.origin.y, width: 0, height: 0)
        return Point(x: box.x + box.width / 2, y: box.y + box.height / 2)
    }

    @Test("no label blinks under a ±2° heading wobble", arguments: [15.0, 16.0, 16.5, 17.0])
    func wobble(zoom: Double) throws {
        let r = try LabelStabilityTests.disappearances(zoom: zoom)
        #expect(r.perFrame >= 5, "too few labels to judge: \(r.perFrame) a frame")
        let message: Comment =
            "zoom \(zoom): \(r.vanished) disappearances in 720 frames (\(r.names)), \(r.perFrame) labels a frame"
        #expect(r.vanished == 0, message)
        #expect(r.jumped == 0, "zoom \(zoom): \(r.jumped) labels jumped along their street (\(r.names))")
    }
}
