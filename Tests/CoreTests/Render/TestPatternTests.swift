import Core
import Testing

@Suite struct TestPatternTests {
    @Test func blockBarAndGradientSitWhereTheDisplayTestsLook() {
        let frame = TestPattern.frame(width: 80, height: 48, heading: 180)
        // The white block in the top-left quarter shows a rotation or mirror.
        #expect(frame[10, 6] == 0xffffff)
        #expect(frame[19, 11] == 0xffffff)
        #expect(frame[20, 12] != 0xffffff)
        // The bar at 180° covers half the width of its band, and only the band.
        #expect(frame[0, 36] == 0xff00ff)
        #expect(frame[39, 41] == 0xff00ff)
        #expect(frame[40, 36] != 0xff00ff)
        #expect(frame[0, 35] != 0xff00ff)
        #expect(frame[0, 42] != 0xff00ff)
        // Elsewhere, red follows x and green follows y.
        #expect(frame[79, 0] == UInt32(79 * 255 / 80) << 16 | 0x40)
        #expect(frame[0, 47] == UInt32(47 * 255 / 48) << 8 | 0x40)
    }

    @Test func framesForTwoHeadingsDifferOnlyInTheBand() {
        let a = TestPattern.frame(width: 64, height: 40, heading: 30)
        let b = TestPattern.frame(width: 64, height: 40, heading: 300)
        var differing: [(Int, Int)] = []
        for y in 0..<40 {
            for x in 0..<64 where a[x, y] != b[x, y] { differing.append((x, y)) }
        }
        #expect(!differing.isEmpty)
        #expect(differing.allSatisfy { $0.1 >= 30 && $0.1 < 35 })
    }

    @Test func aHeadingThatIsNotANumberDrawsNoBarInsteadOfTrapping() {
        let frame = TestPattern.frame(width: 32, height: 16, heading: .nan)
        #expect(frame[0, 12] != 0xff00ff)
        #expect(frame == TestPattern.frame(width: 32, height: 16, heading: 0))
    }
}
