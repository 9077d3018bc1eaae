/// The priority of one log line, as syslog(3) numbers it. Under systemd with `SyslogLevelPrefix=yes` (the
/// default), a line written to stdout or stderr that starts with `<N>` is stored at priority N in the journal, so
/// `journalctl -p warning` finds it.
public enum SyslogPriority: Int, Sendable, Comparable, CaseIterable {
    case emergency = 0
    case alert = 1
    case critical = 2
    case error = 3
    case warning = 4
    case notice = 5
    case info = 6
    case debug = 7

    /// `<N>` for this priority.
    public var prefix: String { "<\(rawValue)>" }

    /// Each line of `text` with this priority's prefix (a multi-line message keeps its priority on every line).
    public func prefixing(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { prefix + $0 }
            .joined(separator: "\n")
    }

    public static func < (a: SyslogPriority, b: SyslogPriority) -> Bool { a.rawValue < b.rawValue }
}
