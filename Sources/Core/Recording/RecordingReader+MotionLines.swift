/// The motion samples (`mag`, `acc`, `gyr`: nearly every line of a recording) read straight from their bytes.
///
/// Read as text, split into Substrings and parsed with `Double(Substring)`, each such line took about 27,000
/// instructions, and the bundled ride's 8,500 lines 245 M before its first frame (about a quarter of a second on a
/// Cortex-A53 at one instruction a cycle). Here only the form the writer writes is read (`RecordingFormat.line`);
/// any departure from it gives nil, and `parseSample` reads that line the general way, so it gets the same event or
/// the same warning as before.
extension RecordingReader {
    /// The event of a `mag`, `acc` or `gyr` line (without its newline) in the writer's form with a good checksum,
    /// or nil for any other line.
    static func plainMotionSample(_ line: ArraySlice<UInt8>) -> SensorEvent? {
        // Read through a buffer pointer: its subscripts are not bounds-checked in a release build, and every
        // index below stays within the line.
        line.withUnsafeBufferPointer { plainMotionSample(in: $0) }
    }

    private static func plainMotionSample(in bytes: UnsafeBufferPointer<UInt8>) -> SensorEvent? {
        guard bytes.count > 6 else { return nil }
        let star = bytes.endIndex - 5
        guard bytes[star - 1] == 32, bytes[star] == UInt8(ascii: "*"), let written = hex4(bytes[(star + 1)...]) else {
            return nil
        }
        let covered = UnsafeBufferPointer(rebasing: bytes[..<(star - 1)])
        guard RecordingFormat.checksum(covered) == written else { return nil }
        // The words, split on spaces as `parseSample` splits them (runs of spaces are one gap).
        var cursor = covered.startIndex
        func nextWord() -> UnsafeBufferPointer<UInt8>? {
            while cursor < covered.endIndex, covered[cursor] == 32 { cursor += 1 }
            guard cursor < covered.endIndex else { return nil }
            let start = cursor
            while cursor < covered.endIndex, covered[cursor] != 32 { cursor += 1 }
            return UnsafeBufferPointer(rebasing: covered[start..<cursor])
        }
        guard let kind = nextWord(), let timeWord = nextWord(), let time = plainTime(timeWord),
            let x = nextWord().flatMap(DecimalText.double), let y = nextWord().flatMap(DecimalText.double),
            let z = nextWord().flatMap(DecimalText.double), nextWord() == nil
        else { return nil }
        let v = Vector3(x: x, y: y, z: z)
        guard v.isFinite else { return nil }
        guard kind.count == 3 else { return nil }
        switch (kind[0], kind[1], kind[2]) {
        case (UInt8(ascii: "m"), UInt8(ascii: "a"), UInt8(ascii: "g")):
            return .magnetometer(MagnetometerSample(time: time, microtesla: v))
        case (UInt8(ascii: "a"), UInt8(ascii: "c"), UInt8(ascii: "c")):
            return .accelerometer(AccelerometerSample(time: time, metresPerSecondSquared: v))
        case (UInt8(ascii: "g"), UInt8(ascii: "y"), UInt8(ascii: "r")):
            return .gyroscope(GyroscopeSample(time: time, radiansPerSecond: v))
        default: return nil
        }
    }

    /// A time as the writer writes it (`RecordingFormat.timeText`): an optional minus, whole seconds, a point and
    /// exactly nine digits; nil for anything else, as for a time `parseTime` would refuse.
    static func plainTime<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Timestamp? where Bytes.Index == Int {
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
}
