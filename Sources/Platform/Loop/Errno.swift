import Glibc

// The one error type for a failed system call and the one EINTR-retry helper, for every `+Syscalls.swift` file.
// POSIX calls return a negative value (-1) and set errno on failure; a signal that arrives during a blocking call
// makes it fail with EINTR, which only means "call again".

/// A failed system call: which one, and errno's text ("epoll_wait failed: Bad file descriptor").
///
/// Types that only carry a call and an errno use this one. A domain error type stays where it says more than
/// that (which file and what to do about it, or a message a user reads in a set form).
public struct SystemCallError: Error, CustomStringConvertible {
    /// The call and what it was called on ("VT_RELDISP 1 on /dev/tty0").
    public let call: String
    public let errno: Int32
    public var description: String { "\(call) failed: \(errnoText(errno))" }
}

/// errno's text ("No such file or directory"), for the error types that name a file as well as the failure. Read
/// it straight after the failing call: building other text first may change errno.
func errnoText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

/// Runs `body` again while it fails with EINTR and returns its last result: nonnegative on success, negative on
/// any other failure, with errno left as that failure set it. For callers that handle the raw result themselves
/// (EAGAIN on a non-blocking descriptor, ENOENT, a short write).
func retryingEINTR<Result: SignedInteger>(_ body: () -> Result) -> Result {
    while true {
        let r = body()
        if r >= 0 || errno != EINTR { return r }
    }
}

/// Runs `body` again while it fails with EINTR; returns its nonnegative result, or throws `SystemCallError`
/// naming `call` for any other failure.
@discardableResult
func retryingEINTR<Result: SignedInteger>(_ call: @autoclosure () -> String, _ body: () -> Result) throws -> Result {
    let r = retryingEINTR(body)
    guard r >= 0 else {
        let code = errno  // read before `call()` builds its text, which may set errno again
        throw SystemCallError(call: call(), errno: code)
    }
    return r
}
