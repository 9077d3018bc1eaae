/// Whether a standard stream goes straight to the systemd journal, so its lines may carry `<N>` priority
/// prefixes (`SyslogPriority`). systemd sets `$JOURNAL_STREAM` to `DEVICE:INODE` of the stream it connects
/// (systemd.exec(5)); comparing that with the descriptor itself tells a journal stream from a redirect made later
/// (`navdisplay run > file` in a unit's shell), where prefixes would only be noise.
public enum JournalStream {
    /// True when `fd` (2 for stderr, 1 for stdout) is the stream `$JOURNAL_STREAM` names.
    public static func isConnected(_ fd: Int32, environment: [String: String]) -> Bool {
        guard let named = environment["JOURNAL_STREAM"].flatMap(identity(of:)),
            let actual = system_fileIdentity(fd)
        else { return false }
        return named.device == actual.device && named.inode == actual.inode
    }

    /// `DEVICE:INODE` (decimal) as numbers, or nil when it is not of that form.
    static func identity(of value: String) -> (device: UInt64, inode: UInt64)? {
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return nil }
        return (device, inode)
    }
}
