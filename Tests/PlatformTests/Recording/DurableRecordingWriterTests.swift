import Core
import Glibc
import Platform
import Testing

/// Issue 16, classes 4, 5 and 8: a failed recording must not take navigation down, two recorders must not share
/// a file, a stale `FILE.1` must not stop a long recording, and a recording (a location history) is private.
@Suite("Durable recording writer")
struct DurableRecordingWriterTests {
    static let header = RecordingHeader(program: "test", devices: [], calibration: nil)

    static func scratch() throws -> String { try AtomicFileTests.scratchDirectory() }

    static func sample(_ i: Int) -> SensorEvent {
        .magnetometer(
            MagnetometerSample(
                time: Timestamp(nanoseconds: Int64(i) * 40_000_000),
                microtesla: Vector3(x: 20 + Double(i % 7), y: -3, z: 41)))
    }

    static func mode(_ path: String) -> mode_t {
        var st = stat()
        guard lstat(path, &st) == 0 else { return 0 }
        return st.st_mode & 0o777
    }

    @Test func aRecordingIsCreatedPrivate() throws {
        let path = try Self.scratch() + "/ride.navrec"
        let old = umask(0)
        defer { umask(old) }
        let writer = try DurableRecordingWriter(path: path, header: Self.header, maxBytes: 4096)
        for i in 0..<400 { try writer.append(Self.sample(i)) }
        try writer.close()
        #expect(writer.parts.count > 1)
        for part in writer.parts { #expect(Self.mode(part) == 0o600) }
    }

    @Test func anExistingEmptyFileIsNotAppendedTo() throws {
        let path = try Self.scratch() + "/ride.navrec"
        let fd = open(path, O_WRONLY | O_CREAT, 0o600)
        close(fd)
        #expect(throws: DurableFileError.self) { try DurableRecordingWriter(path: path, header: Self.header) }
    }

    @Test func aDanglingSymlinkAtTheNameIsNotFollowed() throws {
        let dir = try Self.scratch()
        #expect(symlink(dir + "/elsewhere.navrec", dir + "/ride.navrec") == 0)
        #expect(throws: DurableFileError.self) {
            try DurableRecordingWriter(path: dir + "/ride.navrec", header: Self.header)
        }
        #expect(access(dir + "/elsewhere.navrec", F_OK) != 0)
    }

    @Test func aSecondRecorderOnTheSameRecordingIsRefused() throws {
        let path = try Self.scratch() + "/ride.navrec"
        let first = try DurableRecordingWriter(path: path, header: Self.header)
        #expect(throws: DurableFileError.self) { try DurableRecordingWriter(path: path, header: Self.header) }
        // Even when asked to append, the lock keeps a second writer out while the first runs.
        #expect {
            try DurableRecordingWriter(path: path, header: Self.header, appending: true)
        } throws: { error in
            "\(error)".contains("another recorder")
        }
        try first.close()
        // Once it is done, appending on purpose works and keeps the first lines.
        let again = try DurableRecordingWriter(path: path, header: Self.header, appending: true)
        try again.append(Self.sample(1))
        try again.close()
        let text = try #require(try AtomicFile.read(path))
        #expect(text.hasPrefix("navdisplay-recording"))
        #expect(text.components(separatedBy: "navdisplay-recording").count == 2)
    }

    @Test func aStaleSecondPartDoesNotStopALongRecording() throws {
        let path = try Self.scratch() + "/ride.navrec"
        try AtomicFile.write("an old ride's part\n", to: path + ".1")
        let writer = try DurableRecordingWriter(path: path, header: Self.header, maxBytes: 4096)
        for i in 0..<400 { try writer.append(Self.sample(i)) }
        try writer.close()
        #expect(writer.parts.count >= 3)
        #expect(writer.linesWritten == 400)
        #expect(try AtomicFile.read(path + ".1.stale-1") == "an old ride's part\n")
        #expect(try AtomicFile.read(path + ".1")?.hasPrefix("navdisplay-recording") == true)
        #expect(writer.notes.contains { $0.contains("stale") })
    }

    /// A real full file system: a 64 KiB tmpfs (root only, as the test machines run).
    @Test(.enabled(if: getuid() == 0, "mounting a small tmpfs needs root"))
    func aFullDiskStopsTheRecordingAsAValueAndItResumesWhenThereIsRoom() throws {
        let dir = try Self.scratch()
        try #require(mount("tmpfs", dir, "tmpfs", 0, "size=64k") == 0)
        defer { umount(dir) }
        let writer = try DurableRecordingWriter(path: dir + "/ride.navrec", header: Self.header)
        var i = 0
        var state = DurableRecordingWriter.State.recording
        while state == .recording && i < 100_000 {
            state = writer.record(Self.sample(i))
            i += 1
        }
        guard case .stopped(let reason) = state else {
            Issue.record("a 64 KiB disk never filled")
            return
        }
        #expect(reason.contains("ride.navrec"))
        // Navigation goes on: more samples are taken (and dropped) without a throw.
        for _ in 0..<100 {
            writer.record(Self.sample(i))
            i += 1
        }
        #expect(writer.droppedLines >= 100)
        // Room again (the file system grows): after the retry interval a new part is written.
        try #require(mount("tmpfs", dir, "tmpfs", UInt(MS_REMOUNT), "size=4m") == 0)
        for _ in 0..<(31 * 25) {
            writer.record(Self.sample(i))
            i += 1
        }
        #expect(writer.state == .recording)
        #expect(writer.parts.count == 2)
        try writer.close()
    }
}
