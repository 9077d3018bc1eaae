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
            print(
                f.reportJSON(
                    modelName: model.name, coordinate: coordinate, altitudeKilometres: altitudeKm, decimalYear: year))
        } else {
            let lines = f.reportLines(
                modelName: model.name, coordinate: coordinate, altitudeKilometres: altitudeKm, decimalYear: year,
                dateText: dateText ?? "today")
            for line in lines { print(line) }
        }
        return 0
    }
}
