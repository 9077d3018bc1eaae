/// Reading and writing the plain decimals of GPX (xsd:decimal: digits, an optional sign and point, no exponent).
enum DecimalText {
    private static let powersOfTen: [Double] = (0...22).map { e in
        var p = 1.0
        for _ in 0..<e { p *= 10 }
        return p
    }

    /// The number in `bytes`, or nil when it is not one. Up to 15 significant digits it is exact and fast
    /// (Clinger's fast path: both the digits and the power of ten are exact doubles, so one division rounds
    /// correctly); anything longer or stranger ("1e5", "NaN") goes through the standard library's parser.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        var i = range.lowerBound
        let end = range.upperBound
        while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        var last = end
        while last > i,
            bytes[last - 1] == 0x20 || bytes[last - 1] == 0x09 || bytes[last - 1] == 0x0A
                || bytes[last - 1] == 0x0D
        {
            last -= 1
        }
        guard i < last else { return nil }
        let start = i
        var negative = false
        if bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        var seenDigit = false
        while i < last {
            let b = bytes[i]
            if b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") {
                seenDigit = true
                if mantissa != 0 || b != UInt8(ascii: "0") { digits += 1 }
                guard digits <= 15 else { return slowParse(bytes, start..<last) }
                mantissa = mantissa * 10 + UInt64(b - UInt8(ascii: "0"))
                if seenPoint { fractionDigits += 1 }
            } else if b == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                return slowParse(bytes, start..<last)
            }
            i += 1
        }
        guard seenDigit else { return nil }
        guard fractionDigits <= 22 else { return slowParse(bytes, start..<last) }
        let value = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -value : value
    }

    private static func slowParse(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
    }

    /// `value` as a plain decimal with at most `digits` decimals, trailing zeros dropped ("60.1699", "-3", "0.5").
    static func format(_ value: Double, digits: Int) -> String {
        var text = formatFixed(value, digits: digits)
        guard text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
