import Foundation
import Testing

@testable import Core

/// One row of NOAA's WMM2025 test table.
struct WMMTestRow: CustomStringConvertible, Sendable {
    var year, altitudeKm, latitude, longitude: Double
    var d, i, h, x, y, z, f: Double
    var dDot, iDot, hDot, xDot, yDot, zDot, fDot: Double
    var description: String { "\(year) \(altitudeKm) km \(latitude),\(longitude)" }

    static func load() throws -> [WMMTestRow] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/WMM2025_TEST_VALUES.txt")
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.allSatisfy(\.isWhitespace) }
            .map { line in
                let v = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Double($0) }
                try #require(v.count == 18, "row has 18 numbers: \(line)")
                return WMMTestRow(
                    year: v[0], altitudeKm: v[1], latitude: v[2], longitude: v[3], d: v[4], i: v[5], h: v[6],
                    x: v[7], y: v[8], z: v[9], f: v[10], dDot: v[11], iDot: v[12], hDot: v[13], xDot: v[14],
                    yDot: v[15], zDot: v[16], fDot: v[17])
            }
    }
}

@Suite struct MagneticModelTests {
    static let rows = (try? WMMTestRow.load()) ?? []

    @Test func theNOAATableHasAllHundredRows() throws {
        #expect(try WMMTestRow.load().count == 100)
    }

    @Test(arguments: rows)
    func wmm2025ReproducesNOAATestValue(_ row: WMMTestRow) {
        let field = MagneticModel.wmm2025.field(
            at: GeoCoordinate(latitude: row.latitude, longitude: row.longitude), altitudeKilometres: row.altitudeKm,
            decimalYear: row.year)
        #expect(abs(Angle(field.declinationDegrees).signedDifference(to: Angle(row.d))) <= 0.01)
        #expect(abs(field.inclinationDegrees - row.i) <= 0.01)
        #expect(abs(field.northNanotesla - row.x) <= 1)
        #expect(abs(field.eastNanotesla - row.y) <= 1)
        #expect(abs(field.downNanotesla - row.z) <= 1)
        #expect(abs(field.horizontalNanotesla - row.h) <= 1)
        #expect(abs(field.totalNanotesla - row.f) <= 1)
        // The yearly rates are printed to ~1e-6; the derived element rates are checked as tightly as they are given.
        #expect(abs(field.northRateNanoteslaPerYear - row.xDot) <= 0.1)
        #expect(abs(field.eastRateNanoteslaPerYear - row.yDot) <= 0.1)
        #expect(abs(field.downRateNanoteslaPerYear - row.zDot) <= 0.1)
        #expect(abs(field.totalRateNanoteslaPerYear - row.fDot) <= 0.1)
        #expect(abs(field.inclinationRateDegreesPerYear - row.iDot) <= 0.01)
        if row.h > 6000 { #expect(abs(field.declinationRateDegreesPerYear - row.dDot) <= 0.01) }
    }

    static let validity: [(year: Double, warns: Bool)] = [
        (2024.9, true), (2025.0, false), (2029.99, false), (2030.2, true),
    ]

    @Test(arguments: validity)
    func datesOutsideTheValidityWindowAreWarned(_ c: (year: Double, warns: Bool)) {
        let field = MagneticModel.wmm2025.field(
            at: GeoCoordinate(latitude: 60.17, longitude: 24.94), decimalYear: c.year)
        let warned = field.warnings.contains { if case .dateOutsideValidity = $0 { return true } else { return false } }
        #expect(warned == c.warns)
    }

    @Test func placesNearTheMagneticPoleAreWarnedAndHelsinkiIsNot() {
        let pole = MagneticModel.wmm2025.field(at: GeoCoordinate(latitude: 85.5, longitude: 139), decimalYear: 2026)
        #expect(pole.horizontalNanotesla < 6000)
        #expect(
            pole.warnings.contains {
                if case .nearMagneticPoleBlackout = $0 { return true }
                if case .nearMagneticPoleCaution = $0 { return true }
                return false
            })
        let helsinki = MagneticModel.wmm2025.field(
            at: GeoCoordinate(latitude: 60.17, longitude: 24.94), decimalYear: 2026)
        #expect(helsinki.warnings.isEmpty)
        // Helsinki's declination is about +11° east in 2026.
        #expect(helsinki.declinationDegrees > 9 && helsinki.declinationDegrees < 13)
    }

    static let dates: [(text: String, year: Double)] = [
        ("2025-01-01", 2025.0), ("2025-07-02", 2025.0 + 182.0 / 365), ("2028-12-31", 2028.0 + 365.0 / 366),
    ]

    @Test(arguments: dates)
    func calendarDatesBecomeDecimalYears(_ c: (text: String, year: Double)) throws {
        let y = try #require(DecimalYear.parsing(c.text))
        #expect(abs(y - c.year) < 1e-12)
    }

    @Test func invalidDatesAreRejectedAndUTCSecondsAgreeWithTheCalendar() {
        #expect(DecimalYear.parsing("2025-02-29") == nil)
        #expect(DecimalYear.parsing("2025-13-01") == nil)
        #expect(DecimalYear.parsing("yesterday") == nil)
        // 2025-01-01T00:00:00Z is 1735689600 s since 1970.
        #expect(abs(DecimalYear.from(utcSeconds: 1_735_689_600) - 2025.0) < 1e-12)
        #expect(abs(DecimalYear.from(utcSeconds: 1_735_689_600 + 86_400 * 365 / 2) - 2025.5) < 1e-9)
    }
}
