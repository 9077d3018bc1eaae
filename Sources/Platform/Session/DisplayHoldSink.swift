import Core

/// Keeps what is on `display` there while the session runs, drawing nothing: the end of `calibrate` leaves its
/// result up for the user to read. The session's own stop conditions end the hold (`stopAfterSeconds`, SIGINT or
/// SIGTERM); the display's events (a late page flip) are still taken, so it never blocks the driver.
public final class DisplayHoldSink: EventSink {
    public let display: any Display

    public init(display: any Display) { self.display = display }

    public var name: String { "hold" }
    public var fileDescriptors: [Int32] { display.eventDescriptor.map { [$0] } ?? [] }
    public func consume(_ events: [SensorEvent], now: Timestamp) throws {}
    public func handleReadable(_ fd: Int32, now: Timestamp) throws { _ = try display.handleEvents() }
}
