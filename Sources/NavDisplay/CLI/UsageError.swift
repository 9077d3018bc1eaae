/// A command line the program cannot act on. It is reported as one line and exit status 64 (EX_USAGE).
struct UsageError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }

    static let exitStatus: Int32 = 64
}

/// `--help` was asked for: print `text` and exit 0.
struct HelpRequest: Error {
    let text: String
}
