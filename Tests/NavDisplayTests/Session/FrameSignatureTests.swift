import Core
import Foundation
import Testing

/// The frame signature compares the HUD's own lines, with checked conversions, and the heading is judged once.
@Suite("Frame signature and heading verdict")
struct FrameSignatureTests {
    typealias F = SessionFixtures

    @Test(arguments: [1e300, -1e300, Double.nan, Double.infinity])
    func aRogueSpeedFromGpsdIsShownAsUnknownNotTrappedOn(_ speed: Double) throws {
        let pipeline = try F.pipeline()()
        pipeline.apply(F.fix(1, speed: speed))
        let input = pipeline.nextSceneInput()
        #expect(HUDLines(input).speed == "--")
        #expect(pipeline.renderFrameIfChanged() != nil)
        #expect(pipeline.renderFrameIfChanged() == nil, "nothing changed: the second frame is skipped")
    }

    @Test func aNewHUDLineIsARedraw() throws {
        let pipeline = try F.pipeline()()
        pipeline.apply(F.fix(1))
        #expect(pipeline.renderFrameIfChanged() != nil)
        #expect(pipeline.renderFrameIfChanged() == nil)
        pipeline.notices = ["RECORDING STOPPED"]
        #expect(pipeline.renderFrameIfChanged() != nil, "a notice is something visible")
        #expect(pipeline.renderFrameIfChanged() == nil)
    }

    @Test func aStaleHeadingIsADotAndDoesNotTurnTheMap() throws {
        var estimate = HeadingEstimate()
        estimate.heading = Heading(
            direction: Angle(80), reference: .trueNorth, accuracyDegrees: 3, source: .compass)
        estimate.time = F.at(10)
        let fresh = HeadingVerdict(estimate: estimate, now: F.at(11), compassLost: false)
        #expect(fresh.heading != nil && fresh.turnsMap)
        let stale = HeadingVerdict(estimate: estimate, now: F.at(20), compassLost: false)
        #expect(stale.heading == nil && !stale.turnsMap)
        let lost = HeadingVerdict(estimate: estimate, now: F.at(11), compassLost: true)
        #expect(lost.heading == nil && !lost.turnsMap)
        var policy = RotationPolicy(preference: .headingUp)
        #expect(policy.update(with: fresh).driver == .compass)
        #expect(policy.update(with: stale).driver == .none)
    }
}
