/// Reads an IMU CSV file whose header row names a time column and accelerometer, gyroscope and magnetometer
/// columns with their units, e.g.
///
/// ```
/// time_s,accel_x_m/s2,accel_y_m/s2,accel_z_m/s2,gyro_x_deg/s,gyro_y_deg/s,gyro_z_deg/s,mag_x_uT,mag_y_uT,mag_z_uT
/// ```
///
/// Units may also be written in brackets (`mag_x (nT)`, `mag_x[G]`). Times: s, ms, us, ns; acceleration: m/s2,
/// m/s^2, g; rates: rad/s, deg/s, dps; field: uT, µT, nT, mG, G. Values are taken as body frame (x forward,
/// y right, z down). A row with a bad number or a time going backwards is skipped with a warning.
public enum IMUCSVImport {
    enum Sensor: String { case acc, gyr, mag }

    struct Column {
        var sensor: Sensor
        var axis: Int
        var scale: Double
    }

    public static func read(_ text: String, file: String) throws -> Recording {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map {
            $0.hasSuffix("\r") ? $0.dropLast() : $0
        }
        var lineNumber = 0
        while let first = lines.first, first.isEmpty || first.hasPrefix("#") {
            lines.removeFirst()
            lineNumber += 1
        }
        guard let headerLine = lines.first else { throw RecordingError("\(file): empty CSV file") }
        lineNumber += 1
        let names = headerLine.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingSpaces.lowercased()
        }
        var timeColumn: (index: Int, scale: Double)?
        var columns: [Int: Column] = [:]
        for (i, name) in names.enumerated() {
            let (base, unit) = splitUnit(name)
            if base == "time" || base == "t" || base == "timestamp" {
                guard let u = unit, let s = ["s": 1.0, "ms": 1e-3, "us": 1e-6, "µs": 1e-6, "ns": 1e-9][u] else {
                    throw RecordingError(
                        "\(file): time column \"\(name)\" must name its unit (time_s, time_ms, time_us or time_ns)")
                }
                timeColumn = (i, s)
                continue
            }
            guard let (sensor, axis) = sensorAxis(base) else { continue }
            let units: [String: Double]
            switch sensor {
            case .acc: units = ["m/s2": 1, "m/s^2": 1, "mps2": 1, "g": 9.80665]
            case .gyr: units = ["rad/s": 1, "deg/s": .pi / 180, "dps": .pi / 180]
            case .mag: units = ["ut": 1, "µt": 1, "nt": 0.001, "mg": 0.1, "g": 100, "gauss": 100]
            }
            guard let u = unit, let scale = units[u] else {
                throw RecordingError(
                    "\(file): column \"\(name)\" needs a unit (one of \(units.keys.sorted().joined(separator: ", ")))")
            }
            columns[i] = Column(sensor: sensor, axis: axis, scale: scale)
        }
        guard let time = timeColumn else {
            throw RecordingError("\(file): no time column in the header row (e.g. time_s)")
        }
        for sensor in [Sensor.acc, .gyr, .mag] {
            let axes = columns.values.filter { $0.sensor == sensor }.map(\.axis).sorted()
            if !axes.isEmpty && axes != [0, 1, 2] {
                throw RecordingError("\(file): \(sensor.rawValue) needs x, y and z columns")
            }
        }
        guard !columns.isEmpty else {
            throw RecordingError(
                "\(file): no accelerometer, gyroscope or magnetometer columns (e.g. accel_x_m/s2, gyro_x_rad/s, mag_x_uT)"
            )
        }
        var events: [SensorEvent] = []
        var warnings: [RecordingWarning] = []
        var last: Timestamp?
        for row in lines.dropFirst() {
            lineNumber += 1
            if row.isEmpty || row.hasPrefix("#") { continue }
            let cells = row.split(separator: ",", omittingEmptySubsequences: false)
            guard cells.count == names.count, let tv = Double(cells[time.index].trimmingSpaces), tv.isFinite else {
                warnings.append(
                    RecordingWarning(
                        file: file, line: lineNumber, reason: "garbage: expected \(names.count) cells with a time"))
                continue
            }
            // 1e13 ms is 317 years: past what Int64 nanoseconds hold, so a skipped row, not a trap.
            guard let t = Timestamp(checkedSeconds: tv * time.scale) else {
                warnings.append(
                    RecordingWarning(
                        file: file, line: lineNumber, reason: "time \(cells[time.index].prefix(24)) is out of range"))
                continue
            }
            if let l = last, t < l {
                warnings.append(RecordingWarning(file: file, line: lineNumber, reason: "time goes backwards"))
                continue
            }
            var vectors: [Sensor: [Double]] = [:]
            var bad = false
            for (i, c) in columns {
                let cell = cells[i].trimmingSpaces
                if cell.isEmpty { continue }  // this sensor has no sample in this row
                guard let v = Double(cell), v.isFinite else {
                    bad = true
                    break
                }
                vectors[c.sensor, default: [.nan, .nan, .nan]][c.axis] = v * c.scale
            }
            if bad {
                warnings.append(
                    RecordingWarning(file: file, line: lineNumber, reason: "garbage: a value is not a number"))
                continue
            }
            last = t
            for sensor in [Sensor.acc, .gyr, .mag] {
                guard let v = vectors[sensor] else { continue }
                guard v.allSatisfy(\.isFinite) else {
                    warnings.append(
                        RecordingWarning(file: file, line: lineNumber, reason: "\(sensor.rawValue): missing axis"))
                    continue
                }
                let vec = Vector3(x: v[0], y: v[1], z: v[2])
                switch sensor {
                case .acc: events.append(.accelerometer(AccelerometerSample(time: t, metresPerSecondSquared: vec)))
                case .gyr: events.append(.gyroscope(GyroscopeSample(time: t, radiansPerSecond: vec)))
                case .mag: events.append(.magnetometer(MagnetometerSample(time: t, microtesla: vec)))
                }
            }
        }
        var header = RecordingHeader(program: "IMU CSV import")
        header.notes = ["imported from \(file); columns: \(headerLine)"]
        return Recording(header: header, events: events, warnings: warnings)
    }

    /// "mag_x_ut" → ("mag_x", "ut"); "mag_x (nt)" → ("mag_x", "nt"); "time" → ("time", nil).
    static func splitUnit(_ name: String) -> (String, String?) {
        if let open = name.firstIndex(where: { $0 == "(" || $0 == "[" }) {
            let base = name[..<open].trimmingSpaces
            let unit = name[name.index(after: open)...].filter { $0 != ")" && $0 != "]" }
            return (base, String(unit).trimmingSpaces)
        }
        let parts = name.split(separator: "_")
        // The unit is what follows the axis letter, or the time word.
        if let i = parts.firstIndex(where: { ["x", "y", "z", "time", "t", "timestamp"].contains(String($0)) }),
            i + 1 < parts.count
        {
            return (parts[...i].joined(separator: "_"), parts[(i + 1)...].joined(separator: "_"))
        }
        return (name, nil)
    }

    static func sensorAxis(_ base: String) -> (Sensor, Int)? {
        let parts = base.split(whereSeparator: { $0 == "_" || $0 == " " || $0 == "." })
        guard parts.count == 2, let axis = ["x", "y", "z"].firstIndex(of: String(parts[1])) else { return nil }
        switch parts[0] {
        case "acc", "accel", "accelerometer", "a": return (.acc, axis)
        case "gyr", "gyro", "gyroscope", "w": return (.gyr, axis)
        case "mag", "magnetometer", "m", "b": return (.mag, axis)
        default: return nil
        }
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
