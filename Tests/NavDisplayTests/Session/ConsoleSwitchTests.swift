import Core
import Glibc
import Platform
import Testing

/// A VT switch on a manual clock: the session takes the VT's release and acquire signals from its signal
/// descriptor and hands them to the display; the display sink draws nothing while the screen is not ours, and the
/// frame tick (the watchdog's ping) goes on. The real VT and DRM master are exercised by the kiosk boot test
/// (`scripts/vm/kiosk-test -k vt-switch`) and the display VM tests.
@Suite("Console switching")
struct ConsoleSwitchTests {
    typealias F = SessionFixtures

    @Test("chvt away: the screen is released, nothing is drawn, the heartbeat goes on; back: drawn again")
    func aSwitchAwayStopsDrawingAndTheTickGoesOn() throws {
        let loop = ManualLoop(start: F.at(0))
        let gps = FakeSource()
        let display = SwitchingMemoryDisplay(width: 320, height: 192)
        let sink = DisplaySink(
            display: display, movingFPS: 10, parkedFPS: 2, clock: { loop.now }, makePipeline: try F.pipeline())
        var configuration = SessionConfiguration(clock: .manual(loop), sources: [gps], sinks: [sink])
        var beats = 0
        var notes: [String] = []
        configuration.heartbeat = { _ in beats += 1 }
        configuration.note = { notes.append("\($0): \($1)") }
        let session = try Session(configuration)
        try session.start()
        #expect(display.followed == [SIGUSR1, SIGUSR2])

        gps.push([F.fix(0.05)])
        try loop.advance(by: 1)
        let drawnBefore = display.presentedCount
        #expect(drawnBefore >= 1)

        try loop.deliver(signal: SIGUSR1)
        #expect(display.calls == ["release"])
        #expect(!display.isOnScreen)
        #expect(session.stop == nil, "a VT switch never ends the session")
        let beatsBefore = beats
        // Moving fixes keep coming in: the state follows them, the screen gets nothing.
        for t in stride(from: 1.1, to: 3, by: 0.2) { gps.push([F.fix(t)]) }
        try loop.advance(by: 2)
        #expect(display.presentedCount == drawnBefore)
        #expect(beats >= beatsBefore + 4, "at least the parked rate's 2 ticks a second, drawn or not")
        #expect(sink.pipeline.state.positionTime != nil)

        try loop.deliver(signal: SIGUSR2)
        #expect(display.calls == ["release", "acquire"])
        #expect(display.isOnScreen)
        gps.push([F.fix(3.05)])
        try loop.advance(by: 0.5)
        #expect(display.presentedCount > drawnBefore, "drawn again once the screen is ours")
        #expect(notes.contains { $0.hasPrefix("console: another VT is in front") }, "\(notes)")
        #expect(notes.contains { $0.hasPrefix("console: our VT is in front") }, "\(notes)")
        try session.end()
    }

    @Test("Taking the screen back fails once (DRM master held elsewhere): retried at the next frame tick")
    func aFailedTakeBackIsRetried() throws {
        let loop = ManualLoop(start: F.at(0))
        let display = SwitchingMemoryDisplay(width: 64, height: 48)
        let sink = DisplaySink(
            display: display, movingFPS: 10, parkedFPS: 2, clock: { loop.now },
            makePipeline: try F.pipeline(width: 64, height: 48))
        let session = try Session(SessionConfiguration(clock: .manual(loop), sources: [FakeSource()], sinks: [sink]))
        try session.start()
        try loop.deliver(signal: SIGUSR1)
        display.failNextAcquire = true
        try loop.deliver(signal: SIGUSR2)
        #expect(!display.isOnScreen)
        #expect(session.stop == nil)
        try loop.advance(by: 0.5)
        #expect(display.isOnScreen)
        #expect(display.calls == ["release", "acquire", "acquire"])
        try session.end()
    }

    @Test("Without signal handling (a test harness, a benchmark) the display is never asked to follow switches")
    func noSignalsNoSwitching() throws {
        let loop = ManualLoop(start: F.at(0))
        let display = SwitchingMemoryDisplay(width: 64, height: 48)
        let sink = DisplaySink(
            display: display, movingFPS: 10, parkedFPS: 2, clock: { loop.now },
            makePipeline: try F.pipeline(width: 64, height: 48))
        var configuration = SessionConfiguration(clock: .manual(loop), sources: [FakeSource()], sinks: [sink])
        configuration.handlesSignals = false
        let session = try Session(configuration)
        try session.start()
        #expect(display.followed.isEmpty)
        try session.end()
    }
}

/// A memory display that can be switched away from, counting what the session asked of it.
final class SwitchingMemoryDisplay: Display, ConsoleSwitching {
    private let memory: MemoryDisplay
    private(set) var isOnScreen = true
    private(set) var followed: [Int32] = []
    private(set) var calls: [String] = []
    var failNextAcquire = false

    init(width: Int, height: Int) { memory = MemoryDisplay(width: width, height: height) }

    var width: Int { memory.width }
    var height: Int { memory.height }
    var name: String { "switching " + memory.name }
    var presentedCount: Int { memory.presentedCount }
    var eventDescriptor: Int32? { nil }
    var counters: String? { memory.counters }

    var framesHeld: Int { memory.framesHeld }
    func present(_ frame: ComposedFrame, changed: FrameChange) throws {
        guard isOnScreen else { throw DrmError.unsupported("presented while another VT is in front") }
        try memory.present(frame, changed: changed)
    }
    func handleEvents() throws -> Int { 0 }
    func finishPendingFrames() throws {}
    func close() { memory.close() }

    func followSwitches(releaseSignal: Int32, acquireSignal: Int32) throws -> Bool {
        followed = [releaseSignal, acquireSignal]
        return true
    }
    func releaseScreen() throws {
        calls.append("release")
        isOnScreen = false
    }
    func acquireScreen() throws {
        calls.append("acquire")
        if failNextAcquire {
            failNextAcquire = false
            throw DrmError.masterHeld(path: "/dev/dri/card0")
        }
        isOnScreen = true
    }
}
