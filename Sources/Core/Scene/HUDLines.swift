/// Every piece of text the HUD draws for one frame, and whether each is a warning. The HUD draws exactly these,
/// and `FrameSignature` compares exactly these, so a new HUD field cannot miss a redraw.
public struct HUDLines: Hashable, Sendable {
    /// "037°", or "---°" without a heading.
    public var heading: String
    /// "NE" beside the heading; nil without one.
    public var cardinal: String?
    /// The orientation mode and what turns the map ("HEADING-UP · GPS").
    public var mode: String
    /// The heading's status line, upper case.
    public var headingStatus: String
    public var headingWarning: Bool
    /// Speed in whole km/h, or "--".
    public var speed: String
    /// The position's status line, upper case.
    public var positionStatus: String
    public var positionWarning: Bool
    /// Device warnings ("RECORDING STOPPED").
    public var notices: [String]

    public init(_ input: SceneInput) {
        if let h = input.heading {
            let degrees = String((Int(checkedRounding: h.direction.degrees) ?? 0) % 360)
            heading = String(repeating: "0", count: max(0, 3 - degrees.count)) + degrees + "°"
            cardinal = h.direction.cardinal
        } else {
            heading = "---°"
            cardinal = nil
        }
        mode = input.mode.hudLabel + HUDLayer.driverSuffix(input.rotationDriver)
        headingStatus = (input.headingStatus ?? (input.heading == nil ? "NO HEADING" : "")).uppercased()
        headingWarning = input.headingWarning || input.heading == nil
        // A speed from outside (a rogue gpsd sending 1e300) is shown as unknown, never trapped on.
        speed = input.speedMetresPerSecond.flatMap { Int(checkedRounding: $0 * 3.6) }.map(String.init) ?? "--"
        positionStatus = input.positionStatus.uppercased()
        positionWarning = input.positionWarning
        notices = input.notices
    }
}
