import Core

/// A DRM/KMS screen: two dumb buffers scanned out in turn with page flips (or one buffer and DirtyFB on panels
/// without vblank), fed from frames in ordinary memory.
///
/// `present` never blocks on the display: when a flip is still pending the frame waits and goes out when the flip
/// completes (the latest frame wins). Put `fileDescriptor` in the event loop and call `handleEvents()` when it is
/// readable. `close()` finishes the pending flip, restores the CRTC and the console, and frees the buffers.
///
/// While another VT is in front (`ConsoleSwitching`) it holds no DRM master and shows nothing: a frame presented
/// then waits, and the screen is set up again, in full, when the VT returns.
public final class DrmDisplay: Display, ConsoleSwitching {
    /// How frames reach the screen.
    public enum Presentation: String, Sendable {
        /// Two buffers and page flips with completion events.
        case pageFlip = "page flip"
        /// One buffer and DirtyFB with clip rectangles (panels without vblank).
        case dirtyFB = "DirtyFB"
    }

    public let width: Int
    public let height: Int
    public var name: String {
        "\(card.driver) \(selection.connector.name) \(selection.mode.width)x\(selection.mode.height) "
            + "\(DrmFourCC.name(DrmFourCC.code(for: selection.format))) rotate \(rotation.rawValue) \(presentation.rawValue)"
    }
    /// The fd to watch for readability (page-flip events).
    public var fileDescriptor: Int32 { fd }
    /// The card's descriptor: page-flip completions (nil once closed).
    public var eventDescriptor: Int32? { closed ? nil : fd }
    /// What was chosen and why, one line each (for `probe` and logs).
    public let reasons: [String]
    public let card: DrmCardInfo
    public let selection: DrmSelection
    public let rotation: PanelRotation
    public private(set) var presentation: Presentation
    /// True while a flip is queued and its event has not arrived.
    public private(set) var isFlipPending = false
    /// Flips whose completion event arrived.
    public private(set) var completedFlips = 0
    /// Frames handed to `present`, frames actually copied out, and pixels written to scanout memory.
    public private(set) var presentedFrames = 0
    public private(set) var shownFrames = 0
    public private(set) var copiedPixels = 0
    /// False once the driver said DirtyFB is unsupported: we stop calling it.
    public private(set) var dirtyFBSupported = true
    /// False while another VT is in front and the screen is not ours.
    public private(set) var isOnScreen = true
    /// Times the screen was given away and taken back (VT switches), for the counters.
    public private(set) var releases = 0
    public private(set) var acquires = 0

    private let fd: Int32
    private var buffers: [DumbBuffer] = []
    /// None: a frame that waits for a pending flip waits composed into a buffer of the display's own
    /// (`waitingFrame`), as a composed frame's pixels are the scene's and its next frame is drawn over them.
    public var framesHeld: Int { 0 }
    private var front = 0
    private var pendingBuffer = 0
    /// The newest frame presented while a flip was pending or the screen was not ours, and what it changed (with
    /// the frames that waited before it) from the newest frame copied out.
    private var waitingFrame: FrameBuffer?
    private var waitingChange = FrameChange.none
    /// The buffer the last waiting frame waited in, kept for the next: one allocation, not one per flip missed.
    private var spareWaitingBuffer: FrameBuffer?
    /// What the scanout copy composes frames in.
    private var scratch = ScanoutCopy.Scratch()
    /// What each buffer lacks of the newest frame copied out, from what the frames said they changed: no frame
    /// is held to compare with (1.5 MB less at 800×480, and no read of two frames for each one presented).
    private var damage = BufferDamage(buffers: 0)
    private let savedCrtc: DrmCrtcState?
    private let console: VirtualTerminal?
    private let flipToken: UnsafeMutablePointer<FlipToken>
    private var closed = false

    /// Opens the card, takes DRM master, sets the chosen mode on a black buffer and switches the VT to graphics.
    public init(options: DrmOptions = DrmOptions()) throws {
        let opened = try DrmCards.open(path: options.cardPath)
        let fd = opened.fd
        let chosen: DrmSelection
        var made: [DumbBuffer] = []
        let mode: Presentation = options.forceDirtyFB ? .dirtyFB : .pageFlip
        do {
            if !DrmSys.isMaster(fd) { try DrmSys.becomeMaster(fd, path: opened.info.path) }
            chosen = try DrmSelection.choose(on: opened.info, options: options)
            savedCrtc = DrmSys.crtcState(fd, chosen.crtcID)
            for _ in 0..<(mode == .pageFlip ? 2 : 1) {
                made.append(
                    try DumbBuffer(fd: fd, width: chosen.mode.width, height: chosen.mode.height, format: chosen.format))
            }
            try DrmSys.setCrtc(
                fd, crtcID: chosen.crtcID, bufferID: made[0].framebufferID, connectorID: chosen.connector.id,
                mode: chosen.mode.raw)
        } catch {
            for buffer in made { buffer.free(fd) }
            DrmSys.close(fd)
            throw error
        }
        self.fd = fd
        card = opened.info
        selection = chosen
        rotation = options.rotation
        let logical = rotation.logicalSize(panelWidth: chosen.mode.width, panelHeight: chosen.mode.height)
        width = logical.width
        height = logical.height
        presentation = mode
        reasons = [opened.reason] + chosen.reasons + (options.forceDirtyFB ? ["presentation DirtyFB: asked for"] : [])
        buffers = made
        damage = BufferDamage(buffers: made.count)
        flipToken = UnsafeMutablePointer<FlipToken>.allocate(capacity: 1)
        flipToken.initialize(to: FlipToken())
        console = VirtualTerminal.enterGraphics()
    }

