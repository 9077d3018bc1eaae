extension OfflineMapLayer {
    /// The named street nearest `position` in the decoded tile under it (at the data's deepest zoom, where the
    /// street lines are most exact), for the HUD's current-street bar.
    public func currentStreet(at position: GeoCoordinate, course: Angle?) -> String? {
        guard position.isValid else { return nil }
        let store = tiles.store
        guard !store.isRaster else { return nil }
        let tile = store.dataTile(for: WebMercator.tile(containing: position, z: store.maxZoom))
        let loaded = waitForTiles ? store.load(tile) : store.cached(tile)
        guard case .vector(_, let labels)? = loaded else { return nil }
        return CurrentStreet.name(of: labels, at: position, course: course)
    }
}
