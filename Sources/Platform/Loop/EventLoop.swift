/// One thread, one epoll: every source of work (frame timer, DRM fd, gpsd socket, IIO poll fd or sample timer,
/// signals) is a file descriptor with a handler. Nothing is locked; handlers run one at a time on the loop's thread.
public final class EventLoop {
    private let epoll: Int32
    private var handlers: [Int32: () throws -> Void] = [:]
    /// Set by `stop()`; the loop returns after the current round of handlers.
    public private(set) var isStopped = false

    public init() throws { epoll = try system_epollCreate() }
    deinit { system_close(epoll) }

    /// Calls `handler` whenever `fd` is readable.
    public func watch(_ fd: Int32, handler: @escaping () throws -> Void) throws {
        if handlers[fd] != nil { system_epollRemove(epoll, fd) }
        try system_epollAdd(epoll, fd)
        handlers[fd] = handler
    }

    /// Stops watching `fd` (before it is closed, or when its source is lost).
    public func unwatch(_ fd: Int32) {
        guard handlers.removeValue(forKey: fd) != nil else { return }
        system_epollRemove(epoll, fd)
    }

    public func stop() { isStopped = true }

    /// Runs until `stop()`; a handler's error stops the loop and is rethrown.
    public func run() throws {
        while !isStopped {
            for fd in try system_epollWait(epoll, maxEvents: 16, timeoutMilliseconds: -1) {
                try handlers[fd]?()
                if isStopped { break }
            }
        }
    }
}

/// A periodic timer on absolute CLOCK_MONOTONIC deadlines: a late wake-up never shifts later ticks, and ticks
/// missed while a frame ran long are counted and skipped, never delivered in a bunch.
public final class PeriodicTimer {
    public let fileDescriptor: Int32
    public private(set) var periodNanoseconds: Int64
    /// Ticks that passed without being served (the loop was busy).
    public private(set) var missedTicks: UInt64 = 0

    public init(periodSeconds: Double) throws {
        fileDescriptor = try system_timerCreate()
        periodNanoseconds = max(1_000_000, Int64(periodSeconds * 1e9))
        try arm()
    }
    deinit { system_close(fileDescriptor) }

    /// Changes the period (e.g. a low rate while parked); the next tick comes one new period from now.
    public func setPeriod(seconds: Double) throws {
        let p = max(1_000_000, Int64(seconds * 1e9))
        guard p != periodNanoseconds else { return }
        periodNanoseconds = p
        try arm()
    }

    private func arm() throws {
        try system_timerArm(
            fileDescriptor, firstNanoseconds: MonotonicClock.now().nanoseconds + periodNanoseconds,
            periodNanoseconds: periodNanoseconds)
    }

    /// Reads the expiration count: true when at least one tick is due. Extra expirations count as missed.
    public func acknowledge() -> Bool {
        let n = system_timerExpirations(fileDescriptor)
        if n > 1 { missedTicks += n - 1 }
        return n > 0
    }
}

/// SIGINT, SIGTERM and SIGHUP as a readable descriptor, so signals are handled in the loop like any other event.
public final class SignalWatcher {
    public let fileDescriptor: Int32

    public init(signals: [Int32]) throws { fileDescriptor = try system_signalDescriptor(signals) }
    deinit { system_close(fileDescriptor) }

    /// The signals that arrived since the last call.
    public func pending() -> [Int32] {
        var out: [Int32] = []
        while let s = system_readSignal(fileDescriptor) { out.append(s) }
        return out
    }
}

/// Process clocks and resource use, for `--stats` and for stamping live samples.
public enum ProcessClock {
    /// CLOCK_MONOTONIC now, in nanoseconds (the clock `MonotonicClock` stamps samples with).
    public static func now() -> Int64 { MonotonicClock.now().nanoseconds }
    /// CPU time used by this process so far.
    public static func cpuNanoseconds() -> Int64 { system_cpuNanoseconds() }
    /// Resident memory in bytes.
    public static func residentBytes() -> Int { system_residentBytes() }
}
