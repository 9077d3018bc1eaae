import Core
import Glibc

/// The one runtime: owns the one loop and everything registered with it, feeds every source's events to every
/// sink, ticks frames, and stops on a signal, at the end of the input, when a sink is done, or at a time limit.
///
/// One per process. Sources say which descriptors to watch and the session re-watches them after every call, so
/// a reconnect needs nothing from the caller. A sink that fails is dropped unless it is essential; the others are
/// told, and navigation goes on without the recorder.
public final class Session {
    public let configuration: SessionConfiguration
    /// The loop, built here and nowhere else.
    public let loop: any SessionLoop
    private var sinks: [any EventSink]
    private var watched: [ObjectIdentifier: Set<Int32>] = [:]
    private var wakePending: Set<ObjectIdentifier> = []
    private var frameTimer: (any LoopTimer)?
    /// The timers of sources polled at a rate (`pollIntervalSeconds`), paused while such a source is read at the
    /// frame ticks instead.
    private var pollTimers: [ObjectIdentifier: any LoopTimer] = [:]
    private var framePeriod: Double?
    private var startTime = Timestamp(nanoseconds: 0)
    private var stopReason: SessionResult.Stop?
    private var stopTime: Timestamp?
    private var passes = 0
    private var dropped: [DroppedSink] = []
    private var started = false
    /// Set once every source has started: none is read at a frame tick before.
    private var sourcesStarted = false
    /// Every sink sees the events in time order, whatever order the sources read them in.
    private var timeOrder = TimeOrderedEvents()
    private var ended = false
    /// Displays that give the screen away while their VT is in the background, and whether one still has to take
    /// it back (its VT returned but the screen could not be had yet: retried at each frame tick).
    private var screens: [any ConsoleSwitching] = []
    private var screenToTakeBack = false

    public init(_ configuration: SessionConfiguration) throws {
        self.configuration = configuration
        sinks = configuration.sinks
        switch configuration.clock {
        case .system:
            loop = try EventLoop()
        case .eventTime(let start, let pacing):
            loop = ManualLoop(start: start, pacing: pacing)
        case .manual(let manual):
            loop = manual
        }
    }

    /// Why the session stopped, nil while it runs.
    public var stop: SessionResult.Stop? { stopReason }

    /// Frame ticks the loop could not serve in time (a frame ran long).
    public var missedFrameTicks: UInt64 { frameTimer?.missedTicks ?? 0 }

    /// The sinks still attached (a failed one is gone).
    public var activeSinks: [any EventSink] { sinks }

    /// Starts, runs until a stop condition, ends, and says how it ended. `afterStart` runs once the sources
    /// have started (a command's one line about what was found).
    public func run(afterStart: () -> Void = {}) throws -> SessionResult {
        do {
            try start()
            afterStart()
            if stopReason == nil { try loop.run() }
        } catch {
            endQuietly()
            throw error
        }
        return try end()
    }

    /// Registers everything and starts the sources (a test then drives a `ManualLoop` and calls `end()`).
    public func start() throws {
        guard !started else { return }
        started = true
        startTime = loop.now
        if configuration.handlesSignals {
            if case .system = configuration.clock { TerminationSignals.block() }
            if case .eventTime(_, let pacing) = configuration.clock, pacing != nil { TerminationSignals.block() }
            try loop.onSignal { [unowned self] in try self.signal($0) }
            followConsoleSwitches()
        }
        if let limit = configuration.stopAfterSeconds {
            try loop.schedule(at: startTime.adding(seconds: limit)) { [unowned self] _ in self.halt(.timeLimit) }
        }
        for sink in sinks {
            for fd in sink.fileDescriptors {
                try loop.watch(fd) { [unowned self, unowned sink] in
                    try self.guarded(sink) { try sink.handleReadable(fd, now: self.loop.now) }
                }
            }
        }
        try retuneFrameTimer()
        for source in configuration.sources {
            if let interval = source.pollIntervalSeconds {
                pollTimers[ObjectIdentifier(source)] = try loop.addTimer(periodSeconds: interval) {
                    [unowned self, unowned source] now in
                    try self.deliver(source.poll(now: now), from: source)
                }
            }
            try deliver(source.start(now: loop.now), from: source)
        }
        sourcesStarted = true
        if configuration.sources.isEmpty && configuration.endsWithInput { halt(.endOfInput) }
    }

