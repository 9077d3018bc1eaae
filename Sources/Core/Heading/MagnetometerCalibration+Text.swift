/// The calibration file: a few `key values` lines, `#` comments, numbers in µT with "." decimals.
///
/// ```
/// # navdisplay magnetometer calibration
/// format 1
/// hard_iron_ut 12.500000 -3.250000 40.000000
/// soft_iron 1.020000 0.010000 0.000000 0.010000 0.980000 0.000000 0.000000 0.000000 1.000000
/// field_radius_ut 50.100000
/// ```
extension MagnetometerCalibration {
    /// The file text (stable field order, fixed decimals, so a saved file diffs cleanly).
    public func serialized() -> String {
        func f(_ v: Double) -> String { formatFixed(v, digits: 6) }
        var lines = [
            "# navdisplay magnetometer calibration: corrected = soft_iron * (raw - hard_iron_ut), body frame",
            "format 1",
            "hard_iron_ut \(f(hardIronMicrotesla.x)) \(f(hardIronMicrotesla.y)) \(f(hardIronMicrotesla.z))",
            "soft_iron " + softIron.rowMajor.map(f).joined(separator: " "),
            "field_radius_ut \(f(fieldRadiusMicrotesla))",
        ]
        if let e = expectedFieldMicrotesla { lines.append("expected_field_ut \(f(e))") }
        if let q = quality {
            lines.append("residual_percent \(formatFixed(q.residualPercent, digits: 3))")
            lines.append("coverage \(formatFixed(q.coverage, digits: 3))")
            lines.append("samples \(q.sampleCount)")
            lines.append("condition \(formatFixed(q.conditionNumber, digits: 1))")
            lines.append("axis_ratio \(formatFixed(q.axisRatio, digits: 4))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Parses the file text; throws `CalibrationFileError` naming the line and what is wrong.
    public init(parsing text: String) throws {
        var values: [String: (line: Int, numbers: [Double])] = [:]
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let key = words.first else { continue }
            var numbers: [Double] = []
            for w in words.dropFirst() {
                guard let v = Double(w), v.isFinite else {
                    throw CalibrationFileError(line: index + 1, problem: "'\(w)' is not a finite number")
                }
                numbers.append(v)
            }
            values[String(key)] = (index + 1, numbers)
        }
        func require(_ key: String, count: Int) throws -> [Double] {
            guard let entry = values[key] else {
                throw CalibrationFileError(line: nil, problem: "missing '\(key)' line; recalibrate with `navdisplay calibrate`")
            }
            guard entry.numbers.count == count else {
                throw CalibrationFileError(line: entry.line, problem: "'\(key)' needs \(count) numbers, found \(entry.numbers.count)")
            }
            return entry.numbers
        }
        func optional(_ key: String) throws -> Double? { values[key] == nil ? nil : try require(key, count: 1)[0] }
        let format = try require("format", count: 1)[0]
        guard format == 1 else {
            throw CalibrationFileError(line: values["format"]?.line, problem: "unknown format \(format); this build reads format 1")
        }
        let h = try require("hard_iron_ut", count: 3)
        let s = try require("soft_iron", count: 9)
        let radius = try require("field_radius_ut", count: 1)[0]
        guard radius > 0, let matrix = Matrix3(rowMajor: s), matrix.inverse != nil else {
            throw CalibrationFileError(line: values["soft_iron"]?.line, problem: "the soft-iron matrix or radius is degenerate")
        }
        var quality: CalibrationQuality?
        if let r = try optional("residual_percent"), let c = try optional("coverage"), let n = try optional("samples"),
            let k = try optional("condition"), let a = try optional("axis_ratio")
        {
            quality = CalibrationQuality(residualPercent: r, coverage: c, sampleCount: Int(n), conditionNumber: k, axisRatio: a)
        }
        self.init(
            hardIronMicrotesla: Vector3(x: h[0], y: h[1], z: h[2]), softIron: matrix, fieldRadiusMicrotesla: radius,
            expectedFieldMicrotesla: try optional("expected_field_ut"), quality: quality)
    }
}

/// A calibration file that cannot be read, with the line (1-based) when one is to blame.
public struct CalibrationFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int?
    public var problem: String
    public var description: String {
        (line.map { "calibration file line \($0): " } ?? "calibration file: ") + problem
    }
}
