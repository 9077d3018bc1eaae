/// What an NMEA or gpsd JSON import did with a log: lines read, sentences used, what was skipped and why, and the
/// time repairs made, so one line at the end replaces a warning per proprietary sentence.
public struct ImportSummary: Hashable, Sendable, CustomStringConvertible {
    /// Non-empty lines that were not comments.
    public var linesRead = 0
    /// NMEA sentences and gpsd JSON reports that contributed to an event.
    public var used = 0
    /// Sentences accepted without a `*hh` checksum (gpsd accepts them too).
    public var withoutChecksum = 0
    /// Lines skipped, by reason ("bad checksum", "binary or garbage", "empty HDT", …).
    public var skippedByReason: [String: Int] = [:]
    /// Valid sentences skipped because nothing here reads them, by sentence id ("PUBX", "GPGSV", "WIMWV").
    public var skippedByID: [String: Int] = [:]
    /// Times the timeline went backwards and was re-anchored.
    public var backwardJumps = 0
    /// Forward gaps longer than the limit that were cut, and the seconds of ride they would have invented.
    public var gapsCut = 0
    public var secondsCut = 0.0

    public init() {}

    mutating func skip(_ reason: String) { skippedByReason[reason, default: 0] += 1 }
    mutating func skip(id: Substring) { skippedByID[String(id.prefix(12)), default: 0] += 1 }

    /// All lines skipped, for whatever reason.
    public var skipped: Int { skippedByReason.values.reduce(0, +) + skippedByID.values.reduce(0, +) }

    /// One paragraph: "412 lines, 380 used, 0 without checksum; skipped: bad checksum 2, …; by id: PUBX 30, …;
    /// time: 1 backward jump re-anchored, 1 gap cut (49,210.0 s)".
    public var description: String {
        func list(_ d: [String: Int]) -> String {
            d.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { "\($0.key) \($0.value)" }
                .joined(separator: ", ")
        }
        var parts = ["\(linesRead) lines read, \(used) used, \(withoutChecksum) without a checksum"]
        if !skippedByReason.isEmpty { parts.append("skipped: " + list(skippedByReason)) }
        if !skippedByID.isEmpty { parts.append("not used, by id: " + list(skippedByID)) }
        if backwardJumps > 0 || gapsCut > 0 {
            parts.append(
                "time repairs: \(backwardJumps) backward jump(s) re-anchored, \(gapsCut) gap(s) cut"
                    + " (\(formatFixed(secondsCut, digits: 1)) s not replayed)")
        }
        return parts.joined(separator: "; ")
    }
}
