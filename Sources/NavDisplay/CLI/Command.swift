import Core

/// A subcommand: options declared once (`options`), parsed from its arguments, then run.
///
/// A command is a struct whose stored properties have their defaults; `init(arguments:)` is usually
/// `try parseOptions(arguments)` followed by the checks between options.
protocol Command: SendableMetatype {
    /// The word that selects it ("render").
    static var name: String { get }
    /// One line for `navdisplay --help`.
    static var summary: String { get }
    /// The help text above the options: the USAGE line and what the command does.
    static var about: String { get }
    /// Every option, in the order `--help` lists them: the command's own and the shared groups it takes
    /// (`DisplayOptions.options(in: \.display)`).
    static var options: [OptionSpec<Self>] { get }
    /// Parses the arguments after the subcommand's name; throws `UsageError` or `HelpRequest`.
    init(arguments: [String]) throws
    /// A positional argument (`replay FILE`); by default there are none.
    mutating func take(positional: String) throws
    /// Does the work; returns the exit status. Errors thrown here are runtime failures (exit 1).
    func run() throws -> Int32
}

extension Command {
    /// The full `--help` text: `about`, then every option's lines generated from its declaration.
    static var help: String {
        about + "\n\nOPTIONS:\n" + (options.map(\.helpText) + [helpOption]).joined(separator: "\n")
    }

    /// The line every command's help ends with.
    static var helpOption: String { "  -h, --help              show this help" }

    mutating func take(positional: String) throws {
        throw UsageError(
            "navdisplay \(Self.name): unexpected argument \"\(positional)\" (see navdisplay \(Self.name) --help)")
    }

    /// Parses `arguments` over the values already set, by the declarations in `options`; returns the flags
    /// given (each by its declared name).
    @discardableResult
    mutating func parseOptions(_ arguments: [String]) throws -> Set<String> {
        try OptionParser(command: Self.name, options: Self.options, help: Self.help).parse(arguments, into: &self) {
            values, text in
            try values.take(positional: text)
        }
    }
}

/// A subcommand's name, texts, options and entry point, without its type: a table of these drives dispatch,
/// the option table test and `navdisplay help --json` (the man page and completion).
struct CommandEntry {
    let name: String
    let summary: String
    let about: String
    let help: String
    /// Every option the command declares, without its type.
    let options: [OptionDescription]
    /// Parses the arguments and runs the command.
    let parseAndRun: ([String]) throws -> Int32
    /// Only parses them (the option table test).
    let parse: ([String]) throws -> Void

    init<C: Command>(_ type: C.Type) {
        name = C.name
        summary = C.summary
        about = C.about
        help = C.help
        options = C.options.map(OptionDescription.init)
        parseAndRun = { try C(arguments: $0).run() }
        parse = { _ = try C(arguments: $0) }
    }
}

/// An option's declaration without the values it is stored into.
struct OptionDescription {
    let names: [String]
    let placeholder: String?
    let kind: ConfigKey.Kind
    let completion: OptionCompletion
    let help: String
    let example: String?
    let configurable: Bool
    let group: String?

    var flag: String { names[0] }
    var isSwitch: Bool { kind == .flag }

    init<V>(_ spec: OptionSpec<V>) {
        names = spec.names
        placeholder = spec.placeholder
        kind = spec.kind
        completion = spec.completion
        help = spec.help
        example = spec.example
        configurable = spec.configurable
        group = spec.group
    }
}
