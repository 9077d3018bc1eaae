/// A configuration file of `key = value` lines, as /etc/navdisplay/navdisplay.conf holds them.
///
/// The syntax, kept small enough to edit over a serial console:
/// - one setting per line: `key = value`; spaces around the `=` and at either end are ignored;
/// - `#` starts a comment, on its own line or after a value (after a space: `map = a#b.mbtiles` keeps its `#`);
/// - a value in double quotes keeps its spaces and `#` exactly (`label = "north # 2"`); `\"` and `\\` inside;
/// - keys are lower case letters, digits and `-` (the long option's name without `--`);
/// - a key set twice: the later line wins, and the earlier one is reported.
///
/// A bad line never throws the rest of the file away: it becomes a `ConfigProblem` naming its line (and its key
/// where one can be read), and every other line still counts.
public struct ConfigFile: Equatable, Sendable {
    /// The settings in file order, one per key (the last line that set it).
    public private(set) var entries: [ConfigEntry]
    /// Lines that could not be read, in file order.
    public private(set) var problems: [ConfigProblem]

    /// The longest line read (bytes); a longer one is reported, not parsed, so a binary file cannot blow up.
    public static let maximumLineLength = 4096

    /// Reads `text`; never fails as a whole.
    public init(parsing text: String) {
        entries = []
        problems = []
        var indexOfKey: [String: Int] = [:]
        var lineNumber = 0
        // "\r\n" is one Character in Swift, so a file saved on Windows splits on it as well.
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            guard rawLine.utf8.count <= Self.maximumLineLength else {
                problems.append(
                    ConfigProblem(
                        line: lineNumber, key: nil,
                        message: "line longer than \(Self.maximumLineLength) bytes; ignored"))
                continue
            }
            switch Self.parseLine(Substring(rawLine)) {
            case .blank: continue
            case .problem(let key, let message):
                problems.append(ConfigProblem(line: lineNumber, key: key, message: message))
            case .entry(let key, let value):
                let entry = ConfigEntry(key: key, value: value, line: lineNumber)
                if let earlier = indexOfKey[key] {
                    problems.append(
                        ConfigProblem(
                            line: entries[earlier].line, key: key,
                            message: "set again on line \(lineNumber); this line is ignored"))
                    entries.remove(at: earlier)
                    indexOfKey = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.key, $0) })
                }
                indexOfKey[key] = entries.count
                entries.append(entry)
            }
        }
    }

    /// The entry for `key`, if the file sets it.
    public func entry(_ key: String) -> ConfigEntry? {
        entries.first { $0.key == key }
    }

    private enum Line {
        case blank
        case entry(key: String, value: String)
        case problem(key: String?, message: String)
    }

    private static func parseLine(_ raw: Substring) -> Line {
        let line = trimmed(raw.hasSuffix("\r") ? raw.dropLast() : raw)
        if line.isEmpty || line.hasPrefix("#") { return .blank }
        guard let equals = line.firstIndex(of: "=") else {
            let word = line.prefix { $0 != " " && $0 != "\t" }
            return .problem(
                key: isKey(word) ? String(word) : nil, message: "expected `key = value`, found `\(clipped(line))`")
        }
        let key = trimmed(line[..<equals])
        guard isKey(key) else {
            return .problem(
                key: nil,
                message: key.isEmpty
                    ? "no key before `=`"
                    : "`\(clipped(key))` is not a key (lower case letters, digits and -)")
        }
        switch value(trimmed(line[line.index(after: equals)...])) {
        case .success(let value) where value.isEmpty:
            return .problem(key: String(key), message: "no value (delete the line to use the default)")
        case .success(let value): return .entry(key: String(key), value: value)
        case .failure(let message): return .problem(key: String(key), message: message)
        }
    }

    private enum ValueResult {
        case success(String)
        case failure(String)
    }

    /// A bare value up to a ` #` comment, or a quoted one with `\"` and `\\` escapes.
    private static func value(_ text: Substring) -> ValueResult {
        guard text.first == "\"" else {
            var end = text.endIndex
            var previous: Character = " "
            for index in text.indices {
                if text[index] == "#" && (previous == " " || previous == "\t") {
                    end = index
                    break
                }
                previous = text[index]
            }
            return .success(String(trimmed(text[..<end])))
        }
        var result = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let c = text[index]
            if c == "\"" {
                let rest = trimmed(text[text.index(after: index)...])
                guard rest.isEmpty || rest.hasPrefix("#") else {
                    return .failure("text after the closing quote: `\(clipped(rest))`")
                }
                return .success(result)
            }
            if c == "\\" {
                let next = text.index(after: index)
                guard next < text.endIndex, text[next] == "\"" || text[next] == "\\" else {
                    return .failure("only \\\" and \\\\ may follow a backslash in quotes")
                }
                result.append(text[next])
                index = text.index(after: next)
                continue
            }
            result.append(c)
            index = text.index(after: index)
        }
        return .failure("the quote is not closed")
    }

    private static func isKey(_ text: Substring) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter, first.isLowercase else { return false }
        return text.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }
    }

    private static func trimmed(_ text: Substring) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = text.firstIndex(where: { !isSpace($0) }) else { return text[text.endIndex...] }
        let end = text.lastIndex(where: { !isSpace($0) })!
        return text[start...end]
    }

    /// A piece of a bad line short enough for a HUD line or a journal message.
    private static func clipped(_ text: Substring) -> String {
        text.count <= 40 ? String(text) : String(text.prefix(40)) + "…"
    }
}

/// One setting read from a configuration file.
public struct ConfigEntry: Equatable, Sendable {
    public let key: String
    public let value: String
    /// 1-based, as an editor numbers lines.
    public let line: Int

    public init(key: String, value: String, line: Int) {
        self.key = key
        self.value = value
        self.line = line
    }
}

/// A line or value that was not used, and why: shown on the HUD and logged, while everything else still counts.
public struct ConfigProblem: Equatable, Sendable, CustomStringConvertible {
    /// 1-based.
    public let line: Int
    /// The key the line sets, when one could be read.
    public let key: String?
    public let message: String

    public init(line: Int, key: String?, message: String) {
        self.line = line
        self.key = key
        self.message = message
    }

    /// `line 7: zoom: …` (the file's name is the caller's to add).
    public var description: String {
        "line \(line): " + (key.map { "\($0): " } ?? "") + message
    }
}
