import Core
import Testing

@Suite struct MagneticFieldReportTests {
    let helsinki = GeoCoordinate(latitude: 60.17, longitude: 24.94)

    func field() -> MagneticField {
        MagneticModel.wmm2025.field(at: helsinki, altitudeKilometres: 0, decimalYear: 2026.5)
    }

    @Test func textReportHasOneLinePerElementWithSignsAndUnits() {
        let f = field()
        let lines = f.reportLines(
            modelName: "WMM2025", coordinate: helsinki, altitudeKilometres: 0, decimalYear: 2026.5,
            dateText: "2026-07-02")
        #expect(lines.count == 6 + f.warnings.count)
        // Helsinki's declination is east (about +10° in 2026).
        #expect(lines[0].hasPrefix("declination  +"))
        #expect(lines[0].hasSuffix("° (east)"))
        #expect(lines[1].hasPrefix("inclination  +"))
        #expect(lines[2] == "horizontal   \(formatFixed(f.horizontalNanotesla, digits: 1)) nT")
        #expect(lines[3] == "total        \(formatFixed(f.totalNanotesla, digits: 1)) nT")
        #expect(lines[5].hasSuffix("0.000 km, 2026-07-02 (decimal year 2026.500)"))
    }

    @Test func aWestDeclinationSaysWestWithAMinusSign() {
        let f = MagneticField(northNanotesla: 20000, eastNanotesla: -3000, downNanotesla: 40000)
        let lines = f.reportLines(
            modelName: "test", coordinate: helsinki, altitudeKilometres: 0, decimalYear: 2026, dateText: "today")
        #expect(lines[0].hasPrefix("declination  -"))
        #expect(lines[0].hasSuffix("° (west)"))
    }

    @Test func jsonIsOneObjectWithEveryKeyInOrder() {
        let f = field()
        let json = f.reportJSON(
            modelName: "WMM2025", coordinate: helsinki, altitudeKilometres: 0.25, decimalYear: 2026.5)
        #expect(json.hasPrefix("{\"model\":\"WMM2025\",\"latitude\":60.170000,\"longitude\":24.940000,"))
        #expect(json.contains("\"altitude_km\":0.250,\"decimal_year\":2026.5000,"))
        #expect(json.contains("\"declination_deg\":\(formatFixed(f.declinationDegrees, digits: 4)),"))
        #expect(json.hasSuffix("\"warnings\":[]}"))
        #expect(!json.contains("\n"))
    }

    @Test func jsonEscapesQuotesAndBackslashesInText() {
        let f = MagneticField(northNanotesla: 20000, eastNanotesla: 0, downNanotesla: 40000)
        let json = f.reportJSON(modelName: "a\"b\\c", coordinate: helsinki, altitudeKilometres: 0, decimalYear: 2026)
        #expect(json.hasPrefix(#"{"model":"a\"b\\c","#))
    }
}
