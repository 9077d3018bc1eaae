import Core
import Foundation
import Glibc
import Platform
import Testing

/// Something that is not gpsd answers on the gpsd port (issue 16, class 7): a real TCP server in the test sends
/// the lines that make Debian's libgps 3.22 spin in `gps_unpack` for over a minute (Fuzz/Known/libgps-json),
/// then a good TPV. `run`'s session must go on, keep the connection and show the fix.
@Suite("A rogue process on the gpsd port")
struct RogueGpsdTests {
    typealias F = SessionFixtures

    static let known = NavDisplayBinary.repositoryRoot.appendingPathComponent("Fuzz/Known/libgps-json")

    @Test("Lines that hang libgps are skipped; the good TPV after them reaches the display")
    func linesThatHangLibgpsAreSkipped() throws {
        let hangs = try FileManager.default.contentsOfDirectory(atPath: Self.known.path).sorted()
        try #require(hangs.count >= 3, "the libgps hangs in \(Self.known.path)")
        let server = try LoopbackServer()
        defer { server.close() }

        let loop = ManualLoop(start: F.at(0))
        let gps = GpsdSource(host: "127.0.0.1", port: String(server.port))
        let display = MemoryDisplay(width: 320, height: 192)
        let sink = DisplaySink(
            display: display, movingFPS: 10, parkedFPS: 2, clock: { loop.now }, makePipeline: try F.pipeline())
        var configuration = SessionConfiguration(clock: .manual(loop), sources: [gps], sinks: [sink])
        var notes: [String] = []
        configuration.note = { notes.append("\($0): \($1)") }
        let session = try Session(configuration)
        try session.start()
        let socket = try #require(gps.fileDescriptor, "connected to the test's server")

        let client = try server.accept()
        defer { Glibc.close(client) }
        var lines = [#"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#]
        for name in hangs {
            var bytes = try Data(contentsOf: Self.known.appendingPathComponent(name))
            // Each is one line as the fuzzer kept it; a line ends with its newline on the socket.
            while bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
            try server.send(Array(bytes) + [UInt8(ascii: "\n")], to: client)
        }
        lines.append(
            #"{"class":"TPV","device":"/dev/ttyS1","mode":3,"time":"2026-12-01T12:00:00.000Z","#
                + #""lat":60.1699,"lon":24.9384,"altMSL":12.0,"speed":5.0,"track":90.0,"eph":4.0}"#)
        for line in lines { try server.send(Array((line + "\n").utf8), to: client) }

        // Wait for the socket to be readable (an event, not a sleep), then let the loop deliver it.
        var fixes: [GPSFix] = []
        for _ in 0..<50 where sink.pipeline.state.position == nil {
            var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard Glibc.poll(&entry, 1, 1000) > 0 else { continue }
            try loop.makeReadable(socket)
            if let fix = gps.lastFix { fixes.append(fix) }
        }
        try loop.advance(by: 1)

        let position = try #require(sink.pipeline.state.position, "the TPV after the bad lines reached the pipeline")
        #expect(abs(position.latitude - 60.1699) < 1e-6 && abs(position.longitude - 24.9384) < 1e-6)
        #expect(display.presentedCount >= 1)
        #expect(gps.isAvailable == true, "the connection was kept")
        #expect(gps.fileDescriptor == socket)
        #expect(gps.release == "3.22", "the well-formed line before them was read")
        #expect(session.stop == nil)
        #expect(notes.contains { $0.contains("not a well-formed gpsd report") }, "\(notes)")
        try session.end()
    }
}

/// A TCP listener on 127.0.0.1 at a port the kernel picks: the far end of the gpsd socket.
final class LoopbackServer {
    let fd: Int32
    let port: Int

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw LoopbackServerError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 4) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard ready else {
            Glibc.close(fd)
            throw LoopbackServerError("bind/listen: \(String(cString: strerror(errno)))")
        }
        self.fd = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// The next connection (a client that connected is already in the backlog, so this does not wait for one).
    func accept() throws -> Int32 {
        let client = Glibc.accept(fd, nil, nil)
        guard client >= 0 else { throw LoopbackServerError("accept: \(String(cString: strerror(errno)))") }
        return client
    }

    func send(_ bytes: [UInt8], to client: Int32) throws {
        let sent = bytes.withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw LoopbackServerError("send: \(String(cString: strerror(errno)))") }
    }

    func close() { Glibc.close(fd) }
}

struct LoopbackServerError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
