/// Turns decoded input into ride actions: keys through the key map, touches through the gestures and the HUD's
/// touch controls.
public struct RideInput: Sendable {
    /// A place on screen that does something when tapped (a HUD button).
    public struct Control: Hashable, Sendable {
        public var frame: Rect
        public var action: RideAction
        public init(frame: Rect, action: RideAction) {
            self.frame = frame
            self.action = action
        }
    }

    public var keyMap: KeyMap
    public var gestures: TouchGestures
    /// The tappable controls, in screen pixels (the HUD lays them out).
    public var controls: [Control]

    public init(keyMap: KeyMap = .standard, screenWidth: Double, screenHeight: Double, controls: [Control] = []) {
        self.keyMap = keyMap
        self.gestures = TouchGestures(configuration: .init(screenWidth: screenWidth, screenHeight: screenHeight))
        self.controls = controls
    }

    /// The actions one input event asks for.
    ///
    /// A key acts when pressed; held down, only the zoom keys repeat (a held "mark" key must not drop a row of
    /// marks).
    public mutating func actions(for event: InputEvent) -> [RideAction] {
        switch event {
        case .key(let k):
            guard let action = keyMap.action(for: k.code) else { return [] }
            switch k.state {
            case .pressed: return [action]
            case .repeated: return action == .zoomIn || action == .zoomOut ? [action] : []
            case .released: return []
            }
        case .touch(let frame):
            return gestures.feed(frame).compactMap(action(for:))
        }
    }

    private func action(for gesture: TouchGesture) -> RideAction? {
        switch gesture {
        case .tap(let p):
            return controls.first { c in
                p.x >= c.frame.x && p.x < c.frame.maxX && p.y >= c.frame.y && p.y < c.frame.maxY
            }?.action
        case .twoFingerTap: return .zoomOut
        case .drag(let dx, let dy): return .pan(dxPixels: dx, dyPixels: dy)
        case .dragEnded: return nil
        case .pinch(let scale): return .zoomBy(levels: log2(scale))
        }
    }
}
