/// Sample lines in the form the writer writes them (`RecordingFormat.line`), read straight from their bytes: the
/// motion samples (`mag`, `acc`, `gyr`: nearly every line of a recording), fixes and sky counts.
///
/// Read as text, split into Substrings and parsed with `Double(Substring)`, a motion line took about 27,000
/// instructions (a fix more: its fields went into a `[String: Double]`), and the bundled ride's 8,500 lines 245 M
/// before its first frame (about a quarter of a second on a Cortex-A53 at one instruction a cycle). Here only the writer's form is read; any
/// departure from it gives nil, and `parseSample` reads that line as text, so it gets the same event or the same
/// warning as before.
extension RecordingReader {
    /// The event of a `mag`, `acc`, `gyr`, `fix` or `sky` line (without its newline) in the writer's form with a
    /// good checksum, or nil for any other line.
    static func plainSample(_ line: ArraySlice<UInt8>) -> SensorEvent? {
        // Read through a buffer pointer: its subscripts are not bounds-checked in a release build, and every
        // index below stays within the line.
        line.withUnsafeBufferPointer { plainSample(in: $0) }
    }

    private static func plainSample(in bytes: UnsafeBufferPointer<UInt8>) -> SensorEvent? {
        guard bytes.count > 6 else { return nil }
        let star = bytes.endIndex - 5
        guard bytes[star - 1] == 32, bytes[star] == UInt8(ascii: "*"), let written = hex4(bytes[(star + 1)...]) else {
            return nil
        }
        let covered = UnsafeBufferPointer(rebasing: bytes[..<(star - 1)])
        guard RecordingFormat.checksum(covered) == written else { return nil }
        var words = Words(covered)
        guard let kind = words.next(), let timeWord = words.next(), let time = plainTime(timeWord) else { return nil }
        if Words.equal(kind, "mag") {
            return plainVector(&words).map { .magnetometer(MagnetometerSample(time: time, microtesla: $0)) }
        }
        if Words.equal(kind, "acc") {
            return plainVector(&words).map {
                .accelerometer(AccelerometerSample(time: time, metresPerSecondSquared: $0))
            }
        }
        if Words.equal(kind, "gyr") {
            return plainVector(&words).map { .gyroscope(GyroscopeSample(time: time, radiansPerSecond: $0)) }
        }
        if Words.equal(kind, "fix") { return plainFix(time: time, words: &words).map { .gpsFix($0) } }
        if Words.equal(kind, "sky") {
            guard let seen = words.next().flatMap(count), let used = words.next().flatMap(count), words.next() == nil
            else { return nil }
            return .gpsSky(GPSSky(time: time, satellitesSeen: seen, satellitesUsed: used))
        }
        return nil
    }

    /// The three numbers that end a motion line, when they are all there is and finite.
    private static func plainVector(_ words: inout Words) -> Vector3? {
        guard let x = words.next().flatMap(DecimalText.double), let y = words.next().flatMap(DecimalText.double),
            let z = words.next().flatMap(DecimalText.double), words.next() == nil
        else { return nil }
        let v = Vector3(x: x, y: y, z: z)
        return v.isFinite ? v : nil
    }

