import Core
import Foundation
import Platform
import Testing

@testable import NavDisplay

private typealias F = SessionFixtures

/// The recorder of `run` on the record key, and a recording whose file cannot be created (#16): retried like a
/// failed write, with the HUD saying so, never dropped.
@Suite("The record key and a recording that cannot start")
struct RecordKeyTests {
    @Test func theRecordKeyStartsAndStopsRecordingsEachInItsOwnFile() throws {
        let dir = try NavDisplayBinary.temporaryDirectory()
        let names = RecordingNames(first: nil, directory: dir.appendingPathComponent("rides").path)
        let loop = ManualLoop(start: F.at(0))
        let gps = FakeSource(pollIntervalSeconds: 1)
        let recorder = RecorderSink(essential: false, recording: false) {
            let writer = try DurableRecordingWriter(path: try names.next(), header: RecordingHeader())
            names.used()
            return writer
        }
        var states: [RecorderSink.State] = []
        recorder.onStateChange = { states.append($0) }
        let session = try Session(SessionConfiguration(clock: .manual(loop), sources: [gps], sinks: [recorder]))
        try session.start()
        // Off until pressed; on from 2.2 s to 4.7 s; on again from 6.2 s (a second later: a new name).
        let presses = [2.2, 4.7, 6.2]
        for t in 0..<9 {
            var events = [F.fix(Double(t) + 0.5)]
            for p in presses where p > Double(t) && p < Double(t) + 1 {
                events.append(.rideAction(F.at(p), .toggleRecording))
            }
            gps.push(events.sorted { $0.time < $1.time })
            try loop.advance(by: 1)
        }
        _ = try session.end()
        #expect(states == [.recording, .off, .recording])
        #expect(recorder.parts.count == 2)
        let first = try loadRecording(try #require(recorder.parts.first))
        #expect(first.events.first == .rideAction(F.at(2.2), .toggleRecording))
        #expect(first.events.last == .rideAction(F.at(4.7), .toggleRecording))
        #expect(first.events.count == 2 + 3, "the presses and the fixes at 2.5, 3.5 and 4.5 s")
        let second = try loadRecording(try #require(recorder.parts.last))
        #expect(second.events.first == .rideAction(F.at(6.2), .toggleRecording))
        #expect(second.events.dropFirst().allSatisfy { if case .gpsFix = $0 { true } else { false } })
        #expect(recorder.parts.allSatisfy { ($0 as NSString).lastPathComponent.hasPrefix("ride-") })
        #expect(recorder.parts[0] != recorder.parts[1])
    }

    @Test func aRecordingWhoseFileCannotBeCreatedIsRetriedAndTheHUDSaysSo() throws {
        let dir = try NavDisplayBinary.temporaryDirectory()
        let missing = dir.appendingPathComponent("not-yet")
        let path = missing.appendingPathComponent("ride.navrec").path
        let loop = ManualLoop(start: F.at(0))
        let gps = FakeSource(pollIntervalSeconds: 1)
        let recorder = RecorderSink(essential: false, retryIntervalSeconds: 30) {
            try DurableRecordingWriter(path: path, header: RecordingHeader())
        }
        let screen = DisplaySink(
            display: MemoryDisplay(width: 320, height: 192), movingFPS: 10, parkedFPS: 2, clock: { loop.now },
            makePipeline: try F.pipeline())
        var attempts: [RecorderSink.State] = []
        recorder.onStateChange = { state in
            attempts.append(state)
            if case .stopped = state {
                screen.show(notice: "RECORDING STOPPED", while: true)
            } else {
                screen.show(notice: "RECORDING STOPPED", while: false)
            }
        }
        let session = try Session(
            SessionConfiguration(clock: .manual(loop), sources: [gps], sinks: [recorder, screen]))
        try session.start()
        for t in 0..<10 {
            gps.push([F.fix(Double(t) + 0.5)])
            try loop.advance(by: 1)
        }
        // Not dropped: the session keeps it, the HUD says it, and it has not tried again within 30 s.
        #expect(session.activeSinks.count == 2)
        #expect(attempts.count == 1)
        guard case .stopped(let reason) = attempts.first else { throw CocoaError(.fileWriteUnknown) }
        #expect(reason.contains("cannot create"), "\(reason)")
        #expect(HUDLines(screen.pipeline.nextSceneInput()).notices.contains("RECORDING STOPPED"))
        #expect(screen.pipeline.state.positionTime == F.at(9.5), "navigation goes on")
        // The folder appears (a USB stick mounted, say): the next try, 30 s after the failure, records.
        try FileManager.default.createDirectory(at: missing, withIntermediateDirectories: false)
        for t in 10..<40 {
            gps.push([F.fix(Double(t) + 0.5)])
            try loop.advance(by: 1)
        }
        _ = try session.end()
        #expect(attempts.last == .recording)
        #expect(!HUDLines(screen.pipeline.nextSceneInput()).notices.contains("RECORDING STOPPED"))
        let read = try loadRecording(path)
        #expect(read.events.first?.time == F.at(30.5))
        #expect(read.events.count == 10)
    }
}
