import Core

extension DrmDisplay {
    /// The size the connector reports (from the panel's EDID), nil when it reports none (0 mm, as many small SPI
    /// and DSI panels do).
    public var reportedSizeMillimetres: (width: Int, height: Int)? {
        let connector = selection.connector
        guard connector.widthMillimetres > 0, connector.heightMillimetres > 0 else { return nil }
        return (connector.widthMillimetres, connector.heightMillimetres)
    }
}
