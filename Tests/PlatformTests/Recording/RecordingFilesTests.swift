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

    /// `--from` and `--to` keep the samples between them; without either the replay takes the recording's own
    /// events, their storage shared rather than copied.
    @Test func theWindowKeepsTheSamplesBetweenFromAndTo() throws {
        let ride = try loadRecording(MapFixtures.root.appendingPathComponent("recordings/helsinki-ride.navrec").path)
        let start = try #require(ride.events.first).time
        let whole = recordingWindow(ride.events, start: start, from: nil, to: nil)
        #expect(whole.count == ride.events.count)
        #expect(
            whole.withUnsafeBufferPointer { $0.baseAddress } == ride.events.withUnsafeBufferPointer { $0.baseAddress })
        let part = recordingWindow(ride.events, start: start, from: 10, to: 20)
        #expect(!part.isEmpty && part.count < ride.events.count / 10)
        #expect(part.allSatisfy { (10...20).contains($0.time.seconds(since: start)) })
        #expect(recordingWindow(ride.events, start: start, from: 590, to: nil).count < ride.events.count / 20)
    }
}
