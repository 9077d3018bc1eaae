import Foundation
import Testing

@testable import Core

/// The order a frame asks for its tiles in: the tile queue renders the newest request first, so the tiles the
/// screen shows now come last, nearest the user's marker last of all, after the corners of a turned frame's grid
/// that only a further turn brings into view.
@Suite("Tile request order")
struct TileRequestOrderTests {
    static func camera(bearing: Double) -> Camera {
        Camera(
            center: GeoCoordinate(latitude: 60.17, longitude: 24.94), zoom: 16.5, bearing: Angle(bearing),
            width: 800, height: 480, anchor: Point(x: 400, y: 336))
    }

    @Test(arguments: [0.0, 37.0, 90.0, 213.0])
    func tilesOnScreenAreAskedForLastNearestTheMarkerLast(bearing: Double) throws {
        let camera = Self.camera(bearing: bearing)
        let (xs, ys) = TileCompositor.visibleTiles(camera: camera, zoom: 17)
        let order = TileCompositor.requestOrder(camera: camera, zoom: 17, xs: xs, ys: ys)
        #expect(order.count == xs.count * ys.count)
        #expect(Set(order).count == order.count)
        let k = pow(2, 17 - camera.zoom) / WebMercator.tileSize
        let shown = order.map { TileCompositor.isOnScreen($0, camera: camera, tileUnitsPerWorldPixel: k) }
        // Every tile the screen shows after every one it does not.
        let firstShown = try #require(shown.firstIndex(of: true))
        #expect(shown[firstShown...].allSatisfy { $0 })
        // The last one asked for (the first rendered) is the tile under the marker.
        let marker = camera.worldPixel(atScreen: camera.anchor) * k
        let last = try #require(order.last)
        #expect(last.x == Int(marker.x.rounded(.down)) && last.y == Int(marker.y.rounded(.down)))
        if bearing == 37 || bearing == 213 {
            // A turned frame's grid has corners the screen does not show.
            #expect(firstShown > 0)
        }
    }

    @Test func aTileIsOnScreenExactlyWhenItsSquareOverlapsTheScreen() {
        let camera = Self.camera(bearing: 45)
        let k = pow(2, 17 - camera.zoom) / WebMercator.tileSize
        let (xs, ys) = TileCompositor.visibleTiles(camera: camera, zoom: 17)
        for y in ys {
            for x in xs {
                let tile = TileID(z: 17, x: x, y: y)
                // Sampled: a grid of points over the tile's square, any of them inside the screen.
                var inside = false
                for i in 0...32 {
                    for j in 0...32 {
                        let p = camera.screenPoint(
                            ofWorldPixel: Point(
                                x: (Double(x) + Double(i) / 32) / k, y: (Double(y) + Double(j) / 32) / k))
                        if p.x >= 0, p.x <= 800, p.y >= 0, p.y <= 480 { inside = true }
                    }
                }
                // The sampled test can miss a sliver; the exact one never says "off" for a tile that is on.
                if inside { #expect(TileCompositor.isOnScreen(tile, camera: camera, tileUnitsPerWorldPixel: k)) }
            }
        }
    }
}
