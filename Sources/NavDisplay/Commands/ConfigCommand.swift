import Core
import FoundationEssentials
import Platform

/// `navdisplay config check [FILE]`: what `run` would take from a settings file, and why not the rest.
struct ConfigCommand: Command {
    static let name = "config"
    static let summary = "check a settings file: what run would use from it, and what not and why"
    static let about = """
        USAGE: navdisplay config check [FILE]

        Reads FILE (default \(RunCommand.defaultConfigPath)) as `navdisplay run` does and prints each setting
        it would use, with its line, then each line it cannot use and why (bad lines are skipped; the rest
        counts). Exit status 0 when every line is good, 1 when some are not. The keys are `navdisplay run`'s
        options without -- (all but --config).
        """

    static let options: [OptionSpec<ConfigCommand>] = []

    var path = RunCommand.defaultConfigPath

    /// The words after `config`: `check` and perhaps a file.
    var words: [String] = []

    init(arguments: [String]) throws {
        try parseOptions(arguments)
        guard words.first == "check", words.count <= 2 else {
            throw UsageError("navdisplay config: expected `check [FILE]`, got \"\(words.joined(separator: " "))\"")
        }
        if words.count == 2 { path = words[1] }
    }

    mutating func take(positional: String) throws {
        words.append(positional)
    }

    func run() throws -> Int32 {
        let command = try RunCommand(arguments: ["--config", path])
        guard let text = try AtomicFile.read(path, maxBytes: 256 * 1024) else { return 1 }
        let bad = Set(command.configProblems.map(\.line))
        let used = ConfigFile(parsing: text).entries.filter { !bad.contains($0.line) }
        say("\(path): \(used.count) setting\(used.count == 1 ? "" : "s") used, \(command.configProblems.count) not")
        for entry in used { say("  line \(entry.line): \(entry.key) = \(entry.value)") }
        for problem in command.configProblems { say("  not used: \(problem)") }
        return command.configProblems.isEmpty ? 0 : 1
    }
}