    deinit {
        close()
        flipToken.deallocate()
    }

    /// Shows `frame`: copies what changed into the buffer not on screen (what `changed` says, and what that
    /// buffer lacked already) and flips to it, or, while a flip is pending, keeps it to show when that flip
    /// completes.
    public func present(_ frame: ComposedFrame, changed: FrameChange) throws {
        guard !closed else { throw DrmError.unsupported("the display on \(card.path) is closed") }
        guard frame.width == width, frame.height == height else {
            throw DisplayError.sizeMismatch(expected: (width, height), got: (frame.width, frame.height))
        }
        presentedFrames += 1
        // Off screen: without DRM master nothing can be shown; the newest frame goes up when the VT returns.
        if isFlipPending || !isOnScreen {
            waitingChange = waitingFrame == nil ? changed : waitingChange.followed(by: changed)
            var buffer = waitingFrame ?? spareWaitingBuffer ?? FrameBuffer(width: width, height: height)
            (waitingFrame, spareWaitingBuffer) = (nil, nil)  // the only reference while it is drawn into
            frame.flatten(into: &buffer)
            waitingFrame = buffer
            return
        }
        try show(frame, changed: changed)
    }

    /// Follows VT switches when the VT lets us (see `ConsoleSwitching`); false without a VT.
    public func followSwitches(releaseSignal: Int32, acquireSignal: Int32) throws -> Bool {
        guard let console, !closed else { return false }
        try console.handleSwitches(releaseSignal: releaseSignal, acquireSignal: acquireSignal)
        return true
    }

    /// Gives the screen to the VT being switched to: the flip in flight completes first (its buffer must not be
    /// scanned out once another client owns the CRTC), then DRM master goes, then the VT may switch. The kernel's
    /// console (fbcon) can only set its own mode once we are no longer master, so the order matters.
    public func releaseScreen() throws {
        guard isOnScreen, !closed else {
            try console?.allowRelease()
            return
        }
        try? finishPendingFlips()
        isOnScreen = false
        releases += 1
        DrmSys.dropMaster(fd)
        try console?.allowRelease()
    }

    /// Takes the screen back when the VT returns: acknowledges the switch, becomes DRM master again (the kernel
    /// lets the fd that was master take it back), and sets our mode again (whoever had the screen meanwhile may
    /// have set another) on the front buffer. Our buffers are ours alone: the front one still holds the newest
    /// frame copied out (the flip in flight completed before the screen went), and a frame that waited goes up
    /// after it.
    public func acquireScreen() throws {
        guard !isOnScreen, !closed else { return }
        try console?.acknowledgeAcquire()
        if !DrmSys.isMaster(fd) { try DrmSys.becomeMaster(fd, path: card.path) }
        isOnScreen = true
        acquires += 1
        try DrmSys.setCrtc(
            fd, crtcID: selection.crtcID, bufferID: buffers[front].framebufferID, connectorID: selection.connector.id,
            mode: selection.mode.raw)
        try showWaitingFrame()
    }

    /// Reads the fd's events (flip completions) and sends out a frame that waited for one; returns the flips
    /// completed (0 or 1). Call when `fileDescriptor` is readable.
    @discardableResult
    public func handleEvents() throws -> Int {
        try DrmSys.handleEvents(fd)
        guard isFlipPending, flipToken.pointee.completed else { return 0 }
        flipToken.pointee.completed = false
        isFlipPending = false
        front = pendingBuffer
        completedFlips += 1
        if isOnScreen { try showWaitingFrame() }
        return 1
    }

    /// Waits up to `timeoutMilliseconds` for the fd and handles its events: for callers without an event loop.
    /// Returns false on timeout.
    @discardableResult
    public func waitForEvents(timeoutMilliseconds: Int32) throws -> Bool {
        guard DrmSys.waitReadable(fd, timeoutMilliseconds: timeoutMilliseconds) else { return false }
        try handleEvents()
        return true
    }