    /// A fix's mode and `key=value` fields, as the text reader takes them: a field of another key is passed over,
    /// a key given twice keeps its last value.
    private static func plainFix(time: Timestamp, words: inout Words) -> GPSFix? {
        guard let modeWord = words.next() else { return nil }
        let mode: FixMode
        if Words.equal(modeWord, "3d") {
            mode = .threeD
        } else if Words.equal(modeWord, "2d") {
            mode = .twoD
        } else if Words.equal(modeWord, "none") {
            mode = .noFix
        } else {
            return nil
        }
        // The fields by their keys in a line (`RecordingFormat.line`), but for lat and lon, which make one
        // coordinate. (Key paths are not Sendable: the table cannot be a static constant.)
        let fields: [(key: StaticString, field: WritableKeyPath<GPSFix, Double?>)] = [
            ("utc", \.utcSeconds), ("alt", \.altitudeMetres), ("speed", \.speedMetresPerSecond),
            ("course", \.courseDegrees), ("eph", \.horizontalErrorMetres), ("epv", \.verticalErrorMetres),
            ("eps", \.speedErrorMetresPerSecond), ("epd", \.courseErrorDegrees),
        ]
        var f = GPSFix(time: time, mode: mode)
        var lat: Double?
        var lon: Double?
        while let word = words.next() {
            guard let eq = word.firstIndex(of: UInt8(ascii: "=")),
                let value = DecimalText.double(UnsafeBufferPointer(rebasing: word[(eq + 1)...]))
            else { return nil }
            let key = UnsafeBufferPointer(rebasing: word[..<eq])
            if Words.equal(key, "lat") {
                lat = value
            } else if Words.equal(key, "lon") {
                lon = value
            } else if let field = fields.first(where: { Words.equal(key, $0.key) })?.field {
                f[keyPath: field] = value
            }
        }
        if let lat, let lon { f.coordinate = GeoCoordinate(latitude: lat, longitude: lon) }
        return f
    }

    /// A count of satellites as the writer writes it: one to three digits.
    private static func count(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard (1...3).contains(bytes.count) else { return nil }
        var value = 0
        for byte in bytes {
            guard byte &- UInt8(ascii: "0") < 10 else { return nil }
            value = value * 10 + Int(byte &- UInt8(ascii: "0"))
        }
        return value
    }

    /// A time as the writer writes it (`RecordingFormat.timeText`): an optional minus, whole seconds, a point and
    /// exactly nine digits; nil for anything else, as for a time `parseTime` would refuse.
    private static func plainTime(_ bytes: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        var i = bytes.startIndex
        let negative = i < bytes.endIndex && bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var whole: Int64 = 0
        let first = i
        // 18 digits cannot overflow Int64; the product below says whether the nanoseconds do.
        while i < bytes.endIndex, bytes[i] &- UInt8(ascii: "0") < 10, i - first < 18 {
            whole = whole * 10 + Int64(bytes[i] &- UInt8(ascii: "0"))
            i += 1
        }
        guard i > first, bytes.endIndex - i == 10, bytes[i] == UInt8(ascii: ".") else { return nil }
        var fraction: Int64 = 0
        for byte in bytes[(i + 1)...] {
            guard byte &- UInt8(ascii: "0") < 10 else { return nil }
            fraction = fraction * 10 + Int64(byte &- UInt8(ascii: "0"))
        }
        let (product, overflow) = whole.multipliedReportingOverflow(by: 1_000_000_000)
        let (ns, overflowAgain) = product.addingReportingOverflow(fraction)
        guard !overflow, !overflowAgain else { return nil }
        return Timestamp(nanoseconds: negative ? -ns : ns)
    }

    /// Four hexadecimal digits as the checksum is written, or nil.
    static func hex4<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt16? {
        guard bytes.count == 4 else { return nil }
        var value: UInt16 = 0
        for byte in bytes {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// The words of a line's bytes, split on spaces as `parseSampleText` splits them (a run of spaces is one gap).
    struct Words {
        private let bytes: UnsafeBufferPointer<UInt8>
        private var cursor: Int

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            cursor = bytes.startIndex
        }

        /// The next word, or nil at the end of the line.
        mutating func next() -> UnsafeBufferPointer<UInt8>? {
            while cursor < bytes.endIndex, bytes[cursor] == 32 { cursor += 1 }
            guard cursor < bytes.endIndex else { return nil }
            let start = cursor
            while cursor < bytes.endIndex, bytes[cursor] != 32 { cursor += 1 }
            return UnsafeBufferPointer(rebasing: bytes[start..<cursor])
        }

        /// Whether `word` is `text`'s bytes.
        static func equal(_ word: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
            word.count == text.utf8CodeUnitCount
                && word.elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
    }
}
