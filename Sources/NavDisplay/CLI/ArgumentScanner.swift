/// Walks a subcommand's arguments: flags as `--name value` or `--name=value`, and positional values; what a flag
/// means is `OptionParser`'s business.
struct ArgumentScanner {
    let command: String
    private var arguments: ArraySlice<String>
    /// The value glued to the current flag with `=`, if any.
    private var inlineValue: String?

    init(command: String, arguments: [String]) {
        self.command = command
        self.arguments = arguments[...]
    }

    /// The next argument: a flag (its `=value` part held back for `value(for:)`) or a positional value.
    /// Nil at the end.
    mutating func next() throws -> Argument? {
        if let pending = inlineValue {
            throw UsageError("navdisplay \(command): unexpected value \"\(pending)\"")
        }
        guard let arg = arguments.popFirst() else { return nil }
        if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
            inlineValue = String(arg[arg.index(after: eq)...])
            return .flag(String(arg[..<eq]))
        }
        if arg.hasPrefix("-") && arg.count > 1 && Double(arg) == nil { return .flag(arg) }
        return .positional(arg)
    }

    /// The value of `flag`, from `--flag=value` or the next argument.
    mutating func value(for flag: String, expecting what: String) throws -> String {
        if let v = inlineValue {
            inlineValue = nil
            return v
        }
        // A following "--flag" is the next option, not this one's value (use --flag=--odd-value for that).
        guard let v = arguments.first, !v.hasPrefix("--") else {
            throw UsageError("navdisplay \(command): \(flag) expects \(what), got nothing")
        }
        arguments.removeFirst()
        return v
    }

    /// A usage error for a flag this command does not know.
    func unknown(_ flag: String) -> UsageError {
        UsageError("navdisplay \(command): unknown option \(flag) (see navdisplay \(command) --help)")
    }

    func unexpected(_ value: String) -> UsageError {
        UsageError("navdisplay \(command): unexpected argument \"\(value)\" (see navdisplay \(command) --help)")
    }
}

enum Argument: Equatable {
    case flag(String)
    case positional(String)
}

/// Parses "WxH" such as "800x480".
func parseSize(_ text: String) -> (width: Int, height: Int)? {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (16...8192).contains(w),
        (16...8192).contains(h)
    else { return nil }
    return (w, h)
}

/// Parses gpsd's address "HOST:PORT" such as "localhost:2947" (the last colon splits, so "::1:2947" works too).
func parseHostPort(_ text: String) -> (host: String, port: String)? {
    guard let colon = text.lastIndex(of: ":"), colon != text.startIndex,
        let port = Int(text[text.index(after: colon)...]), (1...65535).contains(port)
    else { return nil }
    return (String(text[..<colon]), String(port))
}
