/// Decimal numbers read from and written as text.
///
/// Reading is exact: the Double that `Double(String)` gives (the nearest, ties to even). The plain form (`double`)
/// is read straight from the bytes, without making a String or calling the C library's `strtod`: recordings hold
/// tens of thousands of numbers written as `Double.description` writes them, 16 or 17 significant digits each, and
/// read through `Double(Substring)` they were most of the time a replay took to start (about 27,000 instructions a
/// sample line, in String splitting, index checks and `strtod`'s multi-precision path).
enum DecimalText {
    /// The number `bytes` write in the plain form, or nil when they are not in it, for the caller to read them the
    /// general way.
    ///
    /// The plain form: an optional minus, digits, optionally a point and digits, optionally an exponent (`e`, an
    /// optional sign, one to three digits), with at most 19 significant digits and at most 19 decimals left after
    /// the exponent. A plus sign, `inf`, `nan`, hexadecimal, more digits or more decimals are not plain.
    static func double<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Double? where Bytes.Index == Int {
        var i = bytes.startIndex
        let end = bytes.endIndex
        let negative = i < end && bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        // The digits as one integer; it is kept only when at most 19 are significant, which 64 bits hold
        // (10^19 − 1 < 2^64).
        var mantissa: UInt64 = 0
        let wholeStart = i
        while i < end, bytes[i] &- UInt8(ascii: "0") < 10 {
            mantissa = mantissa &* 10 &+ UInt64(bytes[i] &- UInt8(ascii: "0"))
            i += 1
        }
        let wholeDigits = i - wholeStart
        var decimals = 0
        if i < end, bytes[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            while i < end, bytes[i] &- UInt8(ascii: "0") < 10 {
                mantissa = mantissa &* 10 &+ UInt64(bytes[i] &- UInt8(ascii: "0"))
                i += 1
            }
            decimals = i - fractionStart
            guard decimals > 0 else { return nil }
        }
        guard wholeDigits > 0 else { return nil }
        // The zeros before the first other digit are not significant ("0.0011").
        var leadingZeros = 0
        var j = wholeStart
        while j < i, bytes[j] == UInt8(ascii: "0") || bytes[j] == UInt8(ascii: ".") {
            if bytes[j] == UInt8(ascii: "0") { leadingZeros += 1 }
            j += 1
        }
        guard wholeDigits + decimals - leadingZeros <= 19 else { return nil }
        var exponent = 0
        if i < end, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            let negativeExponent = i < end && bytes[i] == UInt8(ascii: "-")
            if i < end, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
            let first = i
            while i < end, bytes[i] &- UInt8(ascii: "0") < 10, i - first < 3 {
                exponent = exponent * 10 + Int(bytes[i] &- UInt8(ascii: "0"))
                i += 1
            }
            guard i > first else { return nil }
            if negativeExponent { exponent = -exponent }
        }
        guard i == end else { return nil }
        guard let magnitude = value(mantissa, over: decimals - exponent) else { return nil }
        return negative ? -magnitude : magnitude
    }

    /// Any number `Double(String)` reads, between optional white space (GPX's xsd:decimal values), or nil: the plain
    /// form straight from the bytes, anything else ("+5", ".5", "1e5", "NaN", more digits) through the standard
    /// library's parser.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        var first = range.lowerBound
        var last = range.upperBound
        while first < last, isSpace(bytes[first]) { first += 1 }
        while last > first, isSpace(bytes[last - 1]) { last -= 1 }
        let trimmed = UnsafeBufferPointer(rebasing: bytes[first..<last])
        return double(trimmed) ?? Double(String(decoding: trimmed, as: UTF8.self))
    }

    /// `value` as a plain decimal with at most `digits` decimals, trailing zeros dropped ("60.1699", "-3", "0.5").
    static func format(_ value: Double, digits: Int) -> String {
        var text = formatFixed(value, digits: digits)
        guard text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// 10^0 … 10^19, every power of ten that fits in 64 bits.
    private static let powersOfTen: [UInt64] = (0...19).map { k in (0..<k).reduce(1) { p, _ in p * 10 } }

    /// `mantissa` / 10^`scale`, rounded to the nearest Double (ties to even); nil when `scale` is outside −19...19
    /// or a whole number would not fit in 64 bits.
    static func value(_ mantissa: UInt64, over scale: Int) -> Double? {
        guard mantissa != 0 else { return 0 }
        guard (-19...19).contains(scale) else { return nil }
        if scale <= 0 {
            // A whole number: exact in 64 bits, then one rounding to Double (the conversion rounds to nearest even).
            let (whole, overflow) = mantissa.multipliedReportingOverflow(by: powersOfTen[-scale])
            return overflow ? nil : Double(whole)
        }
        // mantissa · 2^s / 10^scale, with s chosen so the quotient has 63 or 64 bits: more than the 53 a Double
        // keeps, and the remainder says whether anything is left below them (which decides a tie).
        let divisor = powersOfTen[scale]
        let s = 63 + divisor.bitWidth - divisor.leadingZeroBitCount - (mantissa.bitWidth - mantissa.leadingZeroBitCount)
        let high = s >= 64 ? mantissa << (s - 64) : mantissa >> (64 - s)
        let low = s >= 64 ? 0 : mantissa << s
        // high < divisor by the choice of s, so the quotient fits in 64 bits.
        let (quotient, remainder) = divisor.dividingFullWidth((high: high, low: low))
        var dropped = 64 - quotient.leadingZeroBitCount - 53
        var kept = quotient >> dropped
        let rest = quotient & (1 << dropped - 1)
        let half: UInt64 = 1 << (dropped - 1)
        if rest > half || (rest == half && (remainder != 0 || kept & 1 == 1)) {
            kept += 1
            if kept == 1 << 53 {
                kept >>= 1
                dropped += 1
            }
        }
        // kept < 2^53 is exact in a Double, and the result lies between 10^-19 and 10^19: scaling by a power of two
        // is exact.
        return Double(sign: .plus, exponent: dropped - s, significand: Double(kept))
    }
}
