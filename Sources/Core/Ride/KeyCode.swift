/// A Linux input key code (`KEY_*` and `BTN_*` of linux/input-event-codes.h), with the names a key map may use.
public struct KeyCode: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var rawValue: UInt16
    public init(_ rawValue: UInt16) { self.rawValue = rawValue }
    public static func < (a: KeyCode, b: KeyCode) -> Bool { a.rawValue < b.rawValue }

    /// The kernel's name ("KEY_VOLUMEUP"), or the number for a code without one here.
    public var description: String { Self.namesByCode[rawValue] ?? String(rawValue) }

    /// Parses "KEY_A", "BTN_0", "key_a" or a decimal code ("115").
    public init?(name: String) {
        let upper = name.uppercased()
        if let code = Self.codesByName[upper] {
            self.init(code)
        } else if let n = UInt16(name), n < 0x300 {
            self.init(n)
        } else {
            return nil
        }
    }

    /// Every key this table names, in code order.
    public static var named: [KeyCode] { namesByCode.keys.sorted().map(KeyCode.init) }

    // The codes from linux/input-event-codes.h that keypads, remotes, GPIO buttons and handlebar controllers send.
    static let table: [(String, UInt16)] = {
        var t: [(String, UInt16)] = [
            ("KEY_ESC", 1), ("KEY_MINUS", 12), ("KEY_EQUAL", 13), ("KEY_BACKSPACE", 14), ("KEY_TAB", 15),
            ("KEY_ENTER", 28), ("KEY_LEFTCTRL", 29), ("KEY_LEFTSHIFT", 42), ("KEY_SPACE", 57), ("KEY_KPASTERISK", 55),
            ("KEY_KPMINUS", 74), ("KEY_KPPLUS", 78), ("KEY_KPDOT", 83), ("KEY_KPENTER", 96), ("KEY_KPSLASH", 98),
            ("KEY_HOME", 102), ("KEY_UP", 103), ("KEY_PAGEUP", 104), ("KEY_LEFT", 105), ("KEY_RIGHT", 106),
            ("KEY_END", 107), ("KEY_DOWN", 108), ("KEY_PAGEDOWN", 109), ("KEY_MUTE", 113), ("KEY_VOLUMEDOWN", 114),
            ("KEY_VOLUMEUP", 115), ("KEY_POWER", 116), ("KEY_PAUSE", 119), ("KEY_MENU", 139), ("KEY_BACK", 158),
            ("KEY_FORWARD", 159), ("KEY_NEXTSONG", 163), ("KEY_PLAYPAUSE", 164), ("KEY_PREVIOUSSONG", 165),
            ("KEY_STOPCD", 166), ("KEY_RECORD", 167), ("KEY_CAMERA", 212), ("KEY_BRIGHTNESSDOWN", 224),
            ("KEY_BRIGHTNESSUP", 225), ("KEY_SELECT", 0x161), ("KEY_OK", 0x160), ("KEY_INFO", 0x166),
            ("KEY_ZOOMIN", 0x1a2), ("KEY_ZOOMOUT", 0x1a3), ("KEY_ZOOMRESET", 0x1a4), ("BTN_LEFT", 0x110),
            ("BTN_RIGHT", 0x111), ("BTN_MIDDLE", 0x112), ("BTN_TOUCH", 0x14a),
        ]
        let letters = "QWERTYUIOP" as String
        for (i, c) in letters.enumerated() { t.append(("KEY_\(c)", UInt16(16 + i))) }
        for (i, c) in "ASDFGHJKL".enumerated() { t.append(("KEY_\(c)", UInt16(30 + i))) }
        for (i, c) in "ZXCVBNM".enumerated() { t.append(("KEY_\(c)", UInt16(44 + i))) }
        for d in 1...9 { t.append(("KEY_\(d)", UInt16(1 + d))) }
        t.append(("KEY_0", 11))
        for f in 1...10 { t.append(("KEY_F\(f)", UInt16(58 + f))) }
        t += [("KEY_F11", 87), ("KEY_F12", 88)]
        for (k, code) in [(7, 71), (8, 72), (9, 73), (4, 75), (5, 76), (6, 77), (1, 79), (2, 80), (3, 81), (0, 82)] {
            t.append(("KEY_KP\(k)", UInt16(code)))
        }
        for b in 0...9 { t.append(("BTN_\(b)", UInt16(0x100 + b))) }
        return t
    }()

    static let codesByName: [String: UInt16] = Dictionary(table, uniquingKeysWith: { a, _ in a })
    static let namesByCode: [UInt16: String] = Dictionary(table.map { ($0.1, $0.0) }, uniquingKeysWith: { a, _ in a })
}
