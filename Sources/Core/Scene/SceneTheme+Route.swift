/// The route's colours for one scene theme.
public struct RouteColours: Hashable, Sendable {
    /// The line ahead: a magenta no map feature uses (CIE ΔE over 60 from every feature colour of the map in
    /// this theme, the arrow and the trail: `RouteColourTests` computes them).
    public var ahead: Color
    /// Under the line ahead, setting it off from the roads it runs along.
    public var casing: Color
    /// The part already ridden: the same line, dimmed.
    public var ridden: Color
    /// The way back to the route while off it (dashed).
    public var wayBack: Color

    /// The colour of a glyph on the route panel: the warning colour for the way back, the text colour otherwise.
    func cue(warning: Bool, _ theme: SceneTheme) -> Color { warning ? theme.warning : theme.panelText }

    public static let day = RouteColours(
        ahead: Color(hex: 0xff00cc), casing: Color(hex: 0xffffff, alpha: 210), ridden: Color(hex: 0xd7a6cc, alpha: 190),
        wayBack: Color(hex: 0xff00cc))
    /// Night: a little less bright (no glare), outlined in near-black.
    public static let night = RouteColours(
        ahead: Color(hex: 0xe800c0), casing: Color(hex: 0x0b0d11, alpha: 200), ridden: Color(hex: 0x6e4866, alpha: 190),
        wayBack: Color(hex: 0xe800c0))
}

extension SceneTheme {
    /// The route's colours in this theme (night's for the night theme, day's for any other).
    public var route: RouteColours { name == "night" ? .night : .day }
}
