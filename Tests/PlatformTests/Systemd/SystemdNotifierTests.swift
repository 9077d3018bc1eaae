import Core
import Glibc
import Platform
import Testing

/// A Unix datagram socket standing in for systemd's notification socket: bound to a path or an abstract name,
/// it receives what the notifier sends, exactly as PID 1 would.
final class NotifySocketListener {
    let fd: Int32
    let name: String  // as $NOTIFY_SOCKET spells it
    private let path: String?

    init(abstract: Bool) throws {
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        try #require(fd >= 0)
        let unique = "navdisplay-notify-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes: [UInt8]
        if abstract {
            bytes = [0] + Array(unique.utf8)
            name = "@" + unique
            path = nil
        } else {
            let file = "/tmp/" + unique
            bytes = Array(file.utf8)
            name = file
            path = file
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        try #require(bound == 0, "bind failed: \(String(cString: strerror(errno)))")
    }

    deinit {
        close(fd)
        if let path { unlink(path) }
    }

    /// The next datagram, or nil when none arrives within a second (the send has already returned, so a missing
    /// datagram is a lost one, not a late one; the bound only keeps a broken notifier from hanging the suite).
    func receive() -> String? {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 1000) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = recv(fd, &buffer, buffer.count, 0)
        guard n >= 0 else { return nil }
        return String(decoding: buffer.prefix(n), as: UTF8.self)
    }
}

@Suite struct SystemdNotifierTests {
    @Test(arguments: [false, true])
    func readyArrivesOnTheNotifySocketAsOneDatagram(abstract: Bool) throws {
        let systemd = try NotifySocketListener(abstract: abstract)
        let notifier = try #require(try SystemdNotifier(environment: ["NOTIFY_SOCKET": systemd.name]))
        try notifier.ready(status: "map on screen\nat 800x480")
        #expect(systemd.receive() == "READY=1\nSTATUS=map on screen at 800x480")
    }

    @Test func watchdogStatusAndStoppingEachSendTheirAssignment() throws {
        let systemd = try NotifySocketListener(abstract: false)
        let notifier = try SystemdNotifier(socketName: systemd.name)
        try notifier.watchdog()
        try notifier.status("GPS LOST")
        try notifier.stopping()
        #expect(systemd.receive() == "WATCHDOG=1")
        #expect(systemd.receive() == "STATUS=GPS LOST")
        #expect(systemd.receive() == "STOPPING=1")
    }

    @Test func noNotifySocketMeansNoNotifier() throws {
        #expect(try SystemdNotifier(environment: [:]) == nil)
        #expect(try SystemdNotifier(environment: ["NOTIFY_SOCKET": ""]) == nil)
    }

    @Test func aRelativeSocketNameIsAClearError() throws {
        #expect(throws: SystemdNotifierError.unsupportedSocket("run/notify")) {
            _ = try SystemdNotifier(environment: ["NOTIFY_SOCKET": "run/notify"])
        }
    }

    @Test func aSocketThatIsGoneFailsTheSendWithTheCallNamed() throws {
        let notifier = try SystemdNotifier(socketName: "/tmp/navdisplay-no-such-notify-socket-\(getpid())")
        #expect(throws: SystemCallError.self) { try notifier.ready() }
    }

    @Test func theWatchdogIntervalIsReadForThisProcessOnly() throws {
        let systemd = try NotifySocketListener(abstract: true)
        let mine = try #require(
            try SystemdNotifier(environment: [
                "NOTIFY_SOCKET": systemd.name, "WATCHDOG_USEC": "4000000", "WATCHDOG_PID": "\(getpid())",
            ]))
        #expect(mine.watchdogInterval == .seconds(4))
        let anyPid = try #require(
            try SystemdNotifier(environment: ["NOTIFY_SOCKET": systemd.name, "WATCHDOG_USEC": "2500000"]))
        #expect(anyPid.watchdogInterval == .milliseconds(2500))
        let someoneElses = try #require(
            try SystemdNotifier(environment: [
                "NOTIFY_SOCKET": systemd.name, "WATCHDOG_USEC": "4000000", "WATCHDOG_PID": "\(getpid() + 1)",
            ]))
        #expect(someoneElses.watchdogInterval == nil)
        let none = try #require(try SystemdNotifier(environment: ["NOTIFY_SOCKET": systemd.name]))
        #expect(none.watchdogInterval == nil)
    }

    @Test(arguments: ["0", "-5", "4s", ""])
    func aBadWatchdogIntervalIsAClearError(value: String) throws {
        #expect(throws: SystemdNotifierError.badWatchdogInterval(value)) {
            _ = try SystemdNotifier(environment: ["NOTIFY_SOCKET": "/run/systemd/notify", "WATCHDOG_USEC": value])
        }
    }
}

