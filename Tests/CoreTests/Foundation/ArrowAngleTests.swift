import Testing

@testable import Core

@Suite("Arrow angle and camera")
struct ArrowAngleTests {
    @Test(
        "The arrow's on-screen angle is the heading minus the map's rotation",
        arguments: [
            (mode: OrientationMode.northUp, heading: 0.0, mapBearing: 0.0, arrow: 0.0),
            (mode: .northUp, heading: 350.0, mapBearing: 0.0, arrow: 350.0),
            (mode: .northUp, heading: 90.0, mapBearing: 123.0, arrow: 90.0),  // north-up ignores the bearing
            (mode: .headingUp, heading: 90.0, mapBearing: 90.0, arrow: 0.0),  // heading-up: arrow points up
            (mode: .headingUp, heading: 1.0, mapBearing: 359.0, arrow: 2.0),  // across north
            (mode: .headingUp, heading: 359.0, mapBearing: 1.0, arrow: 358.0),
            (mode: .headingUp, heading: 0.0, mapBearing: 0.0, arrow: 0.0),
            (mode: .courseUp, heading: 10.0, mapBearing: 350.0, arrow: 20.0),  // compass right of course
            (mode: .courseUp, heading: 200.0, mapBearing: 180.0, arrow: 20.0),
            (mode: .courseUp, heading: 180.0, mapBearing: 0.0, arrow: 180.0),
        ])
    func arrowAngle(_ c: (mode: OrientationMode, heading: Double, mapBearing: Double, arrow: Double)) {
        let camera = Camera(
            mode: c.mode, center: GeoCoordinate(latitude: 60.17, longitude: 24.94), zoom: 16,
            mapBearing: Angle(c.mapBearing), width: 800, height: 480)
        let arrow = camera.arrowAngle(heading: Angle(c.heading))
        #expect(abs(arrow.signedDifference(to: Angle(c.arrow))) < 1e-9)
    }

    @Test("North-up centres the user; heading-up and course-up put the user below centre")
    func userAnchor() {
        let center = GeoCoordinate(latitude: 60.17, longitude: 24.94)
        let north = Camera(mode: .northUp, center: center, zoom: 16, mapBearing: .north, width: 800, height: 480)
        #expect(north.anchor == Point(x: 400, y: 240))
        for mode in [OrientationMode.headingUp, .courseUp] {
            let cam = Camera(mode: mode, center: center, zoom: 16, mapBearing: Angle(45), width: 800, height: 480)
            #expect(cam.anchor.x == 400)
            #expect(cam.anchor.y > 300 && cam.anchor.y < 400)
            #expect(cam.screenPoint(of: center) == cam.anchor)
        }
    }

    @Test("A place straight ahead is drawn straight above the user in heading-up")
    func aheadIsUp() throws {
        let here = GeoCoordinate(latitude: 60.17, longitude: 24.94)
        for heading in [0.0, 37.0, 90.0, 181.0, 359.5] {
            let ahead = GreatCircle.destination(from: here, bearing: Angle(heading), distance: 50)
            let cam = Camera(
                mode: .headingUp, center: here, zoom: 17, mapBearing: Angle(heading), width: 800, height: 480)
            let p = cam.screenPoint(of: ahead)
            #expect(abs(p.x - cam.anchor.x) < 0.5, "heading \(heading)")
            #expect(p.y < cam.anchor.y - 50)
            #expect(cam.northOnScreen.degrees == Angle(-heading).degrees)
        }
    }

    @Test("Screen and world coordinates round-trip through any rotation")
    func screenRoundTrip() {
        let cam = Camera(
            mode: .headingUp, center: GeoCoordinate(latitude: 60.17, longitude: 24.94), zoom: 15.3,
            mapBearing: Angle(217), width: 640, height: 480)
        for p in [Point(x: 0, y: 0), Point(x: 639, y: 479), Point(x: 123.4, y: 56.7)] {
            let back = cam.screenPoint(of: cam.coordinate(atScreen: p))
            #expect((back - p).length < 1e-6)
        }
    }

    @Test("The map rotation moves only past its dead band and keeps its bearing without a heading")
    func mapRotationDeadBand() {
        var r = MapRotation(deadBandDegrees: 1)
        r.follow(Angle(0.6))
        #expect(r.bearing == .north)
        r.follow(Angle(359.2))
        #expect(r.bearing == .north)
        r.follow(Angle(358.5))
        #expect(r.bearing == Angle(358.5))
        r.follow(nil)
        #expect(r.bearing == Angle(358.5))
    }
}
