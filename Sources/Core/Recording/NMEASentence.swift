/// One NMEA 0183 sentence split into fields, as gpsd's packet layer accepts it: `$` or `!`, a talker and type,
/// comma-separated fields, and an optional `*hh` checksum that must match when present.
struct NMEASentence {
    /// The address field as written ("GPRMC", "PUBX", "HCHDG").
    var id: Substring
    /// The fields after the address; `fields[0]` is the first data field.
    var fields: [Substring]
    /// False when the sentence carried no `*hh` (gpsd accepts those; the import counts them).
    var hadChecksum: Bool

    /// Why a line that starts like a sentence is not one.
    enum Problem: Error, Equatable {
        case badChecksum
        case noAddress
    }

    /// Proprietary sentences (`$P…`: `$PUBX`, `$PGRME`, `$PERC…`) carry vendor data this import has no use for.
    var isProprietary: Bool { id.first == "P" }

    /// The two-letter talker ("GP", "GN", "BD") of a standard sentence.
    var talker: Substring { id.prefix(2) }

    /// The three-letter sentence type ("RMC") of a standard sentence.
    var type: Substring { id.count == 5 ? id.suffix(3) : id.dropFirst(2) }

    /// The `index`-th data field, or an empty one when the sentence is shorter (receivers cut trailing fields).
    subscript(_ index: Int) -> Substring { index < fields.count ? fields[index] : "" }

    /// A finite number in field `index`, or nil when empty, unparsable, NaN or infinite ("inf" parses as a
    /// Double, and one infinite heading must not reach code that needs a direction).
    func number(_ index: Int) -> Double? {
        guard let v = Double(self[index]), v.isFinite else { return nil }
        return v
    }

    /// A non-negative integer in field `index` below `limit`, or nil.
    func count(_ index: Int, below limit: Int = 1000) -> Int? {
        guard let v = Int(self[index]), v >= 0, v < limit else { return nil }
        return v
    }

    /// Parses a line (without its line ending); nil with a problem when it starts like a sentence but is not one.
    static func parse(_ line: Substring) -> Result<NMEASentence, Problem> {
        guard let first = line.first, first == "$" || first == "!" else { return .failure(.noAddress) }
        var body = line.dropFirst()
        var hadChecksum = false
        if let star = body.lastIndex(of: "*") {
            let written = body[body.index(after: star)...]
            guard written.count == 2, let value = UInt8(written, radix: 16) else { return .failure(.badChecksum) }
            body = body[..<star]
            var sum: UInt8 = 0
            for b in body.utf8 { sum ^= b }
            guard sum == value else { return .failure(.badChecksum) }
            hadChecksum = true
        }
        let parts = body.split(separator: ",", omittingEmptySubsequences: false)
        guard let address = parts.first, (2...12).contains(address.count),
            address.utf8.allSatisfy({ ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) })
        else { return .failure(.noAddress) }
        return .success(NMEASentence(id: address, fields: Array(parts.dropFirst()), hadChecksum: hadChecksum))
    }

    /// "hhmmss.ss" in field `index` as seconds since midnight, or nil.
    func timeOfDay(_ index: Int) -> Double? {
        let s = self[index]
        guard s.count >= 6, s.utf8.prefix(6).allSatisfy({ $0 >= 48 && $0 <= 57 }), let hh = Double(s.prefix(2)),
            let mm = Double(s.dropFirst(2).prefix(2)), let ss = Double(s.dropFirst(4)), ss.isFinite, hh < 24, mm < 60,
            ss >= 0, ss < 61
        else { return nil }
        return hh * 3600 + mm * 60 + ss
    }

    /// "ddmmyy" in field `index` as UTC seconds at that day's midnight (years 80–99 are 1980–1999, as gpsd reads
    /// them), or nil.
    func date(_ index: Int) -> Double? {
        let s = self[index]
        guard s.count == 6, let dd = Int(s.prefix(2)), let mm = Int(s.dropFirst(2).prefix(2)), let yy = Int(s.suffix(2))
        else { return nil }
        return CivilDate.secondsSince1970(year: yy >= 80 ? 1900 + yy : 2000 + yy, month: mm, day: dd)
    }

    /// A latitude and longitude in fields `index`…`index + 3` ("ddmm.mmmm", N/S, "dddmm.mmmm", E/W), or nil.
    func coordinate(at index: Int) -> GeoCoordinate? {
        func degrees(_ s: Substring, _ degreeDigits: Int) -> Double? {
            guard s.count > degreeDigits, let d = Double(s.prefix(degreeDigits)),
                let m = Double(s.dropFirst(degreeDigits)), d.isFinite, m.isFinite, m >= 0, m < 60
            else { return nil }
            return d + m / 60
        }
        let ns = self[index + 1]
        let ew = self[index + 3]
        guard let la = degrees(self[index], 2), let lo = degrees(self[index + 2], 3), ns == "N" || ns == "S",
            ew == "E" || ew == "W"
        else { return nil }
        let c = GeoCoordinate(latitude: ns == "S" ? -la : la, longitude: ew == "W" ? -lo : lo)
        return c.isValid ? c : nil
    }
}
