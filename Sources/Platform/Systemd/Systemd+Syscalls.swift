import Glibc

// Every call into the socket API for systemd's notification protocol lives in this file. All of them return -1
// and set errno on failure.

/// A connectionless Unix socket for sending datagrams, closed on exec so a child never inherits it.
/// The corresponding C function is `socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0)`.
func system_datagramSocket() throws -> Int32 {
    try retryingEINTR("socket(AF_UNIX, SOCK_DGRAM)") {
        socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    }
}

/// Sends one datagram to the Unix socket at `address` (its `sun_path` bytes: a leading NUL for an abstract
/// socket). The corresponding C function is `sendto`.
func system_sendDatagram(_ fd: Int32, _ payload: [UInt8], to address: [UInt8]) throws {
    var peer = sockaddr_un()
    peer.sun_family = sa_family_t(AF_UNIX)
    let capacity = MemoryLayout.size(ofValue: peer.sun_path)
    guard address.count <= capacity else {
        throw SystemCallError(call: "sendto (address of \(address.count) bytes)", errno: ENAMETOOLONG)
    }
    withUnsafeMutableBytes(of: &peer.sun_path) { raw in
        raw.copyBytes(from: address)
    }
    // The address length counts the path's bytes exactly: an abstract name is not NUL-terminated.
    let length = socklen_t(MemoryLayout<sa_family_t>.size + address.count)
    try retryingEINTR("sendto(NOTIFY_SOCKET)") {
        let sent = payload.withUnsafeBytes { bytes in
            withUnsafePointer(to: &peer) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                    sendto(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL), address, length)
                }
            }
        }
        return sent < 0 ? -1 : 0
    }
}

/// The corresponding C function is `close`.
func system_closeSocket(_ fd: Int32) {
    _ = close(fd)
}

/// This process's id. The corresponding C function is `getpid`.
func system_processID() -> Int32 {
    getpid()
}

/// The device and inode numbers of what `fd` is open on, or nil when it is not open.
/// The corresponding C function is `fstat`.
func system_fileIdentity(_ fd: Int32) -> (device: UInt64, inode: UInt64)? {
    var info = stat()
    guard fstat(fd, &info) == 0 else { return nil }
    return (UInt64(info.st_dev), UInt64(info.st_ino))
}
