/// Tells systemd how the service is doing over the notification socket: ready once the first frame is on the
/// screen, a watchdog ping from the loop's own tick, and a line of status for `systemctl status`.
///
/// This is the documented datagram protocol (sd_notify(3)): newline-separated `KEY=VALUE` assignments sent as one
/// datagram to the Unix socket named by `$NOTIFY_SOCKET`, a path or, with a leading `@`, an abstract name. No
/// libsystemd is needed. Without `$NOTIFY_SOCKET` (not started by systemd, or `Type=simple`) there is no notifier,
/// and callers skip the calls.
public final class SystemdNotifier {
    /// The socket's address as `sun_path` bytes (a leading NUL for an abstract socket).
    private let address: [UInt8]
    private let fd: Int32

    /// How often systemd expects `WATCHDOG=1`, when the unit has `WatchdogSec=` and the watchdog is meant for
    /// this process; nil otherwise. Ping at half this interval, as sd_watchdog_enabled(3) advises.
    public let watchdogInterval: Duration?

    /// The notifier systemd asked for through the environment, or nil when `$NOTIFY_SOCKET` is not set.
    /// - Throws: `SystemdNotifierError` when the variable is set but is not a usable socket name, or
    ///   `SystemCallError` when no socket can be made.
    public convenience init?(environment: [String: String]) throws {
        guard let socketName = environment["NOTIFY_SOCKET"], !socketName.isEmpty else { return nil }
        let watchdog = try Self.watchdogInterval(
            microseconds: environment["WATCHDOG_USEC"], forProcess: environment["WATCHDOG_PID"],
            thisProcess: system_processID())
        try self.init(socketName: socketName, watchdogInterval: watchdog)
    }

    /// A notifier that sends to `socketName` (`/path` or `@abstract`).
    public init(socketName: String, watchdogInterval: Duration? = nil) throws {
        address = try Self.address(of: socketName)
        self.watchdogInterval = watchdogInterval
        fd = try system_datagramSocket()
    }

    deinit { system_closeSocket(fd) }

    /// `READY=1`: start-up is finished (for `Type=notify`, the unit becomes active only now).
    public func ready(status: String? = nil) throws {
        try send(["READY=1"] + (status.map { ["STATUS=" + Self.oneLine($0)] } ?? []))
    }

    /// `WATCHDOG=1`: the loop is alive. Send it from the loop's own tick, so a stuck loop stops pinging.
    public func watchdog() throws {
        try send(["WATCHDOG=1"])
    }

    /// `STATUS=…`: one line shown by `systemctl status`.
    public func status(_ text: String) throws {
        try send(["STATUS=" + Self.oneLine(text)])
    }

    /// `STOPPING=1`: the service is shutting down on purpose.
    public func stopping() throws {
        try send(["STOPPING=1"])
    }

    /// Sends the assignments as one datagram.
    public func send(_ assignments: [String]) throws {
        try system_sendDatagram(fd, Array(assignments.joined(separator: "\n").utf8), to: address)
    }

    /// The socket name as `sun_path` bytes: `/run/systemd/notify` as it is, `@name` as a NUL and `name`.
    static func address(of socketName: String) throws -> [UInt8] {
        if socketName.hasPrefix("/") { return Array(socketName.utf8) }
        if socketName.hasPrefix("@") { return [0] + Array(socketName.utf8.dropFirst()) }
        throw SystemdNotifierError.unsupportedSocket(socketName)
    }

    /// The watchdog interval from `$WATCHDOG_USEC`, or nil when it is absent or meant for another process
    /// (`$WATCHDOG_PID` names a different pid, as after a fork).
    static func watchdogInterval(microseconds: String?, forProcess pid: String?, thisProcess: Int32) throws
        -> Duration?
    {
        guard let microseconds else { return nil }
        if let pid, Int32(pid) != thisProcess { return nil }
        guard let value = Int64(microseconds), value > 0 else {
            throw SystemdNotifierError.badWatchdogInterval(microseconds)
        }
        return .microseconds(value)
    }

    /// A status line cannot carry a newline: it would start a new assignment.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}

/// `$NOTIFY_SOCKET` or `$WATCHDOG_USEC` holds something the protocol does not allow.
public enum SystemdNotifierError: Error, Equatable, CustomStringConvertible {
    case unsupportedSocket(String)
    case badWatchdogInterval(String)

    public var description: String {
        switch self {
        case .unsupportedSocket(let name):
            "NOTIFY_SOCKET=\(name) is neither a path (/…) nor an abstract socket (@…); readiness is not reported"
        case .badWatchdogInterval(let value):
            "WATCHDOG_USEC=\(value) is not a positive number of microseconds; the watchdog is not pinged"
        }
    }
}
