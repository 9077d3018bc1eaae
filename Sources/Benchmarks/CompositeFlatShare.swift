import Core
import Foundation
import Platform

/// `Benchmarks composite-flat`: how much of a heading-up frame a flat-area shortcut could skip. For destination
/// blocks of 2 to 16 pixels, the share whose whole bilinear footprint in the north-up map canvas is one colour
/// (so the composite could fill them instead of resampling), on the Helsinki map turned 37°: at z16 at scale 1
/// with and without labels, and at the product's default (zoom 16.5 drawn from z17 tiles, 1.41 source pixels per
/// screen pixel, labels drawn in screen space afterwards). The rest must be resampled whatever the shortcut, which
/// bounds what skipping flat areas can gain.
func runCompositeFlatShare() {
    print("\n== Rotated composite: share of destination blocks whose bilinear footprint is one colour ==")
    for (zoom, scale, labels) in [(16, 1.0, true), (16, 1.0, false), (17, 1.4142, false)] {
        let side = 1400
        guard let fonts = try? FontSet.load(),
            let layer = try? OfflineMap.layer(
                path: repositoryPath("maps/helsinki.mbtiles"), style: .day, fonts: fonts, waitForTiles: true)
        else { return }
        layer.drawsLabels = labels
        let canvas = Canvas(width: side, height: side)
        let camera = Camera(
            mode: .northUp, center: GeoCoordinate(latitude: 60.1699, longitude: 24.9384), zoom: Double(zoom),
            mapBearing: .north, width: side, height: side)
        layer.draw(on: canvas, camera: camera, reserved: [])
        let src = canvas.frame
        let map = AffineMap.rotation(
            degrees: 37, scale: 1 / scale, sourceCenter: Point(x: 700, y: 700), destinationCenter: Point(x: 400, y: 240)
        )
        var line = "  z\(zoom) canvas, \(formatFixed(scale, digits: 2)) source px per screen px, labels \(labels):"
        for d in [2, 4, 8, 16] {
            var flat = 0
            var total = 0
            var by = 0
            while by + d <= 480 {
                var bx = 0
                while bx + d <= 800 {
                    var us: [Double] = []
                    var vs: [Double] = []
                    for (x, y) in [(bx, by), (bx + d - 1, by), (bx, by + d - 1), (bx + d - 1, by + d - 1)] {
                        us.append(map.origin.x + Double(x) * map.xStep.x + Double(y) * map.yStep.x)
                        vs.append(map.origin.y + Double(x) * map.xStep.y + Double(y) * map.yStep.y)
                    }
                    let u0 = Int(us.min()!.rounded(.down))
                    let u1 = Int(us.max()!.rounded(.down)) + 1
                    let v0 = Int(vs.min()!.rounded(.down))
                    let v1 = Int(vs.max()!.rounded(.down)) + 1
                    total += 1
                    if u0 >= 0, v0 >= 0, u1 < side, v1 < side {
                        let c = src[u0, v0]
                        var ok = true
                        outer: for v in v0...v1 {
                            for u in u0...u1 where src[u, v] != c {
                                ok = false
                                break outer
                            }
                        }
                        if ok { flat += 1 }
                    }
                    bx += d
                }
                by += d
            }
            line += "  \(d)x\(d): \(flat * 100 / total) %"
        }
        print(line)
    }
}
