import Core
import Glibc
import Platform
import Testing

/// Issue 16, class 8: `--out` followed a dangling symlink and created its target (libpng `fopen`s the path).
@Suite("PNG output paths")
struct PNGFileOutputTests {
    static let frame = FrameBuffer(width: 4, height: 3)

    @Test func aDanglingSymlinkAtTheOutputIsRefusedAndItsTargetNotCreated() throws {
        let dir = try AtomicFileTests.scratchDirectory()
        #expect(symlink(dir + "/target.png", dir + "/out.png") == 0)
        #expect(throws: PNGError.self) { try PNGFile.write(Self.frame, to: dir + "/out.png") }
        #expect(access(dir + "/target.png", F_OK) != 0)
    }

    @Test func aSymlinkToAnExistingFileIsNotWrittenThrough() throws {
        let dir = try AtomicFileTests.scratchDirectory()
        try AtomicFile.write("precious\n", to: dir + "/precious.txt")
        #expect(symlink(dir + "/precious.txt", dir + "/out.png") == 0)
        #expect(throws: PNGError.self) { try PNGFile.write(Self.frame, to: dir + "/out.png") }
        #expect(try AtomicFile.read(dir + "/precious.txt") == "precious\n")
    }

    @Test func aPlainPathIsWrittenAndReadsBack() throws {
        let dir = try AtomicFileTests.scratchDirectory()
        var frame = FrameBuffer(width: 4, height: 3)
        frame.pixels[5] = 0x00ff_8040
        try PNGFile.write(frame, to: dir + "/out.png")
        try PNGFile.write(frame, to: dir + "/out.png")
        #expect(try PNGFile.read(dir + "/out.png").pixels == frame.pixels)
    }
}
