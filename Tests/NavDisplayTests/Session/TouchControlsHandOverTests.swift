import Core
import Platform
import Testing

/// The touch input acts where the frame on screen put the HUD: the display sink hands the scene's places over
/// after a frame that moved them, and only then.
@Suite("Touch controls hand-over")
struct TouchControlsHandOverTests {
    typealias F = SessionFixtures

    @Test func theFirstFrameHandsTheHUDsPlacesOverOnce() throws {
        let loop = ManualLoop(start: F.at(0))
        let display = MemoryDisplay(width: 320, height: 192)
        let sink = DisplaySink(
            display: display, movingFPS: 10, parkedFPS: 2, clock: { loop.now }, makePipeline: try F.pipeline())
        var handed: [[RideInput.Control]] = []
        sink.onTouchControls = { handed.append($0) }
        for t in [0.1, 0.2, 0.3] { try sink.frame(now: F.at(t)) }
        #expect(display.presentedCount >= 1)
        #expect(handed.count == 1)
        #expect(handed.first == sink.pipeline.scene.touchControls)
        #expect(handed.first?.map(\.action) == [.lockNorthUp, .cycleOrientation, .cycleLighting, .recentre])
    }
}
