import Testing

@testable import Core

/// Issue 20: tiles are rasterised at the camera's scale, so the composite reads about one tile pixel per screen
/// pixel (it read 1.41 at the default zoom 16.5) and never magnifies a tile.
struct TileLevelTests {
    @Test func theSizesAreAQuarterLevelApart() {
        #expect(TileLevel.sizes == [256, 304, 362, 431])
    }

    @Test func theDefaultZoomDrawsTileAtOneSourcePixelAScreenPixel() {
        let level = TileLevel.forCamera(zoom: 16.5, within: 0...20)
        #expect(level == TileLevel(zoom: 16, size: 362))
        #expect(abs(level.sourcePixelsPerScreenPixel(atZoom: 16.5) - 1) < 0.001)
        #expect(TileLevel.forCamera(zoom: 17, within: 0...20) == TileLevel(zoom: 17, size: 256))
    }

    @Test func everyZoomInTheRangeReadsOneToAQuarterLevelOfSourcePixels() {
        // A sweep across several levels, with steps that are not quarters and values a float sum gives.
        var zoom = 9.0
        while zoom < 19 {
            let level = TileLevel.forCamera(zoom: zoom, within: 0...20)
            let k = level.sourcePixelsPerScreenPixel(atZoom: zoom)
            #expect(k > 0.999 && k < 1.19 + 0.001, "zoom \(zoom): \(level), \(k)")
            zoom += 0.0137
        }
        // A whisker above a quarter step is that step, not the next one at 1.19.
        let nearly = TileLevel.forCamera(zoom: 16.5 + 1e-9, within: 0...20)
        #expect(nearly == TileLevel(zoom: 16, size: 362))
    }

    @Test func outsideTheRangeTheTilesAre256PixelsAtTheNearestZoom() {
        #expect(TileLevel.forCamera(zoom: 24.3, within: 0...20) == TileLevel(zoom: 20, size: 256))
        #expect(TileLevel.forCamera(zoom: -3.6, within: 0...20) == TileLevel(zoom: 0, size: 256))
        #expect(TileLevel.forCamera(zoom: -0.6, within: 0...20) == TileLevel(zoom: 0, size: 256))
        for bad in [Double.nan, .infinity, -.infinity, 1e300, -1e300] {
            let level = TileLevel.forCamera(zoom: bad, within: 0...20)
            #expect((0...20).contains(level.zoom) && level.size == 256)
        }
    }
}
