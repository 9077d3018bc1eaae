/// The colours of everything the scene draws over the map: chosen for a glance in sun (day) and without glare at
/// night (night keeps bright areas small and avoids pure white).
public struct SceneTheme: Hashable, Sendable {
    public var name: String
    public var background: Color
    public var gridLine: Color
    public var gridLabel: Color
    public var gridLabelHalo: Color
    public var trail: Color
    public var trailCasing: Color
    public var arrowFill: Color
    public var arrowOutline: Color
    public var arrowShadow: Color
    /// The arrow's fill when the position is stale: grey, so old data looks old.
    public var arrowStale: Color
    public var accuracyFill: Color
    public var accuracyEdge: Color
    public var panel: Color
    public var panelText: Color
    public var panelSubtleText: Color
    public var warning: Color
    public var northMarker: Color

    public static let day = SceneTheme(
        name: "day",
        background: Color(hex: 0xf2efe9), gridLine: Color(hex: 0xc9c3b8), gridLabel: Color(hex: 0x6b655c),
        gridLabelHalo: Color(hex: 0xf2efe9), trail: Color(hex: 0x2f6fdb, alpha: 150),
        trailCasing: Color(hex: 0xffffff, alpha: 170),
        // A dark plum no map feature uses: at least 3:1 against every feature colour of the day map, even the
        // blue cycleways and grey rails (ArrowContrastTests computes the ratios).
        arrowFill: Color(hex: 0x3a0030), arrowOutline: Color(hex: 0xffffff),
        arrowShadow: Color(hex: 0x000000, alpha: 70), arrowStale: Color(hex: 0x8c8c8c),
        accuracyFill: Color(hex: 0x3a0030, alpha: 34), accuracyEdge: Color(hex: 0x3a0030, alpha: 150),
        panel: Color(hex: 0x1b2230), panelText: Color(hex: 0xffffff), panelSubtleText: Color(hex: 0xb9c3d3),
        warning: Color(hex: 0xffb020), northMarker: Color(hex: 0xe0322b))

    public static let night = SceneTheme(
        name: "night",
        background: Color(hex: 0x1a1d23), gridLine: Color(hex: 0x30353e), gridLabel: Color(hex: 0x7d8593),
        gridLabelHalo: Color(hex: 0x1a1d23), trail: Color(hex: 0x4f8ff0, alpha: 150),
        trailCasing: Color(hex: 0x000000, alpha: 120),
        // A warm white, at least 3:1 against every feature colour of the night map (the light blue cycleways
        // are the closest), outlined in near-black.
        arrowFill: Color(hex: 0xfff9e6), arrowOutline: Color(hex: 0x140a18),
        arrowShadow: Color(hex: 0x000000, alpha: 110), arrowStale: Color(hex: 0x6e737c),
        accuracyFill: Color(hex: 0xfff9e6, alpha: 30), accuracyEdge: Color(hex: 0xfff9e6, alpha: 140),
        panel: Color(hex: 0x0b0d11), panelText: Color(hex: 0xdfe6f0), panelSubtleText: Color(hex: 0x8a94a6),
        warning: Color(hex: 0xe8a020), northMarker: Color(hex: 0xd8463f))
}
