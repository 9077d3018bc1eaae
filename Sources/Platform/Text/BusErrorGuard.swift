import Glibc
import Synchronization

/// Keeps a read-only file mapping from crashing the process when its file shrinks: reading a mapped page past
/// the file's new end raises SIGBUS. The handler puts a page of zeros over the page that faulted, inside the
/// mappings registered here only, and notes which mapping it was; the read then gives zeros and the reader's
/// bounds checks (a font's tables) see a damaged file instead of the process dying. A fault anywhere else is
/// handed to the action that was there before (the default: the process ends with SIGBUS).
///
/// The X server keeps its mapped fonts and shared memory safe the same way (xserver's `os/busfault.c`).
enum BusErrorGuard {
    /// How many mappings can be guarded at once; a file mapped beyond that is read into memory instead. Every
    /// font file a shaper opens is one (FreeType and HarfBuzz read the guarded mapping), and a map with names in
    /// many scripts opens a font for each: 16 ran out while the tests shaped every script at once, and a font read
    /// into memory instead (Noto Sans CJK is 19 MiB) costs far more than a slot (24 bytes, looked through only
    /// when SIGBUS comes).
    static let capacity = 256

    /// One guarded mapping: its first byte and the byte after it (0 and 0 when the slot is free), and whether a
    /// page of it was replaced. Atomics, as the handler reads them without the lock.
    private struct Slot: ~Copyable {
        let start = Atomic<Int>(0)
        let end = Atomic<Int>(0)
        let faulted = Atomic<Bool>(false)
    }

    // Unsafe only to the compiler: the pointer never changes and what it points to is atomics.
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<Slot> = {
        let p = UnsafeMutablePointer<Slot>.allocate(capacity: capacity)
        for i in 0..<capacity { (p + i).initialize(to: Slot()) }
        return p
    }()
    /// The action that was installed before ours, for faults outside the guarded mappings.
    nonisolated(unsafe) private static var previous = sigaction()
    /// Whether the handler is installed, under the lock that registration takes.
    private static let registration = Registration()

    // A class around the mutex: a `static let` of the `Mutex` itself was unlocked from a copy of it
    // ("Call to unlock Mutex on a thread which hasn't acquired the lock").
    private final class Registration: Sendable {
        let installed = Mutex(false)
    }

    /// Guards `range` (a whole mapping); nil when every slot is taken or the handler cannot be installed.
    static func register(_ range: UnsafeRawBufferPointer) -> Int? {
        guard let base = range.baseAddress, range.count > 0 else { return nil }
        return registration.installed.withLock { installed -> Int? in
            if !installed {
                guard install() else { return nil }
                installed = true
            }
            for i in 0..<capacity where slots[i].end.load(ordering: .acquiring) == 0 {
                slots[i].faulted.store(false, ordering: .relaxed)
                slots[i].start.store(Int(bitPattern: base), ordering: .relaxed)
                slots[i].end.store(Int(bitPattern: base) + range.count, ordering: .releasing)
                return i
            }
            return nil
        }
    }

    /// Stops guarding the mapping in `slot` (before it is unmapped).
    static func unregister(_ slot: Int) {
        registration.installed.withLock { _ in
            slots[slot].end.store(0, ordering: .releasing)
            slots[slot].start.store(0, ordering: .relaxed)
        }
    }

    /// Whether a page of the mapping in `slot` was read past the end of its file and replaced by zeros.
    static func faulted(_ slot: Int) -> Bool { slots[slot].faulted.load(ordering: .acquiring) }

    /// Whether SIGBUS goes to this handler now.
    static var isInstalled: Bool {
        var current = sigaction()
        guard sigaction(SIGBUS, nil, &current) == 0 else { return false }
        return unsafeBitCast(current.__sigaction_handler.sa_sigaction, to: Int.self)
            == unsafeBitCast(busError, to: Int.self)
    }

    /// Installs the handler. The corresponding C function is `sigaction`.
    private static func install() -> Bool {
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = busError
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        sigemptyset(&action.sa_mask)
        return sigaction(SIGBUS, &action, &previous) == 0
    }

    /// The SIGBUS handler: a zero page over the faulting page of a guarded mapping; else the previous action,
    /// which the fault, raised again when the handler returns, then meets. Only async-signal-safe calls here.
    private static let busError:
        @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?)
            -> Void = { _, info, _ in
                let address = info.map { Int(bitPattern: $0.pointee._sifields._sigfault.si_addr) } ?? 0
                for i in 0..<capacity {
                    let end = slots[i].end.load(ordering: .acquiring)
                    guard address < end, address >= slots[i].start.load(ordering: .relaxed) else { continue }
                    let page = address & ~(Int(getpagesize()) - 1)
                    let zeros = mmap(
                        UnsafeMutableRawPointer(bitPattern: page), Int(getpagesize()), PROT_READ,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
                    if zeros != MAP_FAILED {
                        slots[i].faulted.store(true, ordering: .releasing)
                        return
                    }
                }
                _ = sigaction(SIGBUS, &previous, nil)
            }
}
