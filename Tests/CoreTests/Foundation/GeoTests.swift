import Testing

@testable import Core

@Suite("Geometry: angles, Web Mercator, great circles")
struct GeoTests {
    @Test(
        "Angles normalise to [0, 360)",
        arguments: [
            (370.0, 10.0), (-10.0, 350.0), (360.0, 0.0), (0.0, 0.0), (-720.0, 0.0), (-1e-15, 0.0), (719.5, 359.5),
        ])
    func normalise(_ c: (Double, Double)) {
        #expect(Angle(c.0).degrees == c.1)
    }

    @Test("Non-finite degrees make no angle")
    func nonFinite() {
        #expect(Angle(degrees: .nan) == nil)
        #expect(Angle(degrees: .infinity) == nil)
    }

    @Test(
        "The shortest signed difference wraps at 0/360",
        arguments: [
            (359.0, 1.0, 2.0), (1.0, 359.0, -2.0), (10.0, 190.0, 180.0), (190.0, 10.0, 180.0), (0.0, 90.0, 90.0),
            (90.0, 0.0, -90.0),
        ])
    func signedDifference(_ c: (Double, Double, Double)) {
        #expect(abs(Angle(c.0).signedDifference(to: Angle(c.1)) - c.2) < 1e-9)
    }

    @Test(
        "Cardinal names",
        arguments: [
            (0.0, "N"), (11.0, "N"), (12.0, "NNE"), (37.0, "NE"), (90.0, "E"), (200.0, "SSW"), (349.0, "N"),
            (348.0, "NNW"),
        ])
    func cardinal(_ c: (Double, String)) {
        #expect(Angle(c.0).cardinal == c.1)
    }

    @Test(
        "Known places fall in their published z14 tiles",
        arguments: [
            // Helsinki railway station, central London (Trafalgar Square), Sydney Opera House.
            (60.1710, 24.9414, 9327, 4742), (51.5080, -0.1281, 8186, 5448), (-33.8568, 151.2153, 15073, 9831),
        ])
    func knownTiles(_ c: (Double, Double, Int, Int)) {
        let t = WebMercator.tile(containing: GeoCoordinate(latitude: c.0, longitude: c.1), z: 14)
        #expect(t == TileID(z: 14, x: c.2, y: c.3))
    }

    @Test("World pixels round-trip at fractional zoom")
    func projectionRoundTrip() {
        for zoom in [0.0, 3.5, 14.0, 16.73, 20.0] {
            for c in [
                GeoCoordinate(latitude: 60.17, longitude: 24.94), GeoCoordinate(latitude: -45.1, longitude: -170.2),
                GeoCoordinate(latitude: 0, longitude: 0),
            ] {
                let back = WebMercator.coordinate(ofWorldPixel: WebMercator.worldPixel(c, zoom: zoom), zoom: zoom)
                #expect(abs(back.latitude - c.latitude) < 1e-9 && abs(back.longitude - c.longitude) < 1e-9)
            }
        }
        #expect(WebMercator.worldPixel(GeoCoordinate(latitude: 0, longitude: 0), zoom: 1) == Point(x: 256, y: 256))
    }

    @Test("Metres per pixel at the equator and at 60°N")
    func metresPerPixel() {
        // 156543.03 m/px at z0 on the equator (the OSM wiki's table), halved per zoom level; cos(60°) = 0.5.
        #expect(abs(WebMercator.metresPerPixel(latitude: 0, zoom: 0) - 156_543.03) < 0.01)
        #expect(abs(WebMercator.metresPerPixel(latitude: 60, zoom: 16) - 156_543.03 / 65536 / 2) < 1e-4)
    }

    @Test("Great-circle distance and bearing match published values")
    func distanceAndBearing() throws {
        // Nashville (36.12, -86.67) to Los Angeles (33.94, -118.40): Rosetta Code's haversine task publishes
        // 2887.2599506 km for a radius of 6372.8 km; scale ours (mean radius 6371.0088 km) to that radius.
        let bna = GeoCoordinate(latitude: 36.12, longitude: -86.67)
        let lax = GeoCoordinate(latitude: 33.94, longitude: -118.40)
        let scaled = GreatCircle.distance(from: bna, to: lax) * 6372.8 / 6371.0088
        #expect(abs(scaled - 2_887_259.95) < 1)
        // Bearings with closed-form answers: from (0°, 0°) to (45°N, 90°E) the initial bearing is exactly 45°
        // (tan θ = sin 90° cos 45° / sin 45°), along the equator 90°, along a meridian 0° or 180°.
        let origin = GeoCoordinate(latitude: 0, longitude: 0)
        let b = try #require(GreatCircle.initialBearing(from: origin, to: GeoCoordinate(latitude: 45, longitude: 90)))
        #expect(abs(b.degrees - 45) < 1e-9)
        #expect(
            abs(
                try #require(GreatCircle.initialBearing(from: origin, to: GeoCoordinate(latitude: 0, longitude: 10)))
                    .degrees - 90) < 1e-9)
        #expect(
            abs(
                try #require(
                    GreatCircle.initialBearing(
                        from: GeoCoordinate(latitude: 10, longitude: 5), to: GeoCoordinate(latitude: -3, longitude: 5))
                ).degrees - 180) < 1e-9)
        #expect(GreatCircle.initialBearing(from: bna, to: bna) == nil)
        #expect(
            try #require(
                GreatCircle.initialBearing(
                    from: GeoCoordinate(latitude: 0, longitude: 0), to: GeoCoordinate(latitude: 1, longitude: 0))
            ).degrees == 0)
    }

    @Test("Walking a distance along a bearing arrives where the bearing and distance say")
    func destination() throws {
        let start = GeoCoordinate(latitude: 60.17, longitude: 24.94)
        let end = GreatCircle.destination(from: start, bearing: Angle(37), distance: 1234)
        #expect(abs(GreatCircle.distance(from: start, to: end) - 1234) < 0.01)
        #expect(abs(try #require(GreatCircle.initialBearing(from: start, to: end)).degrees - 37) < 1e-6)
    }

    @Test(
        "Coordinates parse from the command line form and reject nonsense",
        arguments: ["60.17,24.94", " 60.17 , 24.94 "])
    func parsesCoordinates(_ text: String) throws {
        let c = try #require(GeoCoordinate(parsing: text))
        #expect(c == GeoCoordinate(latitude: 60.17, longitude: 24.94))
    }

    @Test("Bad coordinates are refused", arguments: ["", "60.17", "91,0", "0,181", "nan,0", "a,b", "1,2,3"])
    func refusesCoordinates(_ text: String) {
        #expect(GeoCoordinate(parsing: text) == nil)
    }
}
