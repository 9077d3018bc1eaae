import Platform

/// True when stdout goes straight to the journal (systemd's `$JOURNAL_STREAM` names it): only then do log lines
/// carry `<N>` priority prefixes, which a terminal or a file would show as noise.
private let standardOutputIsJournal = JournalStream.isConnected(
    1, environment: Environment.value("JOURNAL_STREAM").map { ["JOURNAL_STREAM": $0] } ?? [:])

/// Like `say`, at a syslog priority (`journalctl -p warning` finds warnings and worse).
func say(_ line: String, priority: SyslogPriority) {
    say(standardOutputIsJournal ? priority.prefixing(line) : line)
}
