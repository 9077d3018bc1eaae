/// One command-line option, declared once: the parser and `--help` both come from this declaration, so they
/// cannot drift (swift-argument-parser's idea, kept in our own small parser).
struct OptionSpec<Values>: Sendable {
    /// The flag, "--card".
    let flag: String
    /// The value's name in help ("PATH"), nil for a switch.
    let value: String?
    /// The help text; a "\n" starts a continuation line under the first.
    let help: String
    /// A value that parses, for the table test of shared options ("/dev/dri/card1").
    let example: String?
    /// Parses the flag's value (if any) from `args` into `values`.
    let parse: @Sendable (inout Values, String, inout ArgumentScanner) throws -> Void

    init(
        _ flag: String, _ value: String? = nil, example: String? = nil, help: String,
        parse: @escaping @Sendable (inout Values, String, inout ArgumentScanner) throws -> Void
    ) {
        self.flag = flag
        self.value = value
        self.help = help
        self.example = example
        self.parse = parse
    }

    /// Column where help text starts.
    static var helpColumn: Int { 26 }

    /// The option's lines in `--help`: "  --card PATH" in a 26-column field, then the help, continuation lines
    /// under it.
    var helpText: String {
        let head = "  " + flag + (value.map { " " + $0 } ?? "")
        let indent = String(repeating: " ", count: OptionSpec.helpColumn)
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        let first =
            head.count < OptionSpec.helpColumn
            ? head + String(repeating: " ", count: OptionSpec.helpColumn - head.count) : head + " "
        return ([first + (lines.first ?? "")] + lines.dropFirst().map { indent + $0 }).joined(separator: "\n")
    }
}

/// Options shared by several commands, declared once (display, map, sensors, GPS): every command that takes the
/// group takes all of it (or a named subset), with the same meaning and the same help.
protocol OptionGroup {
    static var options: [OptionSpec<Self>] { get }
}

extension OptionGroup {
    /// Consumes `flag` (and its value) when it is one of this group's, restricted to `only` when given.
    mutating func parse(_ flag: String, _ args: inout ArgumentScanner, only: Set<String>? = nil) throws -> Bool {
        guard let spec = Self.options.first(where: { $0.flag == flag }), only?.contains(flag) ?? true else {
            return false
        }
        try spec.parse(&self, flag, &args)
        return true
    }

    /// The group's help lines (of the flags in `only`, when given), generated from the declarations.
    static func help(only: Set<String>? = nil) -> String {
        options.filter { only?.contains($0.flag) ?? true }.map(\.helpText).joined(separator: "\n")
    }

    /// Every flag of the group.
    static var flags: [String] { options.map(\.flag) }
}

/// What a command takes from the shared groups, for the table test: each group's flags (or the subset taken).
struct SharedOptions {
    var groups: [(name: String, flags: [String], examples: [String: String?])]

    init() { groups = [] }

    /// All of `group`, or only `only`.
    func with<G: OptionGroup>(_ group: G.Type, only: Set<String>? = nil) -> SharedOptions {
        var copy = self
        let specs = G.options.filter { only?.contains($0.flag) ?? true }
        copy.groups.append(
            ("\(G.self)", specs.map(\.flag), Dictionary(uniqueKeysWithValues: specs.map { ($0.flag, $0.example) })))
        return copy
    }
}
