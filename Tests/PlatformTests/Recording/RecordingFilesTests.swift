import Core
import Foundation
import Glibc
import Platform
import Testing

/// `replay FILE` and `record --from FILE` read a recording whole: a FIFO must not block them for ever, nor a
/// device such as /dev/zero fill memory, and a real recording still reads.
@Suite struct RecordingFilesTests {
    @Test func aFifoOrADeviceIsRefusedWithoutReading() throws {
        let dir = try AtomicFileTests.scratchDirectory()
        let fifo = dir + "/ride.navrec"
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in [fifo, "/dev/zero"] {
            do {
                _ = try loadRecording(path)
                Issue.record("\(path) was read")
            } catch {
                #expect("\(error)".contains("\(path): is not a regular file"), "\(error)")
            }
        }
    }

    @Test func theBundledRideStillReads() throws {
        let ride = try loadRecording(MapFixtures.root.appendingPathComponent("recordings/helsinki-ride.navrec").path)
        #expect(ride.events.count > 1000)
    }
}
