import Simulation
import Testing

@testable import Core

/// `DecimalText.double` against the standard library's `Double(String)` (glibc's correctly rounded `strtod`).
@Suite("Decimal text")
struct DecimalTextTests {
    static func read(_ text: String) -> Double? { DecimalText.double(ArraySlice(text.utf8)) }

    @Test(arguments: [
        "0.0", "-0.0", "0", "1.0", "28.470870997699752", "-0.011081531349008508", "-9.778205054373416", "1e-05",
        "1e+16", "1E5", "2.5e-3", "1780000000.0", "0.1", "0.30000000000000004", "359.99999999999994",
        "9999999999999999999", "0.9999999999999999999", "1e19", "1e-19", "123456789012345678.9",
        // Ties between two Doubles, which go to the even one.
        "9007199254740993.0", "9007199254740995.0", "4503599627370496.5", "4503599627370497.5", "9007199254740993",
        "2251799813685248.25", "1125899906842624.125",
    ])
    func readsWhatDoubleOfStringReads(_ text: String) throws {
        let expected = try #require(Double(text))
        let read = try #require(Self.read(text))
        #expect(read.bitPattern == expected.bitPattern, "\(text): \(read) against \(expected)")
    }

    @Test(arguments: [
        "", "-", "+1.0", "1.", ".5", "-.5", "1e", "1e+", "1e1000", "1.0e-1000", "inf", "-inf", "nan", "0x1p3",
        " 1.0", "1.0 ", "1,0", "1.0.0", "--1", "12345678901234567890", "0.00000000000000000001", "5e-324",
        "1e-20", "1e20", "99999999999999999999e-1", "1.7976931348623157e+308", "٣.٠",
    ])
    func leavesEverythingElseToTheGeneralReader(_ text: String) {
        #expect(Self.read(text) == nil, "\(text)")
    }

    @Test func readsEveryDoubleAsItsDescriptionWritesIt() {
        var random = SeededRandom(seed: 20)
        var read = 0
        for _ in 0..<200_000 {
            // Any finite Double from its bits, and values of the sizes sensors give.
            let value: Double
            if Bool.random(using: &random) {
                value = Double(bitPattern: random.next())
            } else {
                value =
                    Double.random(in: -1000...1000, using: &random)
                    * Double(sign: .plus, exponent: Int.random(in: -30...30, using: &random), significand: 1)
            }
            guard value.isFinite else { continue }
            let text = value.description
            guard let parsed = Self.read(text) else { continue }
            read += 1
            #expect(parsed.bitPattern == value.bitPattern, "\(text)")
            if parsed.bitPattern != value.bitPattern { return }
        }
        // Most sensor-sized values are in the plain form; the random bit patterns mostly are not (1e+200).
        #expect(read > 80_000)
    }

    @Test func readsRandomDigitStringsAsDoubleOfStringDoes() {
        var random = SeededRandom(seed: 21)
        var compared = 0
        for _ in 0..<200_000 {
            let count = Int.random(in: 1...21, using: &random)
            var digits = (0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &random))) }
            if Int.random(in: 0..<4, using: &random) == 0 { digits[0] = "0" }
            var text = String(digits)
            if Bool.random(using: &random) {
                let point = Int.random(in: 1...count, using: &random)
                text.insert(".", at: text.index(text.startIndex, offsetBy: point))
                if point == count { text += "0" }
            }
            if Int.random(in: 0..<3, using: &random) == 0 { text += "e\(Int.random(in: -25...25, using: &random))" }
            if Bool.random(using: &random) { text = "-" + text }
            guard let parsed = Self.read(text) else { continue }
            compared += 1
            let expected = Double(text)
            #expect(parsed.bitPattern == expected?.bitPattern, "\(text)")
            if parsed.bitPattern != expected?.bitPattern { return }
        }
        #expect(compared > 100_000)
    }

    /// Decimals exactly halfway between two neighbouring Doubles (and one unit of their last digit either side):
    /// the cases where the quotient's dropped bits and its remainder decide the rounding.
    @Test func roundsTiesToEvenAndNearTiesToNearest() {
        var random = SeededRandom(seed: 22)
        for _ in 0..<50_000 {
            // A Double in [2^(52−j), 2^(53−j)) is x · 2^−j with x in [2^52, 2^53); the midpoint above it is
            // (2x + 1) · 2^−(j+1) = (2x + 1) · 5^(j+1) / 10^(j+1): at most 19 digits for j ≤ 2.
            let j = Int.random(in: 0...2, using: &random)
            let x = UInt64.random(in: (1 << 52)..<(1 << 53), using: &random)
            let midpoint = 2 * x + 1  // in units of 2^−(j+1)
            var power: UInt64 = 1
            for _ in 0...j { power *= 5 }
            let scaled = midpoint * power
            for nudge in [0, -1, 1] as [Int64] {
                let mantissa = UInt64(Int64(scaled) + nudge)
                var digits = String(mantissa)
                digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -(j + 1)))
                let expected = Double(digits)
                let parsed = Self.read(digits)
                #expect(parsed?.bitPattern == expected?.bitPattern, "\(digits)")
                if parsed?.bitPattern != expected?.bitPattern { return }
            }
        }
    }

    /// GPX's values: white space around any number `Double(String)` reads.
    @Test(
        arguments: [
            ("  60.1699 ", 60.1699), ("\t-3\n", -3), ("+5", 5), (".5", 0.5), ("5.", 5), ("1e5", 100_000),
            ("24.93840000000000000001", 24.9384), ("", nil), (" ", nil), ("1 2", nil), ("--1", nil),
        ] as [(String, Double?)])
    func parsesWhatDoubleOfStringParsesBetweenWhiteSpace(_ c: (text: String, value: Double?)) {
        let parsed = Array(c.text.utf8).withUnsafeBufferPointer { DecimalText.parse($0, 0..<$0.count) }
        #expect(parsed == c.value)
    }
}
