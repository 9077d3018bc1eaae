import Core
import Glibc
import Platform
import Testing

@Suite struct AtomicFileTests {
    static func scratchDirectory() throws -> String {
        var template = Array("/tmp/atomicfile-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { b -> String? in
            guard let base = b.baseAddress, let p = mkdtemp(base) else { return nil }
            return String(cString: p)
        }
        return try #require(made)
    }

    @Test func aWrittenFileReadsBackAndLeavesNoTemporaryBehind() throws {
        let dir = try Self.scratchDirectory()
        let path = dir + "/calibration.txt"
        try AtomicFile.write("first\n", to: path)
        try AtomicFile.write("second version\n", to: path)
        #expect(try AtomicFile.read(path) == "second version\n")
        var entries: [String] = []
        if let d = opendir(dir) {
            while let e = readdir(d) {
                let name = withUnsafeBytes(of: e.pointee.d_name) {
                    String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name != "." && name != ".." { entries.append(name) }
            }
            closedir(d)
        }
        #expect(entries == ["calibration.txt"])
    }

    @Test func aMissingFileReadsAsNilAndAMissingFolderIsAClearError() throws {
        let dir = try Self.scratchDirectory()
        #expect(try AtomicFile.read(dir + "/nothing.txt") == nil)
        do {
            try AtomicFile.write("x", to: dir + "/no/such/folder/file.txt")
            Issue.record("wrote into a missing folder")
        } catch let e as AtomicFileError {
            #expect(e.description.contains("exists and is writable"))
        }
    }

    /// A FIFO given as a settings or calibration file once blocked `open` until a writer came (forever, for a
    /// mistyped path): a FIFO, a device and an oversized file are refused before anything is read.
    @Test func aFifoADeviceAndAnOversizedFileAreRefusedWithoutReading() throws {
        let dir = try Self.scratchDirectory()
        let fifo = dir + "/settings.conf"
        #expect(mkfifo(fifo, 0o600) == 0)
        let big = dir + "/big.conf"
        try AtomicFile.write(String(repeating: "a", count: 5000), to: big)
        for (path, words) in [
            (fifo, "is not a regular file"), ("/dev/zero", "is not a regular file"), (big, "is 4 KiB"),
        ] {
            do {
                _ = try AtomicFile.read(path, maxBytes: 4096)
                Issue.record("\(path) was read")
            } catch {
                #expect("\(error)".contains(words), "\(error)")
            }
        }
    }

    @Test func aCalibrationSurvivesTheRoundTripThroughAFile() throws {
        let dir = try Self.scratchDirectory()
        let cal = MagnetometerCalibration(
            hardIronMicrotesla: Vector3(x: 12.5, y: -3.25, z: 40), softIron: .identity, fieldRadiusMicrotesla: 50.1)
        try AtomicFile.write(cal.serialized(), to: dir + "/mag.cal")
        let text = try #require(try AtomicFile.read(dir + "/mag.cal"))
        #expect(try MagnetometerCalibration(parsing: text) == cal)
    }
}

/// Issue 16, classes 3 and 8: a bad calibration falls back to uncalibrated with a warning; atomic writes make
/// their temporary file exclusively, never through a planted symlink, and private (0600).
@Suite struct CalibrationFallbackAndPrivacyTests {
    @Test(arguments: ["", "format 1\n", "samples 1e300\n", "\u{0}\u{1}garbage"])
    func aBrokenCalibrationFileIsUncalibratedWithAWarning(_ text: String) throws {
        let dir = try AtomicFileTests.scratchDirectory()
        let path = dir + "/calibration.txt"
        try AtomicFile.write(text, to: path)
        let result = CalibrationFile.loadOrUncalibrated(path)
        #expect(result.calibration == nil)
        let warning = try #require(result.warning)
        #expect(warning.contains(path) && warning.contains("uncalibrated"))
    }

    @Test func aMissingCalibrationFileIsUncalibratedWithoutAWarning() throws {
        let dir = try AtomicFileTests.scratchDirectory()
        let result = CalibrationFile.loadOrUncalibrated(dir + "/none.txt")
        #expect(result.calibration == nil && result.warning == nil)
    }

    @Test func aGoodCalibrationFileLoads() throws {
        let dir = try AtomicFileTests.scratchDirectory()
        let path = dir + "/calibration.txt"
        let cal = MagnetometerCalibration(
            hardIronMicrotesla: Vector3(x: 1, y: 2, z: 3), softIron: .identity, fieldRadiusMicrotesla: 50)
        try CalibrationFile.save(cal, to: path)
        let result = CalibrationFile.loadOrUncalibrated(path)
        #expect(result.warning == nil && result.calibration?.hardIronMicrotesla == cal.hardIronMicrotesla)
    }

    @Test func aWrittenFileIsPrivate() throws {
        let dir = try AtomicFileTests.scratchDirectory()
        let path = dir + "/calibration.txt"
        let old = umask(0)
        defer { umask(old) }
        try AtomicFile.write("x\n", to: path)
        var st = stat()
        #expect(stat(path, &st) == 0)
        #expect(st.st_mode & 0o777 == 0o600)
    }

    @Test func aSymlinkPlantedAtTheOldTemporaryNameIsNotWrittenThrough() throws {
        let dir = try AtomicFileTests.scratchDirectory()
        let path = dir + "/calibration.txt"
        let victim = dir + "/victim.txt"
        // Today's name for the temporary file was predictable: PATH.tmp-PID.
        #expect(symlink(victim, "\(path).tmp-\(getpid())") == 0)
        try AtomicFile.write("calibration\n", to: path)
        #expect(access(victim, F_OK) != 0)
        #expect(try AtomicFile.read(path) == "calibration\n")
    }
}
