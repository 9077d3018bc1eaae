import Core

/// One command-line option, declared once: its name, the kind of value it takes (with the range or the words),
/// its help line and whether a settings file may set it. The parser, `--help`, `run`'s settings file, the man page
/// and the bash completion all come from this declaration, so they cannot drift (swift-argument-parser's idea,
/// kept in our own small parser).
///
/// Declare options with the factories below (`.number`, `.integer`, `.choice`, `.text`, `.value`, `.flag`); a
/// command lists its own and the groups it takes in `Command.options`.
struct OptionSpec<Values>: Sendable {
    /// The flag ("--card"), then any other spelling still accepted ("--rate" for "--sample-rate").
    let names: [String]
    /// The value's name in help ("PATH"), nil for a switch.
    let placeholder: String?
    /// What the value must be. The command line and the settings file check it the same way (`ConfigKey`).
    let kind: ConfigKey.Kind
    /// What a shell offers for the value: files, folders, the choice's words or nothing.
    let completion: OptionCompletion
    /// The help text; a "\n" starts a continuation line under the first.
    let help: String
    /// A value that parses, for the table test that parses every option of every command ("/dev/dri/card1").
    let example: String?
    /// Whether `run`'s settings file may set it (false for options about the file or the process itself).
    let configurable: Bool
    /// The shared group it comes from ("DisplayOptions"), nil for a command's own option.
    let group: String?
    /// Stores a checked value into `values`; throws `OptionValueRejected` when a text value does not convert.
    let apply: @Sendable (inout Values, ConfigValue) throws -> Void

    /// The flag, "--card".
    var flag: String { names[0] }

    /// The key a settings file uses for it: the flag without "--".
    var configKey: ConfigKey { ConfigKey(String(flag.dropFirst(2)), kind) }

    /// What the value must be, for errors: "a number from 10 to 20", "day|night".
    var expected: String {
        switch kind {
        case .number(_, let what), .integer(_, let what), .text(let what): what
        case .choice(let words): words.joined(separator: "|")
        case .flag: "nothing"
        }
    }

    /// True for a switch (`--stats`), which takes no value.
    var isSwitch: Bool {
        if case .flag = kind { return true }
        return false
    }

    fileprivate init(
        _ names: [String], placeholder: String?, kind: ConfigKey.Kind, completion: OptionCompletion, help: String,
        example: String?, configurable: Bool, group: String? = nil,
        apply: @escaping @Sendable (inout Values, ConfigValue) throws -> Void
    ) {
        self.names = names
        self.placeholder = placeholder
        self.kind = kind
        self.completion = completion
        self.help = help
        self.example = example
        self.configurable = configurable
        self.group = group
        self.apply = apply
    }

    /// The same option stored at `path` inside a larger `Root` (a command holding a shared group).
    func lifted<Root>(into path: WritableKeyPath<Root, Values> & Sendable, group: String) -> OptionSpec<Root> {
        let apply = self.apply
        return OptionSpec<Root>(
            names, placeholder: placeholder, kind: kind, completion: completion, help: help, example: example,
            configurable: configurable, group: group
        ) { root, value in try apply(&root[keyPath: path], value) }
    }

    /// Column where help text starts.
    static var helpColumn: Int { 26 }

    /// The option's lines in `--help`: "  --card PATH" in a 26-column field, then the help, continuation lines
    /// under it.
    var helpText: String {
        let head = "  " + flag + (placeholder.map { " " + $0 } ?? "")
        let indent = String(repeating: " ", count: OptionSpec.helpColumn)
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        let first =
            head.count < OptionSpec.helpColumn
            ? head + String(repeating: " ", count: OptionSpec.helpColumn - head.count) : head + " "
        return ([first + (lines.first ?? "")] + lines.dropFirst().map { indent + $0 }).joined(separator: "\n")
    }
}

/// How a shell completes an option's value; the bash completion is generated from it.
enum OptionCompletion: String, Sendable {
    /// Nothing to offer (a number, a name).
    case none
    /// A file name.
    case file
    /// A folder name.
    case directory
    /// The words of the option's choice.
    case words
}

/// A text value an option's conversion refused; the parser reports it as "FLAG expects WHAT, got "TEXT"".
struct OptionValueRejected: Error {}

