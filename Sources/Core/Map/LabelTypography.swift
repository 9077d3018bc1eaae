/// The map's text sizes for one panel, from its physics: every map name and the credit line at least ISO 15008's
/// 16 arc-minutes of capital height at the viewing distance (secondary information), place names a little larger
/// so the map's hierarchy reads at a glance.
///
/// The em size is found from the font's own capital height (the OS/2 table's, or the top of "H" when the table
/// has none), because ISO 15008 measures capitals, not the em. The HUD sizes its text the same way
/// (`HUDTypography`).
public struct LabelTypography: Sendable {
    /// Street names along their street.
    public static let roadArcMinutes = ScreenPhysics.secondaryArcMinutes
    /// Points of interest: the least important names, at the minimum.
    public static let poiArcMinutes = ScreenPhysics.secondaryArcMinutes
    /// Place names (districts, the city), bold and a step above the streets.
    public static let placeArcMinutes = 18.0
    /// The map data's credit line.
    public static let attributionArcMinutes = ScreenPhysics.secondaryArcMinutes
    /// Smaller credit sizes, tried in turn when the HUD leaves no room for the credit at 16′ (a 3.5" 480×320
    /// panel): the licence's credit must stay on the map, legible if not at a glance.
    public static let attributionFallbackArcMinutes = [13.0, 10.0]

    /// The fonts the placer measures and the layer draws with.
    public let fonts: LabelPlacer.Fonts
    /// The credit line's font, then the smaller ones to try when it finds no room.
    public let attribution: LabelFont
    public let attributionFallbacks: [LabelFont]
    /// The halo width around every name, in pixels: about 0.4 mm, so a name reads on any map colour.
    public let haloPixels: Double
    /// The physics these sizes were made for.
    public let physics: ScreenPhysics

    /// Sizes for `physics`, set by `shaper` (the world text stack) when it accepts every style, else in `fonts`'
    /// outlines.
    public init(physics: ScreenPhysics, fonts: FontSet, shaper: (any TextShaper)?) {
        self.physics = physics
        let halo = 2 * physics.unit
        haloPixels = halo
        func capitals(_ arcMinutes: Double) -> Double {
            // Hinting may move the top of the capitals to the nearest pixel edge: aim half a pixel above.
            physics.pixels(arcMinutes: arcMinutes).rounded(.up) + 0.5
        }
        let road = capitals(Self.roadArcMinutes)
        let poi = capitals(Self.poiArcMinutes)
        let place = capitals(Self.placeArcMinutes)
        let credits = ([Self.attributionArcMinutes] + Self.attributionFallbackArcMinutes).map(capitals)
        let shapedCredits = shaper.map { s in
            credits.compactMap { Self.shaped(s, capHeight: $0, weight: .regular, halo: 0.75 * halo) }
        }
        if let shaper,
            let place = Self.shaped(shaper, capHeight: place, weight: .bold, halo: halo),
            let road = Self.shaped(shaper, capHeight: road, weight: .regular, halo: halo),
            let poi = Self.shaped(shaper, capHeight: poi, weight: .regular, halo: halo),
            let shapedCredits, shapedCredits.count == credits.count
        {
            self.fonts = LabelPlacer.Fonts(place: place, road: road, poi: poi)
            attribution = shapedCredits[0]
            attributionFallbacks = Array(shapedCredits.dropFirst())
        } else {
            self.fonts = LabelPlacer.Fonts(
                place: LabelFont(Self.outline(fonts.bold, capHeight: place)),
                road: LabelFont(Self.outline(fonts.regular, capHeight: road)),
                poi: LabelFont(Self.outline(fonts.regular, capHeight: poi)))
            let outlines = credits.map { LabelFont(Self.outline(fonts.regular, capHeight: $0)) }
            attribution = outlines[0]
            attributionFallbacks = Array(outlines.dropFirst())
        }
    }

    /// How many names a `width`×`height` frame shows at most: about one per 60 squares of a street name's capital
    /// height (18 on a 7" 800×480 panel, 5 on a 3.5" 480×320), so a small panel with large text stays calm, and
    /// at most a fifth of them points of interest (the least useful names while riding).
    public func labelBudget(width: Int, height: Int) -> (labels: Int, pois: Int) {
        let cap = max(fonts.road.capHeight, 1)
        let area = Double(max(width, 0)) * Double(max(height, 0))
        let labels = min(40, max(4, Int(checkedTruncating: area / (cap * cap * 60)) ?? 4))
        return (labels, max(1, labels / 5))
    }

    /// A shaped font whose capitals are `capHeight` pixels high, nil when the shaper refuses the style.
    private static func shaped(
        _ shaper: any TextShaper, capHeight: Double, weight: FontWeight, halo: Double
    ) -> LabelFont? {
        guard let probe = try? ShapedTextLayout(shaper, sizePixels: 100, weight: weight), probe.capHeight > 1,
            let layout = try? ShapedTextLayout(
                shaper, sizePixels: 100 * capHeight / probe.capHeight, weight: weight, haloPixels: halo)
        else { return nil }
        return LabelFont(layout)
    }

    /// The outline font at the em size whose capitals are `capHeight` pixels high.
    private static func outline(_ font: TrueTypeFont, capHeight: Double) -> TextLayout {
        let probe = TextLayout(font: font, size: 100)
        return TextLayout(font: font, size: 100 * capHeight / probe.capHeight)
    }
}
