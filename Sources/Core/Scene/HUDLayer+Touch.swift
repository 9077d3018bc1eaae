/// The HUD's panels as the places a tap acts on, so a touch screen's buttons are where the rider sees them on every
/// panel and layout (the heading panel spans two thirds of a portrait screen, the scale bar moves on a 3.5" one).
extension HUDLayer.Layout {
    /// A fingertip is about 9 mm across (ISO 9241-9's touch targets): a place smaller than that is tappable over
    /// that much, centred on it, and every place gets 2 mm more around it for a rider's gloved, bumped finger.
    static let smallestTargetMillimetres = 9.0
    static let slopMillimetres = 2.0

    /// The north pointer locks north-up, the heading panel cycles the orientation, the speed panel turns
    /// day/night/auto, anywhere else recentres. The pointer comes first: it is the smallest and sits beside the
    /// heading panel.
    func touchControls(width: Int, height: Int, physics: ScreenPhysics) -> [RideInput.Control] {
        let north = Rect(
            x: northCenter.x - northRadius, y: northCenter.y - northRadius, width: 2 * northRadius,
            height: 2 * northRadius)
        let places: [(Rect, RideAction)] = [
            (north, .lockNorthUp), (heading, .cycleOrientation), (speed, .cycleLighting),
        ]
        let screen = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        return places.map { rect, action in
            RideInput.Control(frame: Self.target(rect, physics: physics, within: screen), action: action)
        } + [Self.recentreAnywhere(width: width, height: height)]
    }

    /// A tap anywhere on the screen recentres (the last control; the only one without a HUD).
    static func recentreAnywhere(width: Int, height: Int) -> RideInput.Control {
        RideInput.Control(frame: Rect(x: 0, y: 0, width: Double(width), height: Double(height)), action: .recentre)
    }

    /// `rect` grown to a fingertip's size and its slop, inside `screen`.
    private static func target(_ rect: Rect, physics: ScreenPhysics, within screen: Rect) -> Rect {
        let smallest = smallestTargetMillimetres * physics.pixelsPerMillimetre
        let slop = slopMillimetres * physics.pixelsPerMillimetre
        let grow = (x: max(0, smallest - rect.width) / 2 + slop, y: max(0, smallest - rect.height) / 2 + slop)
        let x0 = max(screen.x, rect.x - grow.x)
        let y0 = max(screen.y, rect.y - grow.y)
        let x1 = min(screen.maxX, rect.maxX + grow.x)
        let y1 = min(screen.maxY, rect.maxY + grow.y)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}
