import Core
import Platform
import Testing

/// `OfflineMapLayer.coversEveryPixel`: the scene skips its clear for the map, so the map must write every pixel,
/// whatever the camera shows (tiles, the world's edge, no tile data at all, a camera that is not finite).
@Suite("Map covers the frame")
struct MapCoversFrameTests {
    /// A colour no map style draws.
    static let sentinel: UInt32 = 0x00ff_00fe

    @Test(arguments: [
        (60.170, 24.941, 16.5, 37.0),  // the bundled map's centre, heading-up
        (60.170, 24.941, 2.0, 0.0),  // the whole world and the space around it
        (84.9, 179.9, 18.0, 200.0),  // the world's corner: half the frame is outside it
        (-40.0, -120.0, 17.0, 95.0),  // far from any tile with data
        (60.170, 24.941, .nan, 10.0),  // a broken camera (an angle is finite by construction)
    ])
    func theMapWritesEveryPixel(_ c: (latitude: Double, longitude: Double, zoom: Double, bearing: Double)) throws {
        let fonts = try FontSet.load()
        let layer = try OfflineMap.layer(
            path: MapFixtures.path("helsinki.mbtiles"), style: .day, fonts: fonts, waitForTiles: true)
        #expect(layer.coversEveryPixel)
        let canvas = Canvas(width: 320, height: 200)
        canvas.frame.clear(to: Self.sentinel)
        let camera = Camera(
            mode: .headingUp, center: GeoCoordinate(latitude: c.latitude, longitude: c.longitude), zoom: c.zoom,
            mapBearing: Angle(c.bearing), width: 320, height: 200)
        layer.draw(on: canvas, camera: camera, reserved: [])
        let left = canvas.frame.pixels.filter { $0 == Self.sentinel }.count
        #expect(left == 0, "\(left) pixels not drawn")
    }
}
