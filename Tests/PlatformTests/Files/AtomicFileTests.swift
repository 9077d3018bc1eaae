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

    @Test func aCalibrationSurvivesTheRoundTripThroughAFile() throws {
        let dir = try Self.scratchDirectory()
        let cal = MagnetometerCalibration(
            hardIronMicrotesla: Vector3(x: 12.5, y: -3.25, z: 40), softIron: .identity, fieldRadiusMicrotesla: 50.1)
        try AtomicFile.write(cal.serialized(), to: dir + "/mag.cal")
        let text = try #require(try AtomicFile.read(dir + "/mag.cal"))
        #expect(try MagnetometerCalibration(parsing: text) == cal)
    }
}
