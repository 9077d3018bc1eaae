/// Why a key map's text could not be read.
public struct KeyMapError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var reason: String
    public var description: String { "key map line \(line): \(reason)" }
}

/// Which key does what: key codes to ride actions, with a text form for the configuration file.
///
/// The text is one binding a line, `KEY = ACTION`, where KEY is a kernel key name (`KEY_VOLUMEUP`, `BTN_0`) or
/// a decimal code and ACTION one of `RideAction.bindable`'s names; `#` starts a comment. Several keys may do the
/// same thing; a key bound twice is an error (which one was meant?).
public struct KeyMap: Hashable, Sendable, CustomStringConvertible {
    public private(set) var bindings: [KeyCode: RideAction]

    public init(_ bindings: [KeyCode: RideAction] = [:]) { self.bindings = bindings }

    /// The action for a key, if it has one.
    public func action(for key: KeyCode) -> RideAction? { bindings[key] }

    public mutating func bind(_ key: KeyCode, to action: RideAction) { bindings[key] = action }

    /// What works out of the box: a numeric keypad, arrow keys, media remotes (volume, track and play keys, as
    /// handlebar remotes send them), the zoom keys of consumer-control devices, and BTN_0…BTN_7 for GPIO buttons.
    public static let standard: KeyMap = {
        var m = KeyMap()
        let pairs: [(String, RideAction)] = [
            ("KEY_KPPLUS", .zoomIn), ("KEY_KPMINUS", .zoomOut), ("KEY_EQUAL", .zoomIn), ("KEY_MINUS", .zoomOut),
            ("KEY_UP", .zoomIn), ("KEY_DOWN", .zoomOut), ("KEY_ZOOMIN", .zoomIn), ("KEY_ZOOMOUT", .zoomOut),
            ("KEY_VOLUMEUP", .zoomIn), ("KEY_VOLUMEDOWN", .zoomOut), ("KEY_O", .cycleOrientation),
            ("KEY_KP5", .cycleOrientation), ("KEY_NEXTSONG", .cycleOrientation), ("KEY_N", .lockNorthUp),
            ("KEY_KP8", .lockNorthUp), ("KEY_C", .recentre), ("KEY_KP0", .recentre), ("KEY_HOME", .recentre),
            ("KEY_PLAYPAUSE", .recentre), ("KEY_D", .cycleLighting), ("KEY_KPASTERISK", .cycleLighting),
            ("KEY_M", .markPoint), ("KEY_KPENTER", .markPoint), ("KEY_PREVIOUSSONG", .markPoint),
            ("KEY_R", .toggleRecording), ("KEY_RECORD", .toggleRecording), ("BTN_0", .zoomIn), ("BTN_1", .zoomOut),
            ("BTN_2", .cycleOrientation), ("BTN_3", .recentre), ("BTN_4", .cycleLighting), ("BTN_5", .markPoint),
            ("BTN_6", .lockNorthUp), ("BTN_7", .toggleRecording),
        ]
        for (name, action) in pairs { m.bind(KeyCode(name: name)!, to: action) }
        return m
    }()

    /// Reads the text form.
    public init(parsing text: String) throws(KeyMapError) {
        var bindings: [KeyCode: RideAction] = [:]
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = i + 1
            let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let trimmed = content.trimmingCharacters(in: " ").trimmingCharacters(in: "\t")
            if trimmed.isEmpty { continue }
            let parts = trimmed.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw KeyMapError(line: line, reason: "expected KEY = ACTION") }
            let keyText = String(parts[0].trimmingCharacters(in: " "))
            let actionText = String(parts[1].trimmingCharacters(in: " "))
            guard let key = KeyCode(name: keyText) else {
                throw KeyMapError(line: line, reason: "unknown key \"\(keyText)\" (a KEY_/BTN_ name or a code)")
            }
            guard let action = RideAction(name: actionText) else {
                let names = RideAction.bindable.compactMap(\.name).joined(separator: ", ")
                throw KeyMapError(line: line, reason: "unknown action \"\(actionText)\" (one of \(names))")
            }
            guard bindings[key] == nil else { throw KeyMapError(line: line, reason: "\(key) is bound twice") }
            bindings[key] = action
        }
        self.bindings = bindings
    }

    /// The text form, one binding a line in key-code order (reads back to the same map).
    public var description: String {
        bindings.keys.sorted().map { "\($0) = \(bindings[$0]!.name ?? "")\n" }.joined()
    }
}
