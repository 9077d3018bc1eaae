import Core
import Testing

@Suite("Ride controls")
struct RideControlsTests {
    let t = Timestamp(seconds: 10)

    @Test func theCycleKeyGoesRoundAllFourModesUnlessNorthUpIsLocked() {
        var c = RideControls(orientation: .northUp)
        var seen: [OrientationMode] = []
        for _ in 0..<4 {
            c.apply(.cycleOrientation, at: t)
            seen.append(c.requestedOrientation)
        }
        #expect(seen == [.headingUp, .courseUp, .auto, .northUp])
        c.apply(.cycleOrientation, at: t)
        c.apply(.lockNorthUp, at: t)
        #expect(c.requestedOrientation == .northUp)
        c.apply(.cycleOrientation, at: t)
        #expect(c.requestedOrientation == .northUp)
        c.apply(.lockNorthUp, at: t)
        #expect(c.requestedOrientation == .headingUp)
    }

    @Test func zoomKeysStepWholeLevelsAndSuspendAutoZoom() {
        var c = RideControls(autoZoom: AutoZoom(initialZoom: 15.4))
        c.apply(.zoomIn, at: t)
        #expect(c.autoZoom.zoom == 16)
        c.apply(.zoomOut, at: t)
        c.apply(.zoomOut, at: t)
        #expect(c.autoZoom.zoom == 14)
        #expect(c.autoZoom.isSuspended(at: t.adding(seconds: 5)))
        c.apply(.zoomBy(levels: 0.5), at: t)
        #expect(c.autoZoom.zoom == 14.5)
    }

    @Test func aPanStopsFollowingUntilRecentredOrTheTimeoutPasses() {
        var c = RideControls()
        c.apply(.pan(dxPixels: 10, dyPixels: -5), at: t)
        c.apply(.pan(dxPixels: 2, dyPixels: 1), at: t.adding(seconds: 1))
        #expect(!c.following && c.panOffset == Point(x: 12, y: -4))
        c.tick(at: t.adding(seconds: 15))
        #expect(!c.following)
        c.tick(at: t.adding(seconds: 16))
        #expect(c.following && c.panOffset == Point(x: 0, y: 0))
        c.apply(.pan(dxPixels: 1, dyPixels: 1), at: t.adding(seconds: 20))
        c.apply(.recentre, at: t.adding(seconds: 21))
        #expect(c.following)
    }

    @Test func lightingRecordingAndMarks() {
        var c = RideControls()
        c.apply(.cycleLighting, at: t)
        #expect(c.lighting.mode == .day)
        c.apply(.toggleRecording, at: t)
        #expect(c.isRecording)
        c.apply(.markPoint, at: t, position: GeoCoordinate(latitude: 60.1, longitude: 24.9), utcSeconds: 1_000)
        c.apply(.markPoint, at: t, position: nil)
        c.apply(.markPoint, at: t, position: GeoCoordinate(latitude: .nan, longitude: 0))
        #expect(c.marks == [GPXPoint(coordinate: GeoCoordinate(latitude: 60.1, longitude: 24.9), utcSeconds: 1_000)])
    }
}
