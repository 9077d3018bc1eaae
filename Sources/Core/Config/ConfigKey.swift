/// One key a configuration file may set, declared once beside the command-line option it stands for, so the
/// file, `--help` and the man page name the same things.
public struct ConfigKey: Sendable {
    /// What a key's value must look like.
    public enum Kind: Sendable, Equatable {
        /// A finite number in the range; `what` describes it for errors ("a number from 10 to 20").
        case number(ClosedRange<Double>, what: String)
        /// A whole decimal number in the range ("a count from 1 to 1000000").
        case integer(ClosedRange<Int>, what: String)
        /// One of the words.
        case choice([String])
        /// Any text (a path, a host:port, a device name), checked by whoever uses it.
        case text(what: String)
        /// yes/no, true/false, on/off or 1/0: a command-line switch that is there or not.
        case flag
    }

    /// The key, which is also the long option without `--` (`zoom` for `--zoom`).
    public let name: String
    public let kind: Kind

    public init(_ name: String, _ kind: Kind) {
        self.name = name
        self.kind = kind
    }

    /// The value `text` stands for, or a message saying what was expected.
    public func value(of text: String) -> Result<ConfigValue, ConfigValueError> {
        switch kind {
        case .number(let range, let what):
            // Decimal only: Double("0x10") would read hexadecimal, which nobody means in a config file.
            let decimal = !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }
            guard decimal, let number = Double(text), number.isFinite, range.contains(number) else {
                return .failure(ConfigValueError(message: "`\(text)` is not \(what)"))
            }
            return .success(.number(number))
        case .integer(let range, let what):
            // Digits only (a sign allowed): "2.5" or "1e3" is not a count.
            let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text),
                range.contains(number)
            else {
                return .failure(ConfigValueError(message: "`\(text)` is not \(what)"))
            }
            return .success(.integer(number))
        case .choice(let words):
            guard words.contains(text) else {
                return .failure(
                    ConfigValueError(message: "`\(text)` is not one of " + words.joined(separator: ", ")))
            }
            return .success(.choice(text))
        case .text:
            return .success(.text(text))
        case .flag:
            switch text.lowercased() {
            case "yes", "true", "on", "1": return .success(.flag(true))
            case "no", "false", "off", "0": return .success(.flag(false))
            default: return .failure(ConfigValueError(message: "`\(text)` is not yes or no"))
            }
        }
    }
}

/// A value a key cannot take, with what it should have been.
public struct ConfigValueError: Error, Equatable, Sendable {
    public let message: String

    public init(message: String) { self.message = message }
}

/// A configuration value after its key's checks.
public enum ConfigValue: Equatable, Sendable {
    case number(Double)
    case integer(Int)
    case choice(String)
    case text(String)
    case flag(Bool)
}

/// A checked setting: which key, its value and the line that set it.
public struct ConfigSetting: Equatable, Sendable {
    public let key: String
    public let value: ConfigValue
    public let line: Int
    /// The value as written in the file (a number keeps its spelling: `16.5`, not `16.500000`).
    public let text: String

    /// The command-line arguments this setting stands for (`["--zoom", "16.5"]`; a flag set to yes is just
    /// `["--stats"]`, one set to no is nothing), so a command can read the file as options placed before its
    /// own, and the command line wins.
    public var arguments: [String] {
        switch value {
        case .flag(let on): on ? ["--" + key] : []
        case .number, .integer, .choice, .text: ["--" + key, text]
        }
    }
}

extension ConfigFile {
    /// The settings `keys` allow, checked, and a problem for each unknown key or bad value (naming its line and
    /// key); the good ones are kept whatever the bad ones are.
    public func settings(for keys: [ConfigKey]) -> (settings: [ConfigSetting], problems: [ConfigProblem]) {
        let known = Dictionary(keys.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var settings: [ConfigSetting] = []
        var found = problems
        for entry in entries {
            guard let key = known[entry.key] else {
                found.append(ConfigProblem(line: entry.line, key: entry.key, message: "unknown key; ignored"))
                continue
            }
            switch key.value(of: entry.value) {
            case .success(let value):
                settings.append(ConfigSetting(key: entry.key, value: value, line: entry.line, text: entry.value))
            case .failure(let error):
                found.append(
                    ConfigProblem(line: entry.line, key: entry.key, message: error.message + "; the default is used"))
            }
        }
        return (settings, found.sorted { $0.line < $1.line })
    }
}
