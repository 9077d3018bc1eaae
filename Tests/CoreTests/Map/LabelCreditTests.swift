import Testing

@testable import Core

/// The credit line's wrapping and the spots it may take, and the label sizes without the text stack.
@Suite("Label credit and typography")
struct LabelCreditTests {
    static func typography(width: Int, height: Int, inches: Double) throws -> LabelTypography {
        let physics = try #require(ScreenPhysics(width: width, height: height, diagonalInches: inches))
        return LabelTypography(physics: physics, fonts: try FontSet.load(), shaper: nil)
    }

    @Test func aLoneCopyrightSignStaysWithTheWordAfterIt() throws {
        let font = try Self.typography(width: 480, height: 320, inches: 3.5).attribution
        let lines = OfflineMapLayer.wrap("© OpenStreetMap contributors", width: 10, font: font).map(\.text)
        #expect(lines == ["© OpenStreetMap", "contributors"])
        let whole = OfflineMapLayer.wrap("© OpenStreetMap contributors", width: 10_000, font: font).map(\.text)
        #expect(whole == ["© OpenStreetMap contributors"])
    }

    @Test func aLongCreditWrapsIntoAtMostThreeLines() throws {
        let font = try Self.typography(width: 800, height: 480, inches: 7).attribution
        let text = "© OpenMapTiles © OpenStreetMap contributors and many more who map the world"
        let lines = OfflineMapLayer.wrap(text, width: 120, font: font)
        #expect(lines.count == OfflineMapLayer.maxCreditLines)
        #expect(lines.map(\.text).joined(separator: " ") == text)
    }

    @Test(arguments: [false, true])
    func everyCreditSpotIsWhollyOnScreen(sides: Bool) {
        let spots = OfflineMapLayer.creditSpots(
            width: 200, height: 40, screenWidth: 480, screenHeight: 320, margin: 5, sides: sides)
        #expect(!spots.isEmpty)
        for r in spots { #expect(r.x >= 0 && r.y >= 0 && r.maxX <= 480 && r.maxY <= 320, "\(r)") }
        // A box wider than the screen has no spot at all.
        #expect(
            OfflineMapLayer.creditSpots(
                width: 600, height: 40, screenWidth: 480, screenHeight: 320, margin: 5, sides: sides
            ).isEmpty)
    }

    @Test("outline label fonts are sized by capital height too", arguments: [(480, 320, 3.5), (800, 480, 7.0)])
    func outlineFontsWithoutTheTextStack(_ panel: (Int, Int, Double)) throws {
        let t = try Self.typography(width: panel.0, height: panel.1, inches: panel.2)
        #expect(t.fonts.road.shaped == nil && t.fonts.road.outline != nil)
        let road = t.physics.pixels(arcMinutes: LabelTypography.roadArcMinutes)
        let place = t.physics.pixels(arcMinutes: LabelTypography.placeArcMinutes)
        #expect(t.fonts.road.capHeight >= road && t.fonts.road.capHeight < road + 1.5)
        #expect(t.fonts.place.capHeight >= place && t.fonts.place.capHeight < place + 1.5)
        #expect(t.attribution.capHeight >= road)
        #expect(t.attributionFallbacks.map(\.capHeight) == t.attributionFallbacks.map(\.capHeight).sorted(by: >))
    }

    @Test func theBudgetShrinksWithThePanelAndKeepsFewPOIs() throws {
        let small = try Self.typography(width: 480, height: 320, inches: 3.5).labelBudget(width: 480, height: 320)
        let seven = try Self.typography(width: 800, height: 480, inches: 7).labelBudget(width: 800, height: 480)
        let ten = try Self.typography(width: 1280, height: 800, inches: 10).labelBudget(width: 1280, height: 800)
        // One label per 60 squares of a street name's capital height (18.5, 22.5 and 20.5 px here).
        #expect((small.labels, seven.labels, ten.labels) == (5, 18, 40))
        #expect(small.labels >= 4 && seven.labels <= 40)
        #expect(seven.pois * 5 <= seven.labels)
        // Nonsense sizes never trap.
        _ = try Self.typography(width: 800, height: 480, inches: 7).labelBudget(width: -5, height: Int.max)
    }
}
