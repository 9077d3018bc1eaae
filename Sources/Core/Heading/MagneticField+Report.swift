// What `navdisplay declination` prints: the text report and the one-line JSON object. Pure formatting, so the
// command only parses options, asks the model and prints these.

extension MagneticField {
    /// The text report, one line each: declination, inclination, intensities, the yearly change, the model and
    /// place, then one line per warning. `dateText` is the date as the user gave it ("today" without one).
    public func reportLines(
        modelName: String, coordinate: GeoCoordinate, altitudeKilometres: Double, decimalYear: Double,
        dateText: String
    ) -> [String] {
        let d = declinationDegrees
        return [
            "declination  \(Self.signed(d, digits: 2))° (\(d >= 0 ? "east" : "west"))",
            "inclination  \(Self.signed(inclinationDegrees, digits: 2))°",
            "horizontal   \(formatFixed(horizontalNanotesla, digits: 1)) nT",
            "total        \(formatFixed(totalNanotesla, digits: 1)) nT",
            "declination changes \(Self.signed(declinationRateDegreesPerYear, digits: 3))° per year",
            "model \(modelName) at \(coordinate), \(formatFixed(altitudeKilometres, digits: 3)) km, "
                + "\(dateText) (decimal year \(formatFixed(decimalYear, digits: 3)))",
        ] + warnings.map { "warning: \($0)" }
    }

    /// One JSON object with the place, the date and every element in fixed decimals; `warnings` is an array of
    /// the warnings' texts.
    public func reportJSON(
        modelName: String, coordinate: GeoCoordinate, altitudeKilometres: Double, decimalYear: Double
    ) -> String {
        func q(_ s: String) -> String {
            "\"" + s.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
        }
        let fields: [(String, String)] = [
            ("model", q(modelName)),
            ("latitude", formatFixed(coordinate.latitude, digits: 6)),
            ("longitude", formatFixed(coordinate.longitude, digits: 6)),
            ("altitude_km", formatFixed(altitudeKilometres, digits: 3)),
            ("decimal_year", formatFixed(decimalYear, digits: 4)),
            ("declination_deg", formatFixed(declinationDegrees, digits: 4)),
            ("inclination_deg", formatFixed(inclinationDegrees, digits: 4)),
            ("horizontal_nt", formatFixed(horizontalNanotesla, digits: 1)),
            ("total_nt", formatFixed(totalNanotesla, digits: 1)),
            ("north_nt", formatFixed(northNanotesla, digits: 1)),
            ("east_nt", formatFixed(eastNanotesla, digits: 1)),
            ("down_nt", formatFixed(downNanotesla, digits: 1)),
            ("declination_deg_per_year", formatFixed(declinationRateDegreesPerYear, digits: 4)),
            ("warnings", "[" + warnings.map { q($0.description) }.joined(separator: ",") + "]"),
        ]
        return "{" + fields.map { "\(q($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    /// `v` with its sign always shown ("+8.95", "-3.10").
    static func signed(_ v: Double, digits: Int) -> String { (v >= 0 ? "+" : "") + formatFixed(v, digits: digits) }
}
