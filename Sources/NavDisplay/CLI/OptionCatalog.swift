import Core
import FoundationEssentials

/// Every command and option as JSON, from the same declarations the parser and `--help` use:
/// `navdisplay help --json`. `scripts/deb/help-pages.py` turns it into the man page and the bash completion, so
/// neither has to guess from help text what an option takes.
struct OptionCatalog: Encodable {
    struct Option: Encodable {
        /// The flag, then other spellings still accepted.
        let names: [String]
        /// The value's name in help ("FILE"); nil for a switch.
        let value: String?
        /// switch, number, integer, choice or text.
        let kind: String
        /// For numbers: the range.
        let minimum: Double?
        let maximum: Double?
        /// For a choice: its words.
        let choices: [String]?
        /// What the completion offers: file, directory, words or none.
        let completion: String
        /// The help as one paragraph.
        let help: String
        /// Whether `run`'s settings file may set it (as the flag without --).
        let configurable: Bool
    }

    struct Command: Encodable {
        let name: String
        let summary: String
        /// What follows USAGE: ("navdisplay replay FILE [options]").
        let usage: String
        /// The help's paragraphs between the usage line and the options.
        let description: [String]
        let options: [Option]
    }

    let program = "navdisplay"
    let version = Version.string
    /// The options of `navdisplay` itself, before a command; every command also takes -h/--help.
    let options = [
        Option(
            names: ["-h", "--help"], value: nil, kind: "switch", minimum: nil, maximum: nil, choices: nil,
            completion: "none", help: "show the help (of a command, after it)", configurable: false),
        Option(
            names: ["--version"], value: nil, kind: "switch", minimum: nil, maximum: nil, choices: nil,
            completion: "none", help: "print the version", configurable: false),
    ]
    let commands: [Command]
    /// The keys of `run`'s settings file (/etc/navdisplay/navdisplay.conf).
    let configKeys: [String]

    init(commands entries: [CommandEntry], configKeys: [ConfigKey]) {
        commands = entries.map { entry in
            let lines = entry.about.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let usage = lines.first.map { $0.replacing("USAGE:", with: "") } ?? ""
            return Command(
                name: entry.name, summary: entry.summary, usage: usage.trimmingWhitespace(),
                description: Self.paragraphs(lines.dropFirst()), options: entry.options.map(Self.option))
        }
        self.configKeys = configKeys.map(\.name)
    }

    /// The JSON text, keys sorted so the generated files are reproducible.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    private static func option(_ o: OptionDescription) -> Option {
        var kind = "text"
        var range: (Double, Double)?
        var choices: [String]?
        switch o.kind {
        case .flag: kind = "switch"
        case .number(let r, _): (kind, range) = ("number", (r.lowerBound, r.upperBound))
        case .integer(let r, _): (kind, range) = ("integer", (Double(r.lowerBound), Double(r.upperBound)))
        case .choice(let words): (kind, choices) = ("choice", words)
        case .text: kind = "text"
        }
        return Option(
            names: o.names, value: o.placeholder, kind: kind, minimum: range?.0, maximum: range?.1, choices: choices,
            completion: o.completion.rawValue, help: o.help.replacing("\n", with: " "),
            configurable: o.configurable)
    }

    private static func paragraphs(_ lines: ArraySlice<String>) -> [String] {
        var result: [String] = []
        var current: [String] = []
        for line in lines + [""] {
            if line.trimmingWhitespace().isEmpty {
                if !current.isEmpty { result.append(current.joined(separator: " ")) }
                current = []
            } else {
                current.append(line.trimmingWhitespace())
            }
        }
        return result
    }
}
