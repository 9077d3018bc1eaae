import Core
import Foundation
import Platform

/// Map labels on a heading-up 800×480 frame from cached tiles, three ways in one run: labels filled from outlines
/// every frame (the path without the text stack), labels from the text stack's cached glyph masks (copied
/// upright, sampled when turned), and no labels; the label part of a frame is the difference to the last.
func runLabelBenchmark() {
    print("\n== Labels: one heading-up frame's labels, outline fill vs cached glyph masks ==")
    do {
        let fonts = try FontSet.load()
        let shaper = try WorldTextShaper()
        let path = repositoryPath("maps/helsinki.mbtiles")
        for zoom in [15.0, 16.0, 17.0] {
            let outline = try OfflineMap.layer(path: path, style: .day, fonts: fonts, waitForTiles: true)
            let shaped = try OfflineMap.layer(
                path: path, style: .day, fonts: fonts, waitForTiles: true, shaper: shaper)
            let bare = try OfflineMap.layer(path: path, style: .day, fonts: fonts, waitForTiles: true)
            bare.drawsLabels = false
            let canvas = Canvas(width: 800, height: 480)
            let centre = GeoCoordinate(latitude: 60.16952, longitude: 24.94130)
            func frames(_ layer: OfflineMapLayer) -> (seconds: Double, labels: Int) {
                var i = 0
                let t = labelMeasure(rounds: 24) {
                    // A ±2° wobble: the placer keeps last frame's labels, the drawing turns them.
                    let bearing = 37 + 2 * sin(Double(i) * 2 * .pi / 24)
                    i += 1
                    let camera = Camera(
                        mode: .headingUp, center: centre, zoom: zoom, mapBearing: Angle(bearing), width: 800,
                        height: 480)
                    layer.draw(on: canvas, camera: camera, reserved: [])
                }
                return (t, layer.lastLabels.count)
            }
            // Placement alone, on the candidates the shaped layer drew from.
            let store = shaped.tiles.store
            let grid = shaped.tileGrid(
                for: Camera(
                    mode: .headingUp, center: centre, zoom: zoom, mapBearing: Angle(37), width: 800, height: 480))
            var dataTiles: Set<TileID> = []
            for y in grid.ys {
                for x in grid.xs { dataTiles.insert(store.dataTile(for: TileID(z: grid.level.zoom, x: x, y: y))) }
            }
            var candidates: [LabelCandidate] = []
            for t in dataTiles { if case .vector(_, let l) = store.load(t) { candidates += l } }
            // The sizes the layer sets labels in on a 7" 800×480 panel at 70 cm (16′ capitals), and its budget.
            let placer = LabelPlacer()
            let typography = LabelTypography(
                physics: .assumed(width: 800, height: 480), fonts: fonts, shaper: shaper)
            let labelFonts = typography.fonts
            (placer.maxLabels, placer.maxPOIs) = typography.labelBudget(width: 800, height: 480)
            var k = 0
            let placing = labelMeasure(rounds: 24) {
                let bearing = 37 + 2 * sin(Double(k) * 2 * .pi / 24)
                k += 1
                let camera = Camera(
                    mode: .headingUp, center: centre, zoom: zoom, mapBearing: Angle(bearing), width: 800, height: 480)
                _ = placer.place(candidates, camera: camera, fonts: labelFonts, reserved: [], zoom: zoom)
            }
            print(
                "  zoom \(formatFixed(zoom, digits: 0)): placing \(candidates.count) candidates \(labelMs(placing)) ms")
            let none = frames(bare).seconds
            let (filled, n) = frames(outline)
            let (cached, m) = frames(shaped)
            let lf = filled - none
            let lc = cached - none
            print(
                "  zoom \(formatFixed(zoom, digits: 0)): frame without labels \(labelMs(none)) ms; "
                    + "outline labels (\(n)) +\(labelMs(lf)) ms; cached glyph masks (\(m)) +\(labelMs(lc)) ms; "
                    + "label cost ratio cached/outline \(formatFixed(lc / lf, digits: 3)), "
                    + "frame ratio \(formatFixed(cached / filled, digits: 3))")
        }
    } catch {
        print("  label benchmark skipped: \(error)")
    }
}

/// The median CPU seconds of `rounds` runs of `body` after one warm-up run (CPU time: the machine is shared).
private func labelMeasure(rounds: Int, _ body: () -> Void) -> Double {
    body()
    var times: [Double] = []
    for _ in 0..<rounds {
        let start = ProcessClock.cpuNanoseconds()
        body()
        times.append(Double(ProcessClock.cpuNanoseconds() - start) / 1e9)
    }
    return times.sorted()[times.count / 2]
}

private func labelMs(_ seconds: Double) -> String { formatFixed(seconds * 1000, digits: 2) }
