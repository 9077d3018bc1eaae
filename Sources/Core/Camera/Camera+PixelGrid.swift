extension Camera {
    /// The same view with its centre moved by at most half a pixel each way along the screen's axes, onto the
    /// grid of whole screen pixels of this zoom and bearing: any two snapped cameras with the same zoom, bearing
    /// and anchor show the map shifted by a whole number of pixels.
    ///
    /// Why: between turns of the map (its dead band) a frame then shows the last one's map moved by whole pixels,
    /// which the map layer shifts instead of resampling every pixel (`ShiftableComposite`), and the map's lines
    /// keep one sampling phase as they move instead of blurring and sharpening with the quarter pixels. The map
    /// moves in whole-pixel steps: 6 a second at 5 m/s at zoom 16.5, every frame from about 15 m/s. A centre or
    /// zoom that is not finite is kept as it is.
    public func snappedToScreenPixels() -> Camera {
        let c = WebMercator.worldPixel(center, zoom: zoom)
        // The centre in screen-axis coordinates: `screenPoint` turns world offsets by −bearing.
        let q = rotate(c, byDegrees: -bearing.degrees)
        guard q.x.isFinite, q.y.isFinite else { return self }
        let snapped = rotate(Point(x: q.x.rounded(), y: q.y.rounded()), byDegrees: bearing.degrees)
        let coordinate = WebMercator.coordinate(ofWorldPixel: snapped, zoom: zoom)
        guard coordinate.latitude.isFinite, coordinate.longitude.isFinite else { return self }
        var camera = self
        camera.center = coordinate
        return camera
    }
}
