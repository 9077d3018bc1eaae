import Core
import Testing

@Suite("Checked numeric conversion")
struct CheckedConversionTests {
    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300, 9.3e18, -9.3e18, 0x1p63])
    func aValueThatDoesNotFitAnIntIsNil(_ value: Double) {
        #expect(Int(checkedTruncating: value) == nil)
        #expect(Int64(checkedRounding: value) == nil)
    }

    @Test(arguments: [(2.9, 2), (-2.9, -2), (0, 0), (-0x1p63, Int.min), (0x1p62, 1 << 62)])
    func aValueThatFitsIsTruncatedTowardZero(_ c: (value: Double, expected: Int)) {
        #expect(Int(checkedTruncating: c.value) == c.expected)
    }

    @Test func roundingGoesToTheNearestInteger() {
        #expect(Int32(checkedRounding: 2.5) == 3)
        #expect(Int32(checkedRounding: -2.5) == -3)
        #expect(Int32(checkedRounding: 2_147_483_647.4) == Int32.max)
        #expect(Int32(checkedRounding: 2_147_483_647.6) == nil)
    }

    @Test(arguments: [(-1.0, true), (255.0, false), (255.9, false), (256.0, true)])
    func unsignedTypesRefuseNegativesAndValuesPastTheirTop(_ c: (value: Double, isNil: Bool)) {
        #expect((UInt8(checkedTruncating: c.value) == nil) == c.isNil)
    }
}
