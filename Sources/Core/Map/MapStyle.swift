/// Colours and line widths for drawing map tiles, day or night. Widths are in pixels at zoom 16 and scale with
/// zoom (halving per zoom level out, doubling in, within limits).
public struct MapStyle: Sendable, Equatable {
    public var name: String
    public var land: Color
    public var water: Color
    public var waterway: Color
    public var park: Color
    public var wood: Color
    public var grass: Color
    public var residential: Color
    public var industrial: Color
    public var pitch: Color
    public var cemetery: Color
    public var otherLanduse: Color
    public var building: Color
    public var buildingEdge: Color
    public var casing: Color
    public var motorway: Color
    public var primary: Color
    public var secondary: Color
    public var minor: Color
    public var service: Color
    public var pedestrian: Color
    public var cycleway: Color
    public var path: Color
    public var rail: Color
    public var boundary: Color
    public var placeholder: Color
    public var placeholderLine: Color
    public var label: Color
    public var labelHalo: Color
    public var roadLabel: Color
    public var waterLabel: Color
    public var poiLabel: Color
    /// Raster tiles are drawn for daylight; at night each channel is scaled by this (1 keeps them as they are).
    public var rasterBrightness = 1.0

    public static let day = MapStyle(
        name: "day",
        land: Color(hex: 0xf2efe9), water: Color(hex: 0xaad3df), waterway: Color(hex: 0x8cc4d8),
        park: Color(hex: 0xc8e6b0), wood: Color(hex: 0xadd19e), grass: Color(hex: 0xd4ecc0),
        residential: Color(hex: 0xe8e4de), industrial: Color(hex: 0xebdbe8), pitch: Color(hex: 0xaae0cb),
        cemetery: Color(hex: 0xb5d0a8), otherLanduse: Color(hex: 0xe6e1d6),
        building: Color(hex: 0xd9d0c9), buildingEdge: Color(hex: 0xc4b6ab),
        casing: Color(hex: 0x9c9387), motorway: Color(hex: 0xe892a2), primary: Color(hex: 0xfcd6a4),
        secondary: Color(hex: 0xf7fabf), minor: Color(hex: 0xffffff), service: Color(hex: 0xffffff),
        pedestrian: Color(hex: 0xdddde8), cycleway: Color(hex: 0x1f6fe0), path: Color(hex: 0xb5684c),
        rail: Color(hex: 0x707070), boundary: Color(hex: 0x9e7fae),
        placeholder: Color(hex: 0xe6e2da), placeholderLine: Color(hex: 0xd6d0c4),
        label: Color(hex: 0x2b2b2b), labelHalo: Color(hex: 0xffffff), roadLabel: Color(hex: 0x333333),
        waterLabel: Color(hex: 0x2a5b8a), poiLabel: Color(hex: 0x6b4a2b))

    /// Dark, low-glare colours; roads stay the brightest thing so the network reads at a glance.
    public static let night = MapStyle(
        name: "night",
        land: Color(hex: 0x1f2227), water: Color(hex: 0x0f2a3d), waterway: Color(hex: 0x1a4560),
        park: Color(hex: 0x1e3324), wood: Color(hex: 0x1a2e20), grass: Color(hex: 0x223428),
        residential: Color(hex: 0x24272d), industrial: Color(hex: 0x2a2530), pitch: Color(hex: 0x1d3a33),
        cemetery: Color(hex: 0x21302a), otherLanduse: Color(hex: 0x25272b),
        building: Color(hex: 0x33363d), buildingEdge: Color(hex: 0x3d4048),
        casing: Color(hex: 0x121417), motorway: Color(hex: 0x9a5a66), primary: Color(hex: 0x8a6d45),
        secondary: Color(hex: 0x6f6d4a), minor: Color(hex: 0x5a5f6a), service: Color(hex: 0x4a4f58),
        pedestrian: Color(hex: 0x44475a), cycleway: Color(hex: 0x4d8fe8), path: Color(hex: 0x9a6a58),
        rail: Color(hex: 0x6a6d75), boundary: Color(hex: 0x7a6488),
        placeholder: Color(hex: 0x24272c), placeholderLine: Color(hex: 0x2c2f35),
        label: Color(hex: 0xd8dde6), labelHalo: Color(hex: 0x15171a), roadLabel: Color(hex: 0xc9ced8),
        waterLabel: Color(hex: 0x7fb2d8), poiLabel: Color(hex: 0xc9a985), rasterBrightness: 0.42)

    /// The fill colour and the width at zoom 16 of a road class (casings add `casingWidth` on each side).
    public func road(_ c: RoadClass) -> (color: Color, width: Double) {
        switch c {
        case .motorway: return (motorway, 12)
        case .trunk: return (motorway, 11)
        case .primary: return (primary, 10)
        case .secondary: return (secondary, 9)
        case .tertiary: return (secondary, 8)
        case .minor: return (minor, 7)
        case .service: return (service, 4.5)
        case .pedestrian: return (pedestrian, 5)
        case .cycleway: return (cycleway, 2.2)
        case .track: return (path, 1.8)
        case .footway, .path: return (path, 1.4)
        case .steps: return (path, 2.2)
        }
    }

    /// How much wider than the fill a road's casing is, in pixels at zoom 16.
    public var casingWidth: Double { 1.2 }

    /// Scales a zoom-16 width to `zoom`: roads widen as one zooms in, but never vanish or swamp the map.
    public static func width(_ w16: Double, zoom: Double, minimum: Double = 0.6) -> Double {
        let factor = pow(2, (zoom - 16) * 0.75)
        return max(minimum, w16 * factor)
    }
}