    /// Counts for the display tests: frames handed in, shown, flips completed, pixels copied, how.
    public var counters: String? {
        "frames \(presentedFrames) shown \(shownFrames) flips \(completedFlips) "
            + "pixels \(copiedPixels) presentation \(presentation.rawValue) released \(releases) acquired \(acquires)"
    }

    /// Waits until no flip is pending and no frame waits (up to about a second per flip).
    public func finishPendingFrames() throws { try finishPendingFlips() }

    /// Waits until no flip is pending and no frame waits (up to about a second per flip).
    public func finishPendingFlips() throws {
        while isFlipPending {
            guard try waitForEvents(timeoutMilliseconds: 1000) || !isFlipPending else {
                throw DrmError.flipTimedOut(path: card.path)
            }
        }
    }

    /// Copies `frame`, which changed `changed` from the newest frame copied out, into the back buffer and flips.
    /// Sends out the frame that waited, if one did, and keeps its buffer for the next.
    private func showWaitingFrame() throws {
        guard let frame = waitingFrame else { return }
        waitingFrame = nil
        try show(ComposedFrame(frame), changed: waitingChange)
        spareWaitingBuffer = frame
    }

    private func show(_ frame: ComposedFrame, changed: FrameChange) throws {
        if presentation == .dirtyFB {
            try showWithDirtyFB(frame, changed: changed)
            return
        }
        // Nothing new since the frame on screen: no copy, no flip.
        if changed.rect(width: width, height: height) == nil, damage.holdsNewest(buffer: front) { return }
        let back = 1 - front
        try copy(frame, changed: changed, into: back)
        flipToken.pointee.completed = false
        let code = DrmSys.pageFlip(
            fd, crtcID: selection.crtcID, bufferID: buffers[back].framebufferID,
            token: UnsafeMutableRawPointer(flipToken))
        if code == 0 {
            isFlipPending = true
            pendingBuffer = back
            shownFrames += 1
            return
        }
        // Drivers without page flips (some SPI panels): one buffer and DirtyFB from now on.
        if shownFrames == 0, code == DrmError.einval || code == DrmError.enosys || code == DrmError.eopnotsupp {
            presentation = .dirtyFB
            try showWithDirtyFB(frame, changed: .unknown)
            return
        }
        throw DrmError.call("page flip on CRTC \(selection.crtcID) of \(card.path)", errno: code)
    }

    private func showWithDirtyFB(_ frame: ComposedFrame, changed: FrameChange) throws {
        guard let rect = try copy(frame, changed: changed, into: front) else { return }
        shownFrames += 1
        guard dirtyFBSupported else { return }
        let r = rotation.panelRect(rect, logicalWidth: width, logicalHeight: height)
        let code = DrmSys.dirtyFramebuffer(
            fd, buffers[front].framebufferID, clips: [(r.x, r.y, r.x + r.width, r.y + r.height)])
        if code == DrmError.enosys || code == DrmError.eopnotsupp {
            dirtyFBSupported = false  // the driver scans out memory directly; nothing to flush
        } else if code != 0 {
            throw DrmError.call("DirtyFB on \(card.path)", errno: code)
        }
    }

    /// Copies the part of `frame` (which changed `changed`) that buffer `index` lacks; returns that (logical)
    /// rectangle.
    @discardableResult
    private func copy(_ frame: ComposedFrame, changed: FrameChange, into index: Int) throws -> PixelRect? {
        let buffer = buffers[index]
        guard let rect = damage.copy(changed, into: index).rect(width: width, height: height) else { return nil }
        ScanoutCopy.copy(
            frame, rect: rect, rotation: rotation, format: selection.format, to: buffer.memory, pitch: buffer.pitch,
            scratch: &scratch)
        copiedPixels += rect.width * rect.height
        return rect
    }

    /// Finishes the pending flip, puts the saved CRTC back, frees the buffers, restores the console and closes the
    /// card. Safe to call more than once; never throws (it runs on the way out).
    public func close() {
        guard !closed else { return }
        closed = true
        waitingFrame = nil
        spareWaitingBuffer = nil
        try? finishPendingFlips()
        // Off screen the CRTC is someone else's (the console of the VT in front): leave it alone.
        if isOnScreen { restoreCrtc() }
        for buffer in buffers { buffer.free(fd) }
        buffers = []
        console?.restore()
        DrmSys.dropMaster(fd)
        DrmSys.close(fd)
    }

    /// Puts back what the CRTC showed before us, or turns it off.
    private func restoreCrtc() {
        if let saved = savedCrtc, saved.bufferID != 0 {
            try? DrmSys.setCrtc(
                fd, crtcID: saved.crtcID, bufferID: saved.bufferID, x: saved.x, y: saved.y,
                connectorID: selection.connector.id, mode: saved.mode)
        } else {
            // Nothing was shown before us: turn the CRTC off rather than leave it on freed memory.
            try? DrmSys.setCrtc(fd, crtcID: selection.crtcID, bufferID: 0, connectorID: nil, mode: nil)
        }
    }
}