@Suite struct SyslogPriorityTests {
    @Test func everyLineOfAMessageCarriesThePriorityPrefix() {
        #expect(SyslogPriority.warning.prefixing("GPS lost") == "<4>GPS lost")
        #expect(SyslogPriority.error.prefixing("bad key\nline 3") == "<3>bad key\n<3>line 3")
        #expect(SyslogPriority.allCases.map(\.prefix) == (0...7).map { "<\($0)>" })
    }

    @Test func aStreamIsAJournalStreamOnlyWhenJournalStreamNamesIt() throws {
        var info = stat()
        try #require(fstat(2, &info) == 0)
        let mine = "\(info.st_dev):\(info.st_ino)"
        #expect(JournalStream.isConnected(2, environment: ["JOURNAL_STREAM": mine]))
        #expect(!JournalStream.isConnected(2, environment: ["JOURNAL_STREAM": "\(info.st_dev):\(info.st_ino + 1)"]))
        #expect(!JournalStream.isConnected(2, environment: ["JOURNAL_STREAM": "garbage"]))
        #expect(!JournalStream.isConnected(2, environment: [:]))
    }
}

@Suite struct ServiceNotificationScheduleTests {
    static func at(_ seconds: Double) -> Timestamp { Timestamp(seconds: seconds) }

    @Test func readyIsSentOnceAtTheFirstTickAfterTheFirstFrame() {
        var schedule = ServiceNotificationSchedule(watchdogInterval: nil)
        #expect(schedule.tick(now: Self.at(0), firstFrameShown: false) == [])
        #expect(schedule.tick(now: Self.at(0.05), firstFrameShown: true) == ["READY=1"])
        #expect(schedule.tick(now: Self.at(0.10), firstFrameShown: true) == [])
        #expect(schedule.readySent)
    }

    @Test func theWatchdogIsPingedAtHalfItsIntervalFromTheTicks() {
        var schedule = ServiceNotificationSchedule(watchdogInterval: .seconds(4))
        #expect(schedule.pingInterval == .seconds(2))
        // Ticks every half second (a parked display): a ping at the first tick, then every 2 s.
        var pings: [Double] = []
        for step in 0...12 {
            let t = Double(step) * 0.5
            if schedule.tick(now: Self.at(t), firstFrameShown: true).contains("WATCHDOG=1") { pings.append(t) }
        }
        #expect(pings == [0, 2, 4, 6])
    }

    @Test func aTickThatComesLatePingsAtOnceAndTheFirstTickCarriesBoth() {
        var schedule = ServiceNotificationSchedule(watchdogInterval: .milliseconds(5000))
        #expect(schedule.tick(now: Self.at(10), firstFrameShown: true) == ["READY=1", "WATCHDOG=1"])
        #expect(schedule.tick(now: Self.at(12.4), firstFrameShown: true) == [])
        #expect(schedule.tick(now: Self.at(30), firstFrameShown: true) == ["WATCHDOG=1"])
    }
}

@Suite struct SystemdHeartbeatTests {
    @Test func beatsSendReadyAfterTheFirstFrameAndPingsAtHalfTheInterval() throws {
        let systemd = try NotifySocketListener(abstract: true)
        let notifier = try SystemdNotifier(socketName: systemd.name, watchdogInterval: .seconds(2))
        var framesDrawn = 0
        var logged: [String] = []
        let heartbeat = SystemdHeartbeat(
            notifier: notifier, firstFrameShown: { framesDrawn > 0 }, log: { logged.append($0) })
        heartbeat.beat(Timestamp(seconds: 0))
        #expect(systemd.receive() == "WATCHDOG=1")
        framesDrawn = 1
        heartbeat.beat(Timestamp(seconds: 0.5))
        #expect(systemd.receive() == "READY=1")
        heartbeat.beat(Timestamp(seconds: 0.9))
        heartbeat.beat(Timestamp(seconds: 1.0))
        #expect(systemd.receive() == "WATCHDOG=1")
        heartbeat.stopping()
        #expect(systemd.receive() == "STOPPING=1")
        #expect(heartbeat.readySent)
        #expect(logged.isEmpty)
    }

    @Test func aSocketThatGoesAwayIsLoggedOnceAndTheBeatsGoOn() throws {
        let notifier = try SystemdNotifier(
            socketName: "/tmp/navdisplay-gone-notify-\(getpid())", watchdogInterval: .seconds(1))
        var logged: [String] = []
        let heartbeat = SystemdHeartbeat(notifier: notifier, firstFrameShown: { true }, log: { logged.append($0) })
        for step in 0..<5 { heartbeat.beat(Timestamp(seconds: Double(step))) }
        #expect(logged.count == 1)
        #expect(logged.first?.hasPrefix("cannot notify systemd (READY=1, WATCHDOG=1): sendto") == true)
    }
}
