/// A whole number on the HUD that does not flicker: it moves to the value's nearest whole number only once the
/// value is `hysteresis` past the halfway point to it.
///
/// A heading that dithers around 56.5° rounds to 056 and 057 by turns, and a speed around 15.5 km/h to 15 and 16.
/// On the bundled ride at 20 frames a second the heading's number went to a value and back within 2 s 27 times
/// (056 → 057 → 056), each a frame drawn and a HUD panel set again for nothing the rider needs. Held until the value
/// is 0.8 away, the number follows a real change within 0.3 of a unit, and went back 7 times.
public struct SteadyReadout: Hashable, Sendable {
    /// How far past halfway the value must go before the number moves, in its units.
    public var hysteresis: Double
    /// The number shown last; nil before the first value, or after a value that had none.
    public private(set) var shown: Int?

    public init(hysteresis: Double = 0.3) {
        self.hysteresis = hysteresis
    }

    /// The number to show for `value` (nil for none, or one no whole number holds, such as NaN or 1e300).
    public mutating func update(_ value: Double?) -> Int? {
        guard let value, let nearest = Int(checkedRounding: value) else {
            shown = nil
            return nil
        }
        if let shown, abs(value - Double(shown)) <= 0.5 + hysteresis { return shown }
        shown = nearest
        return nearest
    }

    /// The same for a direction in degrees, the short way round: 359.6° stays 000 after 000, and 000 is shown as
    /// 0, never 360.
    public mutating func update(degrees value: Double?) -> Int? {
        guard let value, value.isFinite else {
            shown = nil
            return nil
        }
        let degrees = Angle(value).degrees
        if let shown, abs(Angle(Double(shown)).signedDifference(to: Angle(degrees))) <= 0.5 + hysteresis {
            return shown
        }
        let nearest = (Int(checkedRounding: degrees) ?? 0) % 360
        shown = nearest
        return nearest
    }
}
