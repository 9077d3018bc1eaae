import Synchronization

/// A mutual-exclusion lock around state that tile workers share with the frame loop: the standard library's
/// `Mutex` over nothing, so the classes that use it keep their fields as plain stored properties.
final class Lock: Sendable {
    private let mutex = Mutex(())

    /// Runs `body` holding the lock.
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        try mutex.withLock { _ in try body() }
    }
}
