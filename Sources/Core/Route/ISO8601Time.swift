/// The `xsd:dateTime` times of GPX ("2024-05-01T12:30:05Z", "2024-05-01T14:30:05.250+02:00").
enum ISO8601Time {
    /// Seconds since 1970 UTC, or nil when the text is not such a time. A time without a zone is taken as UTC
    /// (GPX says times are UTC; some writers forget the Z).
    static func parse(_ text: Substring) -> Double? {
        let u = Array(text.utf8)
        var i = 0
        func number(_ count: Int) -> Int? {
            guard i + count <= u.count else { return nil }
            var n = 0
            for k in 0..<count {
                let b = u[i + k]
                guard b >= 48, b <= 57 else { return nil }
                n = n * 10 + Int(b - 48)
            }
            i += count
            return n
        }
        func take(_ c: Character) -> Bool {
            guard i < u.count, u[i] == c.asciiValue else { return false }
            i += 1
            return true
        }
        guard let year = number(4), take("-"), let month = number(2), take("-"), let day = number(2),
            take("T") || take("t") || take(" "), let hour = number(2), take(":"), let minute = number(2),
            take(":"), let second = number(2)
        else { return nil }
        var fraction = 0.0
        if take(".") {
            var scale = 0.1
            var any = false
            while i < u.count, u[i] >= 48, u[i] <= 57 {
                fraction += Double(u[i] - 48) * scale
                scale /= 10
                i += 1
                any = true
            }
            guard any else { return nil }
        }
        var offsetSeconds = 0
        if take("Z") || take("z") {
        } else if i < u.count, u[i] == UInt8(ascii: "+") || u[i] == UInt8(ascii: "-") {
            let sign = u[i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
            guard let oh = number(2), take(":"), let om = number(2), oh < 24, om < 60 else { return nil }
            offsetSeconds = sign * (oh * 3_600 + om * 60)
        }
        guard i == u.count, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        let date = UTCDateTime(
            year: year, month: month, day: day, hour: hour, minute: minute, second: Double(second) + fraction)
        return date.secondsSince1970 - Double(offsetSeconds)
    }

    /// The time as "YYYY-MM-DDThh:mm:ssZ", with milliseconds when the time has a fraction; nil when it has no date.
    static func format(_ seconds: Double) -> String? {
        let millis = (seconds * 1_000).rounded()
        guard let date = UTCDateTime(secondsSince1970: millis / 1_000), (0...9_999).contains(date.year) else {
            return nil
        }
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        let whole = Int(checkedTruncating: date.second) ?? 0
        let ms = Int(checkedRounding: (date.second - Double(whole)) * 1_000) ?? 0
        var text = "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))T"
        text += "\(pad(date.hour, 2)):\(pad(date.minute, 2)):\(pad(whole, 2))"
        if ms > 0 { text += "." + pad(ms, 3) }
        return text + "Z"
    }
}
