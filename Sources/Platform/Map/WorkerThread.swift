import Glibc

/// A POSIX mutex for state that threads share (what Foundation's `NSLock` wrapped).
///
/// The corresponding C functions are `pthread_mutex_lock` and `pthread_mutex_unlock`.
// Unchecked Sendable: the mutex is only touched through pthread calls, which are thread-safe.
final class ThreadLock: @unchecked Sendable {
    fileprivate let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A POSIX condition variable with its mutex (what Foundation's `NSCondition` wrapped).
///
/// The corresponding C functions are `pthread_cond_wait`, `pthread_cond_signal` and `pthread_cond_broadcast`.
// Unchecked Sendable: as for `ThreadLock`.
final class ThreadCondition: @unchecked Sendable {
    private let mutex = ThreadLock()
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    func lock() { mutex.lock() }

    func unlock() { mutex.unlock() }

    /// Waits for a signal; call it holding the lock, which it releases while waiting.
    func wait() { pthread_cond_wait(condition, mutex.mutex) }

    func signal() { pthread_cond_signal(condition) }

    func broadcast() { pthread_cond_broadcast(condition) }

    /// Runs `body` holding the lock.
    func locked<T>(_ body: () throws -> T) rethrows -> T { try mutex.locked(body) }
}

/// Starting detached worker threads (what Foundation's `Thread` did for the tile workers).
enum WorkerThread {
    private final class Start {
        let body: @Sendable () -> Void
        init(body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Starts a detached thread with a stack of `stackBytes`; false when the system refused one. The
    /// corresponding C function is `pthread_create`.
    @discardableResult
    static func start(stackBytes: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        pthread_attr_setstacksize(&attributes, max(stackBytes, Int(PTHREAD_STACK_MIN)))
        let context = Unmanaged.passRetained(Start(body: body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(
            &thread, &attributes,
            { raw in
                guard let raw else { return nil }
                let start = Unmanaged<Start>.fromOpaque(raw).takeRetainedValue()
                start.body()
                return nil
            }, context)
        if result != 0 {
            Unmanaged<Start>.fromOpaque(context).release()
            return false
        }
        return true
    }
}
