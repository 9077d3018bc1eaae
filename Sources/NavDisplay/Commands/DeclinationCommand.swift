import Core
import FoundationEssentials

/// `navdisplay declination`: the World Magnetic Model's field at a place and date.
struct DeclinationCommand: Command {
    static let name = "declination"
    static let summary = "print magnetic declination, inclination and field strength (WMM2025)"
    static let about = """
        USAGE: navdisplay declination --at LAT,LON[,ALT_KM] [--date YYYY-MM-DD] [--json]

        Prints what the World Magnetic Model 2025 gives at a place and date: declination (how far east of true
        north a compass points), inclination (dip), horizontal and total intensity, with warnings outside the
        model's 2025–2030 validity and near the magnetic poles.
        """

    static let options: [OptionSpec<DeclinationCommand>] = [
        .place(help: "the place in decimal degrees, altitude above the WGS84 ellipsoid in km (default 0)") {
            c, coordinate, altitude in (c.coordinate, c.altitudeKm) = (coordinate, altitude)
        },
        .value(
            "--date", "YYYY-MM-DD", what: "a date as YYYY-MM-DD, e.g. 2026-05-01", example: "2026-05-01",
            help: "the UTC date (default: today)", convert: parseDate
        ) { c, date in (c.decimalYear, c.dateText) = date },
        .flag("--json", help: "one JSON object instead of text") { c in c.json = true },
    ]

    var coordinate: GeoCoordinate?
    var altitudeKm = 0.0
    var decimalYear: Double?
    var dateText: String?
    var json = false

    init(arguments: [String]) throws {
        try parseOptions(arguments)
        guard coordinate != nil else {
            throw UsageError("navdisplay declination: --at expects LAT,LON[,ALT_KM], got nothing")
        }
    }

    /// "YYYY-MM-DD" as a decimal year, with the text for the output.
    static func parseDate(_ text: String) -> (Double, String)? {
        DecimalYear.parsing(text).map { ($0, text) }
    }

    func run() throws -> Int32 {
        guard let coordinate else { return 64 }
        // The executable may read the clock; Core never does.
        let year = decimalYear ?? DecimalYear.from(utcSeconds: Date().timeIntervalSince1970)
        let model = MagneticModel.wmm2025
        let f = model.field(at: coordinate, altitudeKilometres: altitudeKm, decimalYear: year)
        if json {
            print(Self.json(f, model: model, coordinate: coordinate, altitudeKm: altitudeKm, year: year))
        } else {
            let d = f.declinationDegrees
            print("declination  \(Self.signed(d, digits: 2))° (\(d >= 0 ? "east" : "west"))")
            print("inclination  \(Self.signed(f.inclinationDegrees, digits: 2))°")
            print("horizontal   \(formatFixed(f.horizontalNanotesla, digits: 1)) nT")
            print("total        \(formatFixed(f.totalNanotesla, digits: 1)) nT")
            print("declination changes \(Self.signed(f.declinationRateDegreesPerYear, digits: 3))° per year")
            print(
                "model \(model.name) at \(coordinate), \(formatFixed(altitudeKm, digits: 3)) km, "
                    + "\(dateText ?? "today") (decimal year \(formatFixed(year, digits: 3)))")
            for w in f.warnings { print("warning: \(w)") }
        }
        return 0
    }

    static func signed(_ v: Double, digits: Int) -> String { (v >= 0 ? "+" : "") + formatFixed(v, digits: digits) }

    static func json(
        _ f: MagneticField, model: MagneticModel, coordinate: GeoCoordinate, altitudeKm: Double, year: Double
    ) -> String {
        func q(_ s: String) -> String {
            "\"" + s.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
        }
        let fields: [(String, String)] = [
            ("model", q(model.name)),
            ("latitude", formatFixed(coordinate.latitude, digits: 6)),
            ("longitude", formatFixed(coordinate.longitude, digits: 6)),
            ("altitude_km", formatFixed(altitudeKm, digits: 3)),
            ("decimal_year", formatFixed(year, digits: 4)),
            ("declination_deg", formatFixed(f.declinationDegrees, digits: 4)),
            ("inclination_deg", formatFixed(f.inclinationDegrees, digits: 4)),
            ("horizontal_nt", formatFixed(f.horizontalNanotesla, digits: 1)),
            ("total_nt", formatFixed(f.totalNanotesla, digits: 1)),
            ("north_nt", formatFixed(f.northNanotesla, digits: 1)),
            ("east_nt", formatFixed(f.eastNanotesla, digits: 1)),
            ("down_nt", formatFixed(f.downNanotesla, digits: 1)),
            ("declination_deg_per_year", formatFixed(f.declinationRateDegreesPerYear, digits: 4)),
            ("warnings", "[" + f.warnings.map { q($0.description) }.joined(separator: ",") + "]"),
        ]
        return "{" + fields.map { "\(q($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }
}
