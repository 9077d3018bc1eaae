extension OfflineMapLayer {
    /// The named street nearest `position` in the decoded tile under it (at the data's deepest zoom, where the
    /// street lines are most exact), for the HUD's current-street bar.
    ///
    /// Asked every frame (20 a second while moving) for a position that moves centimetres a frame: the last
    /// answer is kept while the position stays within `streetReuseMetres` and the course within
    /// `streetReuseDegrees` of where it was found, in the same tile (it walks every street segment of the tile).
    public func currentStreet(at position: GeoCoordinate, course: Angle?) -> String? {
        guard position.isValid else { return nil }
        let store = tiles.store
        guard !store.isRaster else { return nil }
        let tile = store.dataTile(for: WebMercator.tile(containing: position, z: store.maxZoom))
        if let last = streetCache, last.tile == tile, Self.isNear(last, position, course) { return last.name }
        let loaded = waitForTiles ? store.load(tile) : store.cached(tile)
        guard case .vector(_, let labels)? = loaded else { return nil }
        let name = CurrentStreet.name(of: labels, at: position, course: course)
        streetCache = StreetAnswer(tile: tile, position: position, course: course, name: name)
        return name
    }

    /// How far the position may move, and the course turn, before the current street is looked up again.
    static let streetReuseMetres = 1.0
    static let streetReuseDegrees = 2.0

    /// The last current-street answer and what it was asked for.
    struct StreetAnswer {
        var tile: TileID
        var position: GeoCoordinate
        var course: Angle?
        var name: String?
    }

    private static func isNear(_ last: StreetAnswer, _ position: GeoCoordinate, _ course: Angle?) -> Bool {
        switch (last.course, course) {
        case (nil, nil): break
        case (let a?, let b?): guard abs(a.signedDifference(to: b)) <= streetReuseDegrees else { return false }
        default: return false
        }
        return GreatCircle.distance(from: last.position, to: position) <= streetReuseMetres
    }
}
