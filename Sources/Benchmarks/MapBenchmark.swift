import CCairo
import Core
import Foundation
import Platform

/// The densest z14 tile of the Helsinki extract: decode time, our raster time at 512×512, and cairo's time for
/// exactly the same filled paths (non-zero winding, default antialiasing) measured in the same run.
func runMapBenchmark() {
    let path = mapFixturePath("helsinki.mbtiles")
    let stored: [UInt8]
    let file: MBTilesFile
    do {
        file = try MBTilesFile(path: path)
        // The densest tile is the one with the most stored bytes among z14.
        var best: (TileID, [UInt8])?
        for x in 9326...9327 {
            for y in 4741...4742 {
                let t = TileID(z: 14, x: x, y: y)
                if let b = try file.tileBytes(t), b.count > (best?.1.count ?? 0) { best = (t, b) }
            }
        }
        guard let best else {
            print("map benchmark: no z14 tiles in \(path)")
            return
        }
        stored = best.1
        print("Map benchmark (median CPU time): tile \(best.0) of \(path) (\(stored.count) bytes gzip'd)")
    } catch {
        print("map benchmark: \(error)")
        return
    }
    let inflater = ZlibInflater()
    var tile = VectorTile(layers: [])
    let decode = measure(rounds: 20) {
        do {
            tile = try VectorTile(decoding: try inflater.gunzip(stored, limit: 64 << 20))
        } catch {
            print("map benchmark: decode failed: \(error)")
        }
    }
    let features = tile.layers.reduce(0) { $0 + $1.features.count }
    let vertices = tile.layers.reduce(0) { $0 + $1.features.reduce(0) { $0 + $1.parts.reduce(0) { $0 + $1.count } } }
    let id = TileID(z: 14, x: 9327, y: 4742)
    let canvas = Canvas(width: 512, height: 512)
    var renderer = TileRenderer(style: .day, schema: .openMapTiles)
    let full = measure(rounds: 10) { renderer.render(tile, dataTile: id, target: id, on: canvas) }
    // The ride draws z16 tiles at 362 px from the z14 data (zoom 16.5, `TileLevel`): each shows a sixteenth of it.
    let level = TileLevel.forCamera(zoom: 16.5, within: 0...22)
    let deep = Canvas(width: level.size, height: level.size)
    let span = 1 << (level.zoom - id.z)
    let targets = (0..<span * span).map { i in
        TileID(z: level.zoom, x: id.x * span + i % span, y: id.y * span + i / span)
    }
    let deeper = measure(rounds: 5) { countedDeepRenders(renderer, tile, id, targets, deep) }
    let recorder = PathRecorder()
    renderer.recorder = recorder
    renderer.render(tile, dataTile: id, target: id, on: canvas)
    let paths = recorder.paths
    let edges = paths.reduce(0) { $0 + $1.0.contours.reduce(0) { $0 + $1.count } }
    let ours = measure(rounds: 10) {
        canvas.clear(to: MapStyle.day.land)
        for (p, c) in paths { canvas.fill(p, c) }
    }
    let cairo = measure(rounds: 10) { cairoFill(paths, width: 512, height: 512) }
    print("  \(features) features, \(vertices) vertices; \(paths.count) filled paths with \(edges) edges at 512×512")
    print("  decode (gunzip + MVT):          \(ms(decode)) ms")
    print("  render (style, stroke, fill):   \(ms(full)) ms")
    print(
        "  render as z\(level.zoom) at \(level.size) px (the ride's level), a tile: "
            + "\(ms(deeper / Double(targets.count))) ms")
    print("  fill only, ours:                \(ms(ours)) ms")
    print("  fill only, cairo (same paths):  \(ms(cairo)) ms")
    print("  ratio ours / cairo (fill):      \(formatFixed(ours / cairo, digits: 2))")
    print("  ratio full render / cairo fill: \(formatFixed(full / cairo, digits: 2))")
    frameBenchmark(path: path)
}

/// The data tile `id` drawn as each of `targets` (for callgrind: `--toggle-collect='*countedDeepRenders*'`).
@inline(never) private func countedDeepRenders(
    _ renderer: TileRenderer, _ tile: VectorTile, _ id: TileID, _ targets: [TileID], _ canvas: Canvas
) {
    for t in targets { renderer.render(tile, dataTile: id, target: t, on: canvas) }
}

/// One 800×480 heading-up frame composed from cached tiles (rotation resampling plus label placement and text).
private func frameBenchmark(path: String) {
    do {
        let fonts = try FontSet.load()
        let layer = try OfflineMap.layer(path: path, style: .day, fonts: fonts, waitForTiles: true)
        let canvas = Canvas(width: 800, height: 480)
        let centre = GeoCoordinate(latitude: 60.170, longitude: 24.941)
        var heading = 37.0
        func camera() -> Camera {
            Camera(mode: .headingUp, center: centre, zoom: 16, mapBearing: Angle(heading), width: 800, height: 480)
        }
        layer.draw(on: canvas, camera: camera(), reserved: [])
        let warm = measure(rounds: 20) {
            heading += 1
            layer.draw(on: canvas, camera: camera(), reserved: [])
        }
        layer.drawsLabels = false
        let compose = measure(rounds: 20) {
            heading += 1
            layer.draw(on: canvas, camera: camera(), reserved: [])
        }
        print("  frame 800×480 heading-up from cached tiles: \(ms(warm)) ms with labels, \(ms(compose)) ms without")
    } catch {
        print("  frame benchmark skipped: \(error)")
    }
}

/// Fills the paths with cairo into a fresh RGB24 surface: non-zero winding, default antialiasing.
private func cairoFill(_ paths: [(Path, Color)], width: Int32, height: Int32) {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)
    let cr = cairo_create(surface)
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    for (path, color) in paths {
        cairo_new_path(cr)
        for contour in path.contours where contour.count >= 3 {
            cairo_move_to(cr, contour[0].x, contour[0].y)
            for p in contour.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            cairo_close_path(cr)
        }
        cairo_set_source_rgba(
            cr, Double(color.r) / 255, Double(color.g) / 255, Double(color.b) / 255, Double(color.a) / 255)
        cairo_fill(cr)
    }
    cairo_surface_flush(surface)
    cairo_destroy(cr)
    cairo_surface_destroy(surface)
}

/// The median CPU seconds of `rounds` runs of `body`. CPU time, not wall time: the machines these run on are
/// shared, and everything measured here runs on this one thread.
private func measure(rounds: Int, _ body: () -> Void) -> Double {
    body()  // warm up
    var times: [Double] = []
    for _ in 0..<rounds {
        let start = ProcessClock.cpuNanoseconds()
        body()
        times.append(Double(ProcessClock.cpuNanoseconds() - start) / 1e9)
    }
    return times.sorted()[times.count / 2]
}

private func ms(_ seconds: Double) -> String { formatFixed(seconds * 1000, digits: 2) }

/// maps/NAME in the working directory, else beside this source file's package.
private func mapFixturePath(_ name: String) -> String {
    let local = "maps/" + name
    if FileManager.default.fileExists(atPath: local) { return local }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("maps/" + name).path
}
