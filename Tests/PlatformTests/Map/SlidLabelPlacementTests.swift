import Platform
import Testing

@testable import Core

/// While the map only slides by whole pixels the layer moves its last full placement with it instead of placing
/// the labels again (`SlidLabelPlacement`): the names must be where a placement puts them, never under the
/// screen-fixed HUD or marker, and placed afresh as soon as anything but the slide changed.
@Suite("Labels slid with the map between placements")
struct SlidLabelPlacementTests {
    static func layer(reusing: Bool) throws -> OfflineMapLayer {
        let layer = try OfflineMap.layer(
            path: MapFixtures.path("helsinki.mbtiles"), style: .day, fonts: try FontSet.load(), waitForTiles: true,
            shaper: try WorldTextShaper())
        layer.reusesSlidLabels = reusing
        return layer
    }

    /// Riding north-east at about 5 m/s at 20 frames a second, heading-up, turning once at frame 60.
    static func camera(_ i: Int) -> Camera {
        Camera(
            mode: .headingUp,
            center: GeoCoordinate(latitude: 60.1699 + Double(i) * 1.8e-6, longitude: 24.9384 + Double(i) * 2.9e-6),
            zoom: 16.5, mapBearing: Angle(i < 60 ? 37 : 52), width: 400, height: 240
        ).snappedToScreenPixels()
    }

    /// A HUD panel in the top-left corner and the marker's box, fixed to the screen as the scene's are.
    static let reserved = [Rect(x: 0, y: 0, width: 120, height: 70), Rect(x: 180, y: 150, width: 40, height: 50)]

    @Test("A ride's labels are mostly slid, keep off the HUD, and show what placing every frame shows")
    func slidLabelsOnARide() throws {
        let sliding = try Self.layer(reusing: true)
        let placing = try Self.layer(reusing: false)
        let canvas = Canvas(width: 400, height: 240)
        var full: (camera: Camera, labels: [PlacedLabel])?
        var slidFrames = 0
        var shown = 0
        var same = 0
        for i in 0..<120 {
            let before = sliding.placedLabelSets
            sliding.draw(on: canvas, camera: Self.camera(i), reserved: Self.reserved)
            placing.draw(on: canvas, camera: Self.camera(i), reserved: Self.reserved)
            let labels = sliding.lastLabels
            for label in labels {
                for box in label.boxes {
                    #expect(!Self.reserved.contains(where: box.intersects), "frame \(i): \(label.text) under the HUD")
                }
            }
            if sliding.placedLabelSets == before, let last = full {
                // A slid frame: the full placement moved by the whole pixels the map moved.
                slidFrames += 1
                let slide = try #require(SlidLabelPlacement.wholePixelSlide(from: last.camera, to: Self.camera(i)))
                #expect(labels == last.labels.map { $0.moved(by: slide) }, "frame \(i)")
            } else {
                full = (Self.camera(i), labels)
            }
            // The same names as placing every frame, give or take one coming in or going out at an edge.
            let names = Set(labels.map(\.text))
            let fresh = Set(placing.lastLabels.map(\.text))
            shown += max(names.count, fresh.count)
            same += names.intersection(fresh).count
        }
        #expect(slidFrames > 60, "\(slidFrames) of 120 frames slid")
        #expect(shown > 0)
        #expect(Double(same) >= 0.95 * Double(shown), "\(same) of \(shown) names shown by both")
    }

    /// A slid frame's overlay items (what the map's composite keeps or draws again of each label) are the full
    /// placement's moved by the slide: the same as working each one out afresh, bounds and identity alike.
    @Test("A slid frame's label items are the full placement's moved by the slide")
    func slidItemsAreFreshItems() throws {
        let layer = try Self.layer(reusing: true)
        let canvas = Canvas(width: 400, height: 240)
        let typography = layer.labelTypography(for: .assumed(width: 400, height: 240))
        var full: Camera?
        var compared = 0
        var withIdentity = 0
        var turned = 0
        for i in 0..<120 {
            let before = layer.placedLabelSets
            layer.draw(on: canvas, camera: Self.camera(i), reserved: Self.reserved)
            guard layer.placedLabelSets == before, let last = full else {
                full = Self.camera(i)
                continue
            }
            let slide = try #require(SlidLabelPlacement.wholePixelSlide(from: last, to: Self.camera(i)))
            let kept = try #require(layer.slidPlacement?.items, "frame \(i): the full placement's items")
            let fresh = layer.lastLabels.map {
                layer.overlayItem($0, font: typography.fonts.font($0.kind), haloPixels: typography.haloPixels)
            }
            #expect(kept.items.map { $0.moved(by: slide) } == fresh, "frame \(i), slid \(slide)")
            compared += fresh.count
            withIdentity += fresh.filter { $0.identity != nil }.count
            turned += layer.lastLabels.filter { $0.rotationDegrees != 0 }.count
        }
        // Upright and turned names alike, most of them kept by identity.
        #expect(compared > 300 && withIdentity > compared / 2 && turned > 50, "\(compared), \(withIdentity), \(turned)")
    }

