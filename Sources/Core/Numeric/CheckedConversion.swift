// Every value that comes from outside (a file, gpsd, a sensor, a flag) and becomes an integer goes through one of
// these: Swift's own `Int(someDouble)` traps on NaN, infinities and out-of-range values, and a trap in a kiosk is a
// restart loop. A value that does not fit is nil, and the caller skips the line, rejects the feature or names the
// bad value in an error.

extension FixedWidthInteger {
    /// `value` rounded toward zero, or nil when it is NaN, infinite or outside this type's range.
    public init?(checkedTruncating value: Double) {
        guard value.isFinite else { return nil }
        let truncated = value.rounded(.towardZero)
        // The range as the powers of two it is bounded by (exact in a Double, where `Double(Int64.max)` rounds up
        // to 2^63 and would let 2^63 through): [-2^(bits-1), 2^(bits-1)) signed, [0, 2^bits) unsigned.
        let magnitudeBits = Self.isSigned ? Self.bitWidth - 1 : Self.bitWidth
        let top = Double(sign: .plus, exponent: magnitudeBits, significand: 1)
        let bottom = Self.isSigned ? -top : 0
        guard truncated >= bottom, truncated < top else { return nil }
        self.init(truncated)
    }

    /// `value` rounded to the nearest integer (halves away from zero), or nil when it does not fit.
    public init?(checkedRounding value: Double) {
        self.init(checkedTruncating: value.rounded())
    }
}
