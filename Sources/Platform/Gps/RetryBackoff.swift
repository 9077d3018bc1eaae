import Core

/// When to try again after a sensor source failed: doubling delays between a floor and a ceiling.
///
/// Pure value: the caller passes the current time, so tests step it without sleeping.
public struct RetryBackoff: Hashable, Sendable {
    /// The first delay after a failure, in seconds.
    public var initialSeconds: Double
    /// The longest delay, in seconds (a daemon that comes back is picked up within this).
    public var maximumSeconds: Double
    /// The delay the next failure will wait.
    public private(set) var currentSeconds: Double

    public init(initialSeconds: Double = 0.5, maximumSeconds: Double = 5) {
        self.initialSeconds = max(0.01, initialSeconds)
        self.maximumSeconds = max(self.initialSeconds, maximumSeconds)
        self.currentSeconds = self.initialSeconds
    }

    /// Records a failure at `now` and returns when to try next; each failure doubles the following delay.
    public mutating func nextAttempt(after now: Timestamp) -> Timestamp {
        let due = now.adding(seconds: currentSeconds)
        currentSeconds = min(maximumSeconds, currentSeconds * 2)
        return due
    }

    /// Forgets past failures after a success.
    public mutating func reset() { currentSeconds = initialSeconds }
}