// MARK: - Declaring options

extension OptionSpec {
    /// A switch: `--stats`. In a settings file it takes yes or no (no leaves the default).
    static func flag(
        _ name: String, aliases: [String] = [], help: String, configurable: Bool = true,
        set: @escaping @Sendable (inout Values) -> Void
    ) -> OptionSpec {
        OptionSpec(
            [name] + aliases, placeholder: nil, kind: .flag, completion: .none, help: help, example: nil,
            configurable: configurable
        ) { values, value in
            if case .flag(true) = value { set(&values) }
        }
    }

    /// A finite decimal number in `range`: `--zoom Z`. `what` says so in errors ("a number from 10 to 20").
    static func number(
        _ name: String, _ placeholder: String, aliases: [String] = [], in range: ClosedRange<Double>, what: String,
        example: String, help: String, configurable: Bool = true,
        set: @escaping @Sendable (inout Values, Double) -> Void
    ) -> OptionSpec {
        OptionSpec(
            [name] + aliases, placeholder: placeholder, kind: .number(range, what: what), completion: .none,
            help: help, example: example, configurable: configurable
        ) { values, value in
            if case .number(let n) = value { set(&values, n) }
        }
    }

    /// A whole number in `range`: `--samples N`.
    static func integer(
        _ name: String, _ placeholder: String, in range: ClosedRange<Int>, what: String, example: String,
        help: String, configurable: Bool = true, set: @escaping @Sendable (inout Values, Int) -> Void
    ) -> OptionSpec {
        OptionSpec(
            [name], placeholder: placeholder, kind: .integer(range, what: what), completion: .none, help: help,
            example: example, configurable: configurable
        ) { values, value in
            if case .integer(let n) = value { set(&values, n) }
        }
    }

    /// One of an enum's raw values, shown as the words themselves: `--style day|night`.
    static func choice<T: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ type: T.Type, example: String? = nil, help: String, configurable: Bool = true,
        set: @escaping @Sendable (inout Values, T) -> Void
    ) -> OptionSpec where T.RawValue == String {
        choice(name, nil, type, example: example, help: help, configurable: configurable, set: set)
    }

    /// One of an enum's raw values: `--display KIND`; a nil placeholder shows the words.
    static func choice<T: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ placeholder: String?, _ type: T.Type, example: String? = nil, help: String,
        configurable: Bool = true, set: @escaping @Sendable (inout Values, T) -> Void
    ) -> OptionSpec where T.RawValue == String {
        let words = T.allCases.map(\.rawValue)
        return OptionSpec(
            [name], placeholder: placeholder ?? words.joined(separator: "|"), kind: .choice(words),
            completion: .words, help: help, example: example ?? words.last, configurable: configurable
        ) { values, value in
            if case .choice(let word) = value, let v = T(rawValue: word) { set(&values, v) }
        }
    }

    /// Any text: a path, a device name. `what` says what it is in errors ("a device path such as /dev/dri/card1").
    static func text(
        _ name: String, _ placeholder: String, what: String, completion: OptionCompletion = .none, example: String,
        help: String, configurable: Bool = true, set: @escaping @Sendable (inout Values, String) -> Void
    ) -> OptionSpec {
        OptionSpec(
            [name], placeholder: placeholder, kind: .text(what: what), completion: completion, help: help,
            example: example, configurable: configurable
        ) { values, value in
            if case .text(let t) = value { set(&values, t) }
        }
    }

    /// Text turned into a `T` by `convert` (a size, HOST:PORT, LAT,LON); a nil conversion is reported as
    /// "FLAG expects WHAT, got "TEXT"".
    static func value<T>(
        _ name: String, _ placeholder: String, what: String, completion: OptionCompletion = .none, example: String,
        help: String, configurable: Bool = true, convert: @escaping @Sendable (String) -> T?,
        set: @escaping @Sendable (inout Values, T) -> Void
    ) -> OptionSpec {
        OptionSpec(
            [name], placeholder: placeholder, kind: .text(what: what), completion: completion, help: help,
            example: example, configurable: configurable
        ) { values, value in
            guard case .text(let t) = value else { return }
            guard let v = convert(t) else { throw OptionValueRejected() }
            set(&values, v)
        }
    }
}
