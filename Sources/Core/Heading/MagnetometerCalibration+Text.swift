/// The calibration file: a few `key values` lines, `#` comments, numbers in µT with "." decimals.
///
/// ```
/// # navdisplay magnetometer calibration
/// format 1
/// hard_iron_ut 12.500000 -3.250000 40.000000
/// soft_iron 1.020000 0.010000 0.000000 0.010000 0.980000 0.000000 0.000000 0.000000 1.000000
/// field_radius_ut 50.100000
/// ```
///
/// A level (2D) calibration is format 2, with a `fit level vertical-from-wmm` or `fit level vertical-unobserved`
/// line: a build that predates level fits then refuses it by its format rather than apply the dip check to a
/// vertical term that was never observed. 3D calibrations stay format 1, exactly as before, so files written by
/// any build load in every build that knows the fit they came from.
extension MagnetometerCalibration {
    /// The file text (stable field order, fixed decimals, so a saved file diffs cleanly).
    public func serialized() -> String {
        let lines =
            ["# navdisplay magnetometer calibration: corrected = soft_iron * (raw - hard_iron_ut), body frame"]
            + qualityNotes.map { "# \($0)" }
            + keyLines(number: { formatFixed($0, digits: 6) }, figure: { formatFixed($0, digits: $1) })
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `key values` lines of the file (and of a recording's `@calibration` header), numbers written by
    /// `number` and quality figures by `figure(value, decimals)`.
    public func keyLines(number: (Double) -> String, figure: (Double, Int) -> String) -> [String] {
        var lines: [String] = []
        switch fit {
        case .ellipsoid:
            lines.append("format 1")
        case .level(let fromModel):
            lines.append("format 2")
            lines.append("fit level " + (fromModel ? "vertical-from-wmm" : "vertical-unobserved"))
        }
        let h = hardIronMicrotesla
        lines.append("hard_iron_ut \(number(h.x)) \(number(h.y)) \(number(h.z))")
        lines.append("soft_iron " + softIron.rowMajor.map(number).joined(separator: " "))
        lines.append("field_radius_ut \(number(fieldRadiusMicrotesla))")
        if let e = expectedFieldMicrotesla { lines.append("expected_field_ut \(number(e))") }
        if let q = quality {
            lines.append("residual_percent \(figure(q.residualPercent, 3))")
            lines.append("coverage \(figure(q.coverage, 3))")
            lines.append("samples \(q.sampleCount)")
            lines.append("condition \(figure(q.conditionNumber, 1))")
            lines.append("axis_ratio \(figure(q.axisRatio, 4))")
        }
        return lines
    }

    /// Parses the file text; throws `CalibrationFileError` naming the line and what is wrong.
    public init(parsing text: String) throws {
        var values: [String: (line: Int, numbers: [Double])] = [:]
        var fitWords: (line: Int, words: [String])?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let key = words.first else { continue }
            if key == "fit" {
                fitWords = (index + 1, words.dropFirst().map(String.init))
                continue
            }
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
                throw CalibrationFileError(
                    line: nil, problem: "missing '\(key)' line")
            }
            guard entry.numbers.count == count else {
                throw CalibrationFileError(
                    line: entry.line, problem: "'\(key)' needs \(count) numbers, found \(entry.numbers.count)")
            }
            return entry.numbers
        }
        func optional(_ key: String) throws -> Double? { values[key] == nil ? nil : try require(key, count: 1)[0] }
        let format = try require("format", count: 1)[0]
        let fit: CalibrationFit
        switch (format, fitWords?.words) {
        case (1, nil), (2, ["ellipsoid"]?):
            fit = .ellipsoid
        case (2, ["level", "vertical-from-wmm"]?):
            fit = .level(verticalFromModel: true)
        case (2, ["level", "vertical-unobserved"]?):
            fit = .level(verticalFromModel: false)
        case (1, _?):
            throw CalibrationFileError(line: fitWords?.line, problem: "a 'fit' line needs format 2")
        case (2, nil):
            throw CalibrationFileError(
                line: nil, problem: "missing 'fit' line (format 2)")
        case (2, let words?):
            throw CalibrationFileError(
                line: fitWords?.line,
                problem: "unknown fit '\(words.joined(separator: " "))'; this build reads 'ellipsoid', "
                    + "'level vertical-from-wmm' and 'level vertical-unobserved'")
        default:
            throw CalibrationFileError(
                line: values["format"]?.line, problem: "unknown format \(format); this build reads formats 1 and 2")
        }
        let h = try require("hard_iron_ut", count: 3)
        let s = try require("soft_iron", count: 9)
        let radius = try require("field_radius_ut", count: 1)[0]
        guard radius > 0, let matrix = Matrix3(rowMajor: s), matrix.inverse != nil else {
            throw CalibrationFileError(
                line: values["soft_iron"]?.line, problem: "the soft-iron matrix or radius is degenerate")
        }
        var quality: CalibrationQuality?
        if let r = try optional("residual_percent"), let c = try optional("coverage"), let n = try optional("samples"),
            let k = try optional("condition"), let a = try optional("axis_ratio")
        {
            // Figures shown on screen as percentages and counts: out of range is a broken file, not a picture.
            guard (0...1).contains(c), (0...1e6).contains(r), (0...1e12).contains(k), (0...1e6).contains(a) else {
                throw CalibrationFileError(
                    line: values["coverage"]?.line,
                    problem: "quality figures out of range (coverage 0...1, the others positive)")
            }
            // A count from a file: 1e300 or -1e19 must be a clear error, never a trap in `Int(_:)`.
            guard let count = Int(checkedTruncating: n), count >= 0, Double(count) == n else {
                throw CalibrationFileError(
                    line: values["samples"]?.line, problem: "'samples' must be a whole number of samples, not \(n)")
            }
            quality = CalibrationQuality(
                residualPercent: r, coverage: c, sampleCount: count, conditionNumber: k, axisRatio: a)
        }
        self.init(
            hardIronMicrotesla: Vector3(x: h[0], y: h[1], z: h[2]), softIron: matrix, fieldRadiusMicrotesla: radius,
            expectedFieldMicrotesla: try optional("expected_field_ut"), quality: quality, fit: fit)
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
