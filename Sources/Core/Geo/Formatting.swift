/// Formats `value` with a fixed number of decimals without Foundation's locale-dependent formatters,
/// so recordings, traces and the HUD print the same text on every machine.
public func formatFixed(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let negative = value < 0 && scaled != 0
    guard scaled < 9.0e15 else { return "\(value)" }
    let whole = Int64(scaled)
    var intPart = String(whole / Int64(scale))
    if negative { intPart = "-" + intPart }
    guard digits > 0 else { return intPart }
    var frac = String(whole % Int64(scale))
    while frac.count < digits { frac = "0" + frac }
    return intPart + "." + frac
}