    static let label = PlacedLabel(
        text: "Mannerheimintie", kind: .road, origin: Point(x: 200.25, y: 100.5), rotationDegrees: 12,
        boxes: [Rect(x: 190, y: 90, width: 30, height: 14)])
    static let trail = LabelKeepOutLine(points: [Point(x: 10, y: 200), Point(x: 300, y: 210)], halfWidthPixels: 4)

    static func placement(_ camera: Camera, reserved: [Rect] = []) -> SlidLabelPlacement {
        SlidLabelPlacement(
            camera: camera, candidateTiles: [TileID(z: 14, x: 9326, y: 4742)],
            physics: .assumed(width: 400, height: 240),
            reserved: reserved, keepOff: [trail], labels: [label])
    }

    /// The camera of `camera(0)` moved so the map slides by `dx`, `dy` screen pixels (no snapping).
    static func slid(_ camera: Camera, dx: Double, dy: Double) -> Camera {
        var moved = camera
        moved.center = camera.coordinate(atScreen: camera.anchor - Point(x: dx, y: dy))
        return moved
    }

    @Test("A whole-pixel slide within the limit moves the labels, their glyphs and their boxes by it")
    func aSlideMovesTheLabels() throws {
        let camera = Self.camera(0)
        let slid = Self.slid(camera, dx: 3, dy: -2)
        let lines = [LabelKeepOutLine(points: Self.trail.points.map { $0 + Point(x: 3, y: -2) }, halfWidthPixels: 4)]
        let (labels, slide) = try #require(
            Self.placement(camera).labels(
                camera: slid, candidateTiles: [TileID(z: 14, x: 9326, y: 4742)],
                physics: .assumed(width: 400, height: 240), reserved: [], keepOff: lines))
        #expect(slide == Point(x: 3, y: -2))
        #expect(labels.count == 1)
        #expect(labels[0].origin == Point(x: 203.25, y: 98.5))
        #expect(labels[0].boxes == [Rect(x: 193, y: 88, width: 30, height: 14)])
        // The trail's head moved on without sliding (it follows the rider), clear of the label: still slid.
        let ahead = [LabelKeepOutLine(points: lines[0].points + [Point(x: 320, y: 215)], halfWidthPixels: 4)]
        #expect(
            Self.placement(camera).labels(
                camera: slid, candidateTiles: [TileID(z: 14, x: 9326, y: 4742)],
                physics: .assumed(width: 400, height: 240), reserved: [], keepOff: ahead) != nil)
    }

    @Test(arguments: [
        "a fractional slide", "a slide past the limit", "a new rotation", "a new zoom", "other tiles",
        "another HUD", "a trail that moved onto the label", "a slide onto the HUD",
    ])
    func anythingButAWholePixelSlidePlacesAfresh(_ change: String) {
        let camera = Self.camera(0)
        let hud = Rect(x: 0, y: 0, width: 100, height: 60)
        var new = Self.slid(camera, dx: 2, dy: 1)
        var tiles = [TileID(z: 14, x: 9326, y: 4742)]
        var reserved = [hud]
        var lines = [LabelKeepOutLine(points: Self.trail.points.map { $0 + Point(x: 2, y: 1) }, halfWidthPixels: 4)]
        switch change {
        case "a fractional slide": new = Self.slid(camera, dx: 2.5, dy: 1)
        case "a slide past the limit": new = Self.slid(camera, dx: SlidLabelPlacement.shiftLimitPixels + 1, dy: 1)
        case "a new rotation": new.bearing = Angle(38)
        case "a new zoom": new.zoom += 0.25
        case "other tiles": tiles = [TileID(z: 14, x: 9327, y: 4742)]
        case "another HUD": reserved = [Rect(x: 0, y: 0, width: 100, height: 61)]
        case "a trail that moved onto the label":
            lines = [LabelKeepOutLine(points: Self.trail.points + [Point(x: 205, y: 95)], halfWidthPixels: 4)]
        default:
            // The HUD ends a pixel left of the label; a slide of two pixels to the left puts the label under it.
            reserved = [Rect(x: 0, y: 80, width: 189, height: 40)]
            new = Self.slid(camera, dx: -2, dy: 0)
            lines = [LabelKeepOutLine(points: Self.trail.points.map { $0 + Point(x: -2, y: 0) }, halfWidthPixels: 4)]
            let placement = Self.placement(camera, reserved: reserved)
            #expect(
                placement.labels(
                    camera: new, candidateTiles: tiles, physics: .assumed(width: 400, height: 240), reserved: reserved,
                    keepOff: lines) == nil)
            return
        }
        let placement = Self.placement(camera, reserved: [hud])
        #expect(
            placement.labels(
                camera: new, candidateTiles: tiles, physics: .assumed(width: 400, height: 240), reserved: reserved,
                keepOff: lines) == nil, "\(change)")
    }
}
