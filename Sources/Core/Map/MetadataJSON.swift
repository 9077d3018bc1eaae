/// Reads the JSON that map files carry as metadata (PMTiles' metadata block, MBTiles' `json` row).
public enum MetadataJSON {
    /// Top-level entries as text, and the ids of `vector_layers` (found at the top level or inside a `json`
    /// string, as tilemaker and the pmtiles converter write them). Unparseable JSON gives empty results.
    public static func flatten(_ bytes: [UInt8]) -> (entries: [String: String], vectorLayers: [String]) {
        guard let object = JSONTree.parse(bytes) as? [String: Any] else {
            return ([:], [])
        }
        var entries: [String: String] = [:]
        for (k, v) in object {
            if let s = v as? String {
                entries[k] = s
            } else if let n = v as? Double {
                entries[k] = JSONTree.text(of: n)
            }
        }
        var layers = vectorLayerIDs(object["vector_layers"])
        if layers.isEmpty, let inner = entries["json"] { layers = vectorLayerIDs(inJSON: inner) }
        return (entries, layers)
    }

    /// The `vector_layers` ids in a JSON text such as MBTiles' `json` metadata row.
    public static func vectorLayerIDs(inJSON text: String) -> [String] {
        guard let object = JSONTree.parse(text) as? [String: Any] else { return [] }
        return vectorLayerIDs(object["vector_layers"])
    }

    private static func vectorLayerIDs(_ value: Any?) -> [String] {
        guard let list = value as? [[String: Any]] else { return [] }
        return list.compactMap { $0["id"] as? String }
    }
}
