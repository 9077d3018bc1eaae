import Core
import Glibc

/// One thread, one epoll: every source of work (frame timer, DRM fd, gpsd socket, IIO poll fd or sample timer,
/// signals) is a file descriptor with a handler. Nothing is locked; handlers run one at a time on the loop's thread.
///
/// Only `Session` builds one (the `SessionLoop` on the system clock). Everything the loop creates (timers, the
/// one-shot timer, the signal descriptor) it closes when it goes away, so a loop never leaks a descriptor.
public final class EventLoop: SessionLoop {
    private let epoll: Int32
    private var handlers: [Int32: () throws -> Void] = [:]
    private var timers: [PeriodicTimer] = []
    private var signals: SignalWatcher?
    /// One timerfd for every `schedule(at:)` wake-up, armed at the earliest.
    private let oneShot: OneShotTimer
    /// Set by `stop()`; the loop returns after the current round of ready descriptors.
    public private(set) var isStopped = false

    init() throws {
        epoll = try system_epollCreate()
        oneShot = try OneShotTimer()
        try watch(oneShot.fileDescriptor) { [unowned self] in
            for due in try self.oneShot.takeDue(now: self.now) { try due(self.now) }
        }
    }
    // The timers and the signal descriptor close themselves as the loop lets go of them.
    deinit { system_close(epoll) }

    public var now: Timestamp { MonotonicClock.now() }

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

    public func addTimer(periodSeconds: Double, handler: @escaping (Timestamp) throws -> Void) throws -> any LoopTimer {
        let timer = try PeriodicTimer(periodSeconds: periodSeconds)
        timers.append(timer)
        try watch(timer.fileDescriptor) { [unowned self] in
            guard timer.acknowledge() else { return }
            try handler(self.now)
        }
        return timer
    }

    public func schedule(at time: Timestamp, handler: @escaping (Timestamp) throws -> Void) throws {
        try oneShot.add(at: time, handler)
    }

    public func onSignal(_ handler: @escaping (Int32) throws -> Void) throws {
        // SIGUSR1 and SIGUSR2: the VT's release and acquire signals (ConsoleSwitching).
        let watcher = try SignalWatcher(signals: [SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2])
        signals = watcher
        try watch(watcher.fileDescriptor) {
            for s in watcher.pending() { try handler(s) }
        }
    }

    public func stop() { isStopped = true }

    /// Runs until `stop()`; a handler's error stops the loop and is rethrown. A stop takes effect once the
    /// current round of ready descriptors is handled, so what arrived together is handled together (the
    /// gyroscope's reading beside the magnetometer's last one for `sensors --samples N`).
    public func run() throws {
        while !isStopped {
            for fd in try system_epollWait(epoll, maxEvents: 16, timeoutMilliseconds: -1) {
                try handlers[fd]?()
            }
        }
    }
}

/// A periodic timer on absolute CLOCK_MONOTONIC deadlines: a late wake-up never shifts later ticks, and ticks
/// missed while a frame ran long are counted and skipped, never delivered in a bunch.
final class PeriodicTimer: LoopTimer {
    let fileDescriptor: Int32
    private(set) var periodNanoseconds: Int64
    /// Ticks that passed without being served (the loop was busy).
    private(set) var missedTicks: UInt64 = 0
    private var isPaused = false

    init(periodSeconds: Double) throws {
        fileDescriptor = try system_timerCreate()
        periodNanoseconds = PeriodicTimer.nanoseconds(periodSeconds)
        try arm()
    }
    deinit { system_close(fileDescriptor) }

    /// At least a millisecond; a period too large for the clock is a day.
    static func nanoseconds(_ seconds: Double) -> Int64 {
        max(1_000_000, Int64(checkedRounding: seconds * 1e9).map { min($0, 86_400_000_000_000) } ?? 86_400_000_000_000)
    }

    /// Changes the period (e.g. a low rate while parked); the next tick comes one new period from now.
    func setPeriod(seconds: Double) throws {
        let p = PeriodicTimer.nanoseconds(seconds)
        guard p != periodNanoseconds || isPaused else { return }
        periodNanoseconds = p
        isPaused = false
        try arm()
    }

    /// Disarms the timerfd (a first expiry of 0), which also clears expirations not yet read.
    func pause() throws {
        guard !isPaused else { return }
        isPaused = true
        try system_timerArm(fileDescriptor, firstNanoseconds: 0, periodNanoseconds: 0)
    }

    private func arm() throws {
        try system_timerArm(
            fileDescriptor, firstNanoseconds: MonotonicClock.now().nanoseconds + periodNanoseconds,
            periodNanoseconds: periodNanoseconds)
    }

    /// Reads the expiration count: true when at least one tick is due. Extra expirations count as missed.
    func acknowledge() -> Bool {
        let n = system_timerExpirations(fileDescriptor)
        if n > 1 { missedTicks += n - 1 }
        return n > 0
    }
}

/// Wake-ups at absolute monotonic times, on one timerfd armed at the earliest one.
final class OneShotTimer {
    let fileDescriptor: Int32
    private var pending: [(time: Timestamp, handler: (Timestamp) throws -> Void)] = []

    init() throws { fileDescriptor = try system_timerCreate() }
    deinit { system_close(fileDescriptor) }

    func add(at time: Timestamp, _ handler: @escaping (Timestamp) throws -> Void) throws {
        pending.append((time, handler))
        pending.sort { $0.time < $1.time }
        try arm()
    }

    /// The handlers whose time has come, earliest first; re-arms for the rest.
    func takeDue(now: Timestamp) throws -> [(Timestamp) throws -> Void] {
        _ = system_timerExpirations(fileDescriptor)
        let split = pending.firstIndex { $0.time > now } ?? pending.count
        let due = pending[..<split].map(\.handler)
        pending.removeFirst(split)
        try arm()
        return due
    }

    private func arm() throws {
        // 0 disarms the timerfd; a time already past fires at once (1 ns is the earliest absolute deadline).
        let first = pending.first.map { max(1, $0.time.nanoseconds) } ?? 0
        try system_timerArm(fileDescriptor, firstNanoseconds: first, periodNanoseconds: 0)
    }
}

/// SIGINT, SIGTERM and SIGHUP as a readable descriptor, so signals are handled in the loop like any other event.
final class SignalWatcher {
    let fileDescriptor: Int32

    init(signals: [Int32]) throws { fileDescriptor = try system_signalDescriptor(signals) }
    deinit { system_close(fileDescriptor) }

    /// The signals that arrived since the last call.
    func pending() -> [Int32] {
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
    /// How many file descriptors the process has open (for the leak tests and `--stats`).
    public static func openDescriptorCount() -> Int { system_openDescriptorCount() }
}
