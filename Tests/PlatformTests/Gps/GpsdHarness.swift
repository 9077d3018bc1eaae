import Core
import Foundation
import Glibc

@testable import Platform

/// NMEA 0183 sentences for a receiver riding east through Helsinki (60.17 N, 24.94 E) at 10 knots.
enum HelsinkiNMEA {
    /// `$body*CS\r\n` with the XOR checksum a real receiver sends.
    static func sentence(_ body: String) -> String {
        let sum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
        let hex = String(sum, radix: 16, uppercase: true)
        return "$\(body)*\(hex.count == 1 ? "0" + hex : hex)\r\n"
    }

    /// One reporting cycle, `second` seconds after 10:30:00 UTC on 30 Nov 2026. Without `altitude` only RMC is sent,
    /// which gives gpsd a 2D fix with no altitude, vertical error or satellites.
    static func cycle(second: Int, altitude: Bool) -> String { cycle(seconds: Double(second), altitude: altitude) }

    /// One reporting cycle at a fractional time (a receiver reporting several times a second).
    static func cycle(seconds: Double, altitude: Bool) -> String {
        let centiseconds = Int((seconds * 100).rounded())
        let whole = centiseconds / 100
        let t = String(format: "10%02d%02d.%02d", 30 + whole / 60, whole % 60, centiseconds % 100)
        var text = sentence("GPRMC,\(t),A,6010.200,N,02456.400,E,010.0,090.0,301126,,,A")
        guard altitude else { return text }
        text += sentence("GPGGA,\(t),6010.200,N,02456.400,E,1,08,0.9,25.0,M,17.0,M,,")
        text += sentence("GPGSA,A,3,01,02,03,04,05,06,07,08,,,,,1.5,0.9,1.2")
        text += sentence("GPGSV,2,1,08,01,40,083,46,02,17,308,41,03,07,344,39,04,22,228,45")
        text += sentence("GPGSV,2,2,08,05,40,083,46,06,17,308,41,07,07,344,39,08,22,228,45")
        return text
    }
}

/// A pseudo-terminal standing in for a serial GPS: gpsd opens the slave, the test writes NMEA to the master.
final class PseudoTerminal {
    let master: Int32
    let slavePath: String

    init() throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0, let name = ttyname(slave) else {
            throw GpsdHarnessError("cannot create a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        self.master = master
        slavePath = String(cString: name)
        // gpsd opens the slave by name; the master alone keeps the terminal alive between gpsd runs.
        close(slave)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    deinit { close(master) }

    /// Writes NMEA (dropped when the buffer is full: a real receiver does not wait either) and drains the echo.
    func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = Glibc.write(master, &bytes, bytes.count)
        drain()
    }

    /// Everything read back from the terminal: the line discipline's echo and whatever gpsd wrote to the receiver.
    private(set) var received: [UInt8] = []

    /// Reads what came back (so the tty never stalls) and keeps it in `received`.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let n = Glibc.read(master, &buffer, buffer.count), n > 0 { received += buffer[0..<n] }
    }
}

/// A real gpsd process on a loopback port of its own, reading a pseudo-terminal.
final class GpsdDaemon {
    let port: Int
    let device: String
    private var process: Process?
    private let directory: URL

    init(device: String, port: Int) throws {
        self.device = device
        self.port = port
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gpsd-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    static var executable: String? {
        ["/usr/sbin/gpsd", "/usr/bin/gpsd", "/usr/local/sbin/gpsd"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Starts gpsd in the foreground (-N), polling the device without clients (-n), read-only (-b) unless
    /// `writable`, and waits up to `timeout` seconds until its port accepts connections.
    func start(timeout: Double = 10, writable: Bool = false) throws {
        guard let executable = Self.executable else {
            throw GpsdHarnessError("gpsd is not installed: run scripts/install-deps (apt package gpsd)")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        // A fresh control socket per start: a dead gpsd may leave its old one behind.
        let control = directory.appendingPathComponent("control-\(UUID().uuidString.prefix(8))").path
        p.arguments = ["-N", "-n"] + (writable ? [] : ["-b"]) + ["-S", String(port), "-F", control, device]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        process = p
        let deadline = MonotonicClock.now().adding(seconds: timeout)
        while MonotonicClock.now() < deadline {
            if !p.isRunning { throw GpsdHarnessError("gpsd exited at start with status \(p.terminationStatus)") }
            if loopbackAccepts(port: port) { return }
            usleep(50_000)
        }
        stop()
        throw GpsdHarnessError("gpsd did not listen on port \(port) within \(timeout) s")
    }

    /// Kills the gpsd this object started (SIGTERM, then SIGKILL after two seconds) and waits for it.
    func stop() {
        guard let p = process else { return }
        process = nil
        guard p.isRunning else { return }
        p.terminate()
        let deadline = MonotonicClock.now().adding(seconds: 2)
        while p.isRunning && MonotonicClock.now() < deadline { usleep(20_000) }
        if p.isRunning { kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
    }
}

struct GpsdHarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A loopback TCP port nobody listens on right now.
func unusedLoopbackPort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw GpsdHarnessError("socket: \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
        }
    }
    guard bound else { throw GpsdHarnessError("bind: \(String(cString: strerror(errno)))") }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Whether something accepts TCP connections on 127.0.0.1:`port`.
func loopbackAccepts(port: Int) -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
    }
}

/// Runs the adapter the way the event loop does (poll on its descriptor, a timer for retries) while feeding NMEA,
/// until `done` holds for the events so far or `timeout` seconds pass. Never blocks longer than 100 ms at a time.
func pumpGpsd(
    _ source: GpsdSource, feeding terminal: PseudoTerminal?, from second: inout Int, altitude: Bool = true,
    sentences: ((Int) -> String)? = nil, timeout: Double, until done: ([SensorEvent]) -> Bool
) -> [SensorEvent] {
    var events: [SensorEvent] = []
    let deadline = MonotonicClock.now().adding(seconds: timeout)
    var lastFeed = MonotonicClock.now().adding(seconds: -1)
    while MonotonicClock.now() < deadline {
        let now = MonotonicClock.now()
        if let terminal, now.seconds(since: lastFeed) >= 0.2 {
            terminal.write(sentences?(second) ?? HelsinkiNMEA.cycle(second: second, altitude: altitude))
            second += 1
            lastFeed = now
        }
        events += source.poll(now: MonotonicClock.now())
        if let fd = source.fileDescriptor {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if Glibc.poll(&entry, 1, 100) > 0 { events += source.readAvailable(now: MonotonicClock.now()) }
        } else {
            usleep(50_000)
        }
        terminal?.drain()
        if done(events) { break }
    }
    return events
}

extension SensorEvent {
    var fixValue: GPSFix? { if case .gpsFix(let f) = self { return f } else { return nil } }
    var skyValue: GPSSky? { if case .gpsSky(let s) = self { return s } else { return nil } }
    var statusValue: SourceStatus? { if case .sourceStatus(_, let s) = self { return s } else { return nil } }
}