    /// Ends the session: every sink finishes, every source closes. Returns how it ended.
    @discardableResult
    public func end() throws -> SessionResult {
        let now = stopTime ?? loop.now
        if !ended {
            ended = true
            var firstError: (any Error)?
            for sink in sinks {
                do { try sink.finish(now: now) } catch { if firstError == nil { firstError = error } }
            }
            for source in configuration.sources { source.close() }
            if let firstError { throw firstError }
        }
        return SessionResult(
            stop: stopReason ?? .signal("none"), passes: passes, start: startTime, end: now, droppedSinks: dropped)
    }

    private func endQuietly() { _ = try? end() }

    /// Stops the loop with `reason` (the first reason wins).
    private func halt(_ reason: SessionResult.Stop) {
        if stopReason == nil {
            stopReason = reason
            stopTime = loop.now
        }
        loop.stop()
    }

    private func signal(_ number: Int32) throws {
        switch number {
        case SIGHUP: for sink in sinks { sink.reload() }
        case SIGUSR1: releaseScreens()
        case SIGUSR2: takeScreensBack()
        default: halt(.signal(number == SIGINT ? "SIGINT" : "SIGTERM"))
        }
    }

    /// Lets the displays follow VT switches once the loop takes the switch signals from its signal descriptor.
    /// Not on a paced replay's loop, which waits for termination signals only (the VT would wait forever for
    /// its release to be allowed).
    private func followConsoleSwitches() {
        guard configuration.followsConsoleSwitches else { return }
        switch configuration.clock {
        case .system, .manual: break
        case .eventTime: return
        }
        for sink in sinks {
            guard let screen = (sink as? DisplaySink)?.display as? any ConsoleSwitching else { continue }
            do {
                if try screen.followSwitches(releaseSignal: SIGUSR1, acquireSignal: SIGUSR2) { screens.append(screen) }
            } catch {
                configuration.note("console", "VT switches are not followed (the display keeps the screen): \(error)")
            }
        }
    }

    /// Another VT is coming to the front: the displays give the screen up and drawing stops.
    private func releaseScreens() {
        guard !screens.isEmpty else { return }
        screenToTakeBack = false
        for screen in screens {
            do { try screen.releaseScreen() } catch { configuration.note("console", "releasing the screen: \(error)") }
        }
        configuration.note("console", "another VT is in front: screen released, drawing stopped")
    }

    /// Our VT is in front again: the displays take the screen back and draw in full. One that cannot yet (DRM
    /// master still held elsewhere) is tried again at each frame tick.
    private func takeScreensBack() {
        guard !screens.isEmpty else { return }
        screenToTakeBack = false
        for screen in screens where !screen.isOnScreen {
            do {
                try screen.acquireScreen()
            } catch {
                if !screenToTakeBack { configuration.note("console", "taking the screen back: \(error); retrying") }
                screenToTakeBack = true
            }
        }
        if !screenToTakeBack { configuration.note("console", "our VT is in front: screen taken back") }
    }

    /// Hands `events` to every sink, then re-watches the source's descriptors, schedules its next wake-up and
    /// checks whether the input has ended. What the other sources hold from before goes first (`readHeld`), unless
    /// `events` are such held events themselves.
    private func deliver(_ events: [SensorEvent], from source: any EventSource, afterHeld: Bool = true) throws {
        let now = loop.now
        if afterHeld, !events.isEmpty { try deliverHeld(before: source, now: now) }
        if !events.isEmpty {
            let events = timeOrder.order(events)
            for sink in sinks { try guarded(sink) { try sink.consume(events, now: now) } }
        }
        for note in source.takeNotes() { configuration.note(source.name, note) }
        try rewatch(source)
        try scheduleWake(source)
        try retunePollTimer(source)
        checkFinishedSinks()
        if configuration.endsWithInput, stopReason == nil, configuration.sources.allSatisfy(\.isFinished) {
            try endOfPass(now: now)
        }
    }

    /// What the other sources already hold came before `source`'s events of `now` (captured samples keep the
    /// kernel's earlier times; a recording read at the ticks waits for them): it goes first, so every sink sees the
    /// events in time order.
    private func deliverHeld(before source: any EventSource, now: Timestamp) throws {
        guard sourcesStarted else { return }
        for other in configuration.sources where other !== source && stopReason == nil {
            let held = other.readHeld(now: now)
            if !held.isEmpty { try deliver(held, from: other, afterHeld: false) }
        }
    }

