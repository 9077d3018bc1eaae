import Core
import FoundationEssentials

/// `navdisplay declination`: the World Magnetic Model's field at a place and date.
struct DeclinationCommand: Command {
    static let name = "declination"
    static let summary = "print magnetic declination, inclination and field strength (WMM2025)"
    static let shared = SharedOptions()
    static let help = """
        USAGE: navdisplay declination --at LAT,LON[,ALT_KM] [--date YYYY-MM-DD] [--json]

        Prints what the World Magnetic Model 2025 gives at a place and date: declination (how far east of true
        north a compass points), inclination (dip), horizontal and total intensity, with warnings outside the
        model's 2025–2030 validity and near the magnetic poles.

        OPTIONS:
          --at LAT,LON[,ALT_KM]   the place in decimal degrees, altitude above the WGS84 ellipsoid in km (default 0)
          --date YYYY-MM-DD       the UTC date (default: today)
          --json                  one JSON object instead of text
          -h, --help              show this help
        """

    var coordinate: GeoCoordinate?
    var altitudeKm = 0.0
    var decimalYear: Double?
    var dateText: String?
    var json = false

    init(arguments: [String]) throws {
        var args = ArgumentScanner(command: Self.name, arguments: arguments)
        while let arg = try args.next() {
            switch arg {
            case .flag("--at"):
                let place = try args.value(
                    for: "--at", expecting: "LAT,LON[,ALT_KM] in decimal degrees and km, e.g. 60.17,24.94,0.1"
                ) {
                    Self.parsePlace($0)
                }
                coordinate = place.coordinate
                altitudeKm = place.altitudeKm
            case .flag("--date"):
                let text = try args.value(for: "--date", expecting: "a date as YYYY-MM-DD, e.g. 2026-05-01")
                guard let y = DecimalYear.parsing(text) else {
                    throw UsageError(
                        "navdisplay declination: --date expects a date as YYYY-MM-DD, e.g. 2026-05-01, got \"\(text)\"")
                }
                decimalYear = y
                dateText = text
            case .flag("--json"): json = true
            case .flag("-h"), .flag("--help"): throw HelpRequest(text: Self.help)
            case .flag(let f): throw args.unknown(f)
            case .positional(let v): throw args.unexpected(v)
            }
        }
        guard coordinate != nil else {
            throw UsageError("navdisplay declination: --at expects LAT,LON[,ALT_KM], got nothing")
        }
    }

    /// "LAT,LON" or "LAT,LON,ALT_KM" (altitude from −1 to 1000 km).
    static func parsePlace(_ text: String) -> (coordinate: GeoCoordinate, altitudeKm: Double)? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingWhitespace()
        }
        guard parts.count == 2 || parts.count == 3, let c = GeoCoordinate(parsing: parts[0] + "," + parts[1]) else {
            return nil
        }
        guard parts.count == 3 else { return (c, 0) }
        guard let alt = Double(parts[2]), alt.isFinite, (-1...1000).contains(alt) else { return nil }
        return (c, alt)
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
