import CLinux
import Glibc

// Every call into epoll, timerfd, signalfd and the process clocks lives in this file. All of them return -1 and
// set errno on failure; `retryingEINTR` (Errno.swift) repeats a call a signal interrupted.

/// The corresponding C function is `epoll_create1`.
func system_epollCreate() throws -> Int32 {
    try retryingEINTR("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) }
}

/// Watches `fd` for readability. The corresponding C function is `epoll_ctl` (EPOLL_CTL_ADD).
func system_epollAdd(_ epoll: Int32, _ fd: Int32) throws {
    var event = epoll_event()
    event.events = EPOLLIN.rawValue
    event.data.fd = fd
    try retryingEINTR("epoll_ctl(ADD)") { epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event) }
}

/// The corresponding C function is `epoll_ctl` (EPOLL_CTL_DEL).
func system_epollRemove(_ epoll: Int32, _ fd: Int32) {
    var event = epoll_event()
    _ = epoll_ctl(epoll, EPOLL_CTL_DEL, fd, &event)
}

/// Waits up to `timeoutMilliseconds` (-1: forever) and returns the ready descriptors.
/// The corresponding C function is `epoll_wait`.
func system_epollWait(_ epoll: Int32, maxEvents: Int, timeoutMilliseconds: Int32) throws -> [Int32] {
    var events = [epoll_event](repeating: epoll_event(), count: maxEvents)
    let n = try retryingEINTR("epoll_wait") { epoll_wait(epoll, &events, Int32(maxEvents), timeoutMilliseconds) }
    return events.prefix(Int(n)).map { $0.data.fd }
}

/// A non-blocking CLOCK_MONOTONIC timer descriptor. The corresponding C function is `timerfd_create`.
func system_timerCreate() throws -> Int32 {
    try retryingEINTR("timerfd_create") { timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC | TFD_NONBLOCK)) }
}

/// Arms the timer at the absolute monotonic time `first`, repeating every `period` nanoseconds.
/// The corresponding C function is `timerfd_settime` with TFD_TIMER_ABSTIME.
func system_timerArm(_ fd: Int32, firstNanoseconds first: Int64, periodNanoseconds period: Int64) throws {
    var spec = itimerspec(
        it_interval: timespec(tv_sec: Int(period / 1_000_000_000), tv_nsec: Int(period % 1_000_000_000)),
        it_value: timespec(tv_sec: Int(first / 1_000_000_000), tv_nsec: Int(first % 1_000_000_000)))
    try retryingEINTR("timerfd_settime") { timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME), &spec, nil) }
}

/// How many periods elapsed since the last read (0 when none: the read would block).
/// The corresponding C function is `read` on a timerfd.
func system_timerExpirations(_ fd: Int32) -> UInt64 {
    var count: UInt64 = 0
    let n = read(fd, &count, 8)
    return n == 8 ? count : 0
}

/// Blocks `signals` for normal delivery and returns a descriptor that reads them instead.
/// The corresponding C functions are `sigprocmask` and `signalfd`.
func system_signalDescriptor(_ signals: [Int32]) throws -> Int32 {
    var mask = sigset_t()
    sigemptyset(&mask)
    for s in signals { sigaddset(&mask, s) }
    try retryingEINTR("sigprocmask") { sigprocmask(SIG_BLOCK, &mask, nil) }
    return try retryingEINTR("signalfd") { signalfd(-1, &mask, Int32(SFD_CLOEXEC | SFD_NONBLOCK)) }
}

/// The next pending signal number on a signalfd, nil when none is pending.
func system_readSignal(_ fd: Int32) -> Int32? {
    var info = signalfd_siginfo()
    let n = read(fd, &info, MemoryLayout<signalfd_siginfo>.size)
    return n == MemoryLayout<signalfd_siginfo>.size ? Int32(info.ssi_signo) : nil
}

/// User plus system CPU time this process has used, in nanoseconds. The corresponding C function is `getrusage`.
func system_cpuNanoseconds() -> Int64 {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func ns(_ t: timeval) -> Int64 { Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_usec) * 1000 }
    return ns(usage.ru_utime) + ns(usage.ru_stime)
}

/// Resident set size in bytes, from /proc/self/statm.
func system_residentBytes() -> Int {
    guard let f = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(f) }
    var size = 0
    var resident = 0
    guard
        withUnsafeMutablePointer(
            to: &size,
            { s in
                withUnsafeMutablePointer(to: &resident) { r in
                    withVaList([s, r]) { vfscanf(f, "%ld %ld", $0) }
                }
            }) == 2
    else { return 0 }
    return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
}

func system_close(_ fd: Int32) { _ = close(fd) }

/// The number of entries in /proc/self/fd (this process's open descriptors, less the one reading it).
/// The corresponding C functions are `opendir` and `readdir`.
func system_openDescriptorCount() -> Int {
    guard let dir = opendir("/proc/self/fd") else { return 0 }
    defer { closedir(dir) }
    var count = 0
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) {
            String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        if name != "." && name != ".." { count += 1 }
    }
    // The directory stream's own descriptor is among them.
    return count - 1
}
