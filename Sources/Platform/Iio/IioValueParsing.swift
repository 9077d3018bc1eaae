import Core

/// The text formats of IIO sysfs attributes, parsed strictly: bad text is an error, never NaN or zero.
enum IioValueParsing {
    /// An attribute that must be one finite number ("1234", "-17", "0.000909090", "1.5e-3").
    static func number(_ text: String, attribute: IioAttribute) throws -> Double {
        let trimmed = text.trimmingWhitespace()
        // Decimal only: Swift's Double(_:) would also take hex ("0x10"), which sysfs never writes.
        let decimal = trimmed.allSatisfy { $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }
        guard decimal, let value = Double(trimmed), value.isFinite else {
            throw IioError(operation: "parse \(attribute)", code: 0, reason: "not a finite number: \"\(trimmed)\"")
        }
        return value
    }

    /// One axis in IIO units: (raw + offset) × scale.
    static func convert(raw: Double, offset: Double, scale: Double) -> Double { (raw + offset) * scale }

    /// The highest rate in a `sampling_frequency_available` list, as the driver wrote it (so writing it back is
    /// exact). Accepts a plain list ("0.625 1.25 … 80") and the range form ("[min step max]"); nil when empty or
    /// nothing parses.
    static func highestRate(in available: String) -> (text: String, hertz: Double)? {
        let trimmed = available.trimmingWhitespace()
        if trimmed.hasPrefix("[") {
            let parts = trimmed.trimming { $0 == "[" || $0 == "]" }.split(separator: " ")
            guard parts.count == 3, let top = Double(parts[2]), top.isFinite, top > 0 else { return nil }
            return (String(parts[2]), top)
        }
        let candidates = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).compactMap {
            token -> (text: String, hertz: Double)? in
            guard let hz = Double(token), hz.isFinite, hz > 0 else { return nil }
            return (String(token), hz)
        }
        return candidates.max { $0.hertz < $1.hertz }
    }
}
