import Core

/// Parses a command's arguments by its option declarations: `--name value`, `--name=value`, switches, `-h`/`--help`
/// and positional values.
///
/// Every error is one line naming the flag and what was expected, e.g.
/// `navdisplay render: --zoom expects a number from 0 to 22, got "abc"`.
struct OptionParser<Values> {
    let command: String
    let options: [OptionSpec<Values>]
    /// What `-h`/`--help` prints.
    let help: String

    /// Parses `arguments` into `values`; positional values go to `positional`. Returns the flags given, each by
    /// its declared name.
    @discardableResult
    func parse(
        _ arguments: [String], into values: inout Values, positional: (inout Values, String) throws -> Void
    ) throws -> Set<String> {
        var given: Set<String> = []
        var args = ArgumentScanner(command: command, arguments: arguments)
        while let arg = try args.next() {
            switch arg {
            case .flag("-h"), .flag("--help"): throw HelpRequest(text: help)
            case .flag(let flag):
                guard let spec = options.first(where: { $0.names.contains(flag) }) else { throw args.unknown(flag) }
                given.insert(spec.flag)
                if spec.isSwitch {
                    try spec.apply(&values, .flag(true))
                } else {
                    let text = try args.value(for: flag, expecting: spec.expected)
                    try apply(spec, flag: flag, text: text, to: &values)
                }
            case .positional(let text): try positional(&values, text)
            }
        }
        return given
    }

    /// Checks `text` as `spec`'s kind and stores it; a bad value is a usage error naming `flag`.
    func apply(_ spec: OptionSpec<Values>, flag: String, text: String, to values: inout Values) throws {
        let rejected = UsageError("navdisplay \(command): \(flag) expects \(spec.expected), got \"\(text)\"")
        guard case .success(let value) = spec.configKey.value(of: text) else { throw rejected }
        do {
            try spec.apply(&values, value)
        } catch is OptionValueRejected {
            throw rejected
        }
    }
}
