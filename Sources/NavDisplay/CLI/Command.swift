/// A subcommand: parsed from its arguments, then run.
protocol Command {
    /// The word that selects it ("render").
    static var name: String { get }
    /// One line for `navdisplay --help`.
    static var summary: String { get }
    /// The full `--help` text.
    static var help: String { get }
    /// The shared option groups it takes (the table test checks each is accepted whole).
    static var shared: SharedOptions { get }
    /// Parses the arguments after the subcommand's name; throws `UsageError` or `HelpRequest`.
    init(arguments: [String]) throws
    /// Does the work; returns the exit status. Errors thrown here are runtime failures (exit 1).
    func run() throws -> Int32
}

/// A subcommand's name, texts and entry point, without its type: a table of these drives dispatch.
struct CommandEntry {
    let name: String
    let summary: String
    let help: String
    let shared: SharedOptions
    /// Parses the arguments and runs the command.
    let parseAndRun: ([String]) throws -> Int32
    /// Only parses them (the option table test).
    let parse: ([String]) throws -> Void

    init<C: Command>(_ type: C.Type) {
        name = C.name
        summary = C.summary
        help = C.help
        shared = C.shared
        parseAndRun = { try C(arguments: $0).run() }
        parse = { _ = try C(arguments: $0) }
    }
}