    private func rewatch(_ source: any EventSource) throws {
        let id = ObjectIdentifier(source)
        let now = Set(source.fileDescriptors)
        let before = watched[id] ?? []
        guard now != before else { return }
        for fd in before.subtracting(now) { loop.unwatch(fd) }
        for fd in now.subtracting(before) {
            try loop.watch(fd) { [unowned self, unowned source] in
                try self.deliver(source.read(fd, now: self.loop.now), from: source)
            }
        }
        watched[id] = now
    }

    private func scheduleWake(_ source: any EventSource) throws {
        let id = ObjectIdentifier(source)
        guard !wakePending.contains(id), let time = source.nextWakeTime else { return }
        // Read at the frame ticks instead (`readSourcesDueAtFrameTick`).
        if source.isReadAtFrameTicks, frameTimer != nil { return }
        wakePending.insert(id)
        try loop.schedule(at: time) { [unowned self, unowned source] now in
            self.wakePending.remove(id)
            try self.deliver(source.poll(now: now), from: source)
        }
    }

    /// A source polled at a rate rests its timer while it is read at the frame ticks, and has it back when it no
    /// longer is (a sensor found again without its trigger).
    private func retunePollTimer(_ source: any EventSource) throws {
        guard let timer = pollTimers[ObjectIdentifier(source)], let interval = source.pollIntervalSeconds else {
            return
        }
        if source.isReadAtFrameTicks, frameTimer != nil {
            try timer.pause()
        } else {
            try timer.setPeriod(seconds: interval)
        }
    }

    /// The recordings ran out: a last frame, then again from the top (`--loop`) or stop.
    private func endOfPass(now: Timestamp) throws {
        for sink in sinks { try guarded(sink) { try sink.frame(now: now) } }
        passes += 1
        if configuration.repeatsInput {
            if let limit = configuration.passLimit, passes >= limit { return halt(.passLimit) }
            if configuration.sources.allSatisfy({ $0.rewind(now: now) }) {
                timeOrder.reset()
                for sink in sinks { try guarded(sink) { try sink.restart(now: now) } }
                for source in configuration.sources { try scheduleWake(source) }
                return
            }
        }
        halt(.endOfInput)
    }

    private func frameTick(now: Timestamp) throws {
        // The tick runs while another VT is in front too: the watchdog keeps being pinged by a loop that turns.
        configuration.heartbeat(now)
        if screenToTakeBack { takeScreensBack() }
        try readSourcesDueAtFrameTick(now: now)
        // The recording ended at this tick and the session with it: its last frame is drawn (`endOfPass`).
        guard stopReason == nil else { return }
        for sink in sinks { try guarded(sink) { try sink.frame(now: now) } }
        checkFinishedSinks()
        try retuneFrameTimer()
    }

    /// The events due by `now` from each source that is read at the frame ticks, delivered before the frame: all a
    /// polled source has (sensors' captured samples), a recording's when its next one is due.
    private func readSourcesDueAtFrameTick(now: Timestamp) throws {
        guard frameTimer != nil, sourcesStarted else { return }
        for source in configuration.sources where source.isReadAtFrameTicks && stopReason == nil {
            if source.pollIntervalSeconds == nil {
                guard let due = source.nextWakeTime, due <= now else { continue }
            }
            try deliver(source.poll(now: now), from: source)
        }
    }

    /// One frame timer at the shortest period any sink asks for (a parked display asks for less).
    private func retuneFrameTimer() throws {
        let period = sinks.compactMap(\.framePeriodSeconds).min()
        guard period != framePeriod, let period else { return }
        framePeriod = period
        if let frameTimer {
            try frameTimer.setPeriod(seconds: period)
        } else {
            frameTimer = try loop.addTimer(periodSeconds: period) { [unowned self] now in try self.frameTick(now: now) }
        }
    }

    private func checkFinishedSinks() {
        if let reason = sinks.lazy.compactMap(\.finishedReason).first { halt(.sinkFinished(reason)) }
    }

    /// Runs `body` for `sink`; an essential sink's error ends the session, another's drops the sink.
    private func guarded(_ sink: any EventSink, _ body: () throws -> Void) throws {
        guard sinks.contains(where: { $0 === sink }) else { return }
        do {
            try body()
        } catch {
            if sink.isEssential { throw error }
            sinks.removeAll { $0 === sink }
            for fd in sink.fileDescriptors { loop.unwatch(fd) }
            dropped.append(DroppedSink(name: sink.name, error: "\(error)"))
            configuration.note("session", "\(sink.name) stopped: \(error)")
            for other in sinks { other.sinkFailed(sink.name, error: error) }
        }
    }
}
