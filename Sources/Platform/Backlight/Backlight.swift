import Core

/// What went wrong with the backlight, and where.
///
/// Not a `SystemCallError`: it names the sysfs file, and some failures (a short write, a value that is not a number)
/// have no errno.
public struct BacklightError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var what: String
    public var description: String { "\(path): \(what)" }
}

/// A panel's backlight through sysfs (`/sys/class/backlight/NAME/brightness`, out of `max_brightness`), set to
/// the day or the night level when the display turns, and put back as it was found when navdisplay stops (a
/// console or the next program should not inherit the night level).
///
/// It is never essential: a board without one has none (`find` gives nil), and a write that fails (a read-only
/// sysfs, a driver gone) is reported once by `set`, then quietly tried again at the next change, so the journal
/// does not fill up at every dusk.
public final class Backlight {
    /// The device's folder, `/sys/class/backlight/NAME`.
    public let directory: String
    /// The driver's full brightness (`max_brightness`).
    public let maxBrightness: Int
    /// The day and night levels, in percent of `maxBrightness`.
    public var dayPercent: Double
    public var nightPercent: Double
    /// The brightness last written, so an unchanged level is not written again.
    public private(set) var brightness: Int?
    /// The brightness found at start (`brightness` as read then), put back by `restore`; nil when unreadable.
    public let original: Int?
    private var failureReported = false

    /// The backlight in `directory`; throws when it has no readable `max_brightness` above 0.
    public init(directory: String, dayPercent: Double = 100, nightPercent: Double = 30) throws {
        self.directory = directory
        let path = directory + "/max_brightness"
        let text = try backlight_readAttribute(path).get()
        guard let max = Int(text.filter { $0 != " " && $0 != "\t" }), max > 0 else {
            throw BacklightError(path: path, what: "not a positive number: \"\(text.prefix(20))\"")
        }
        maxBrightness = max
        original = (try? backlight_readAttribute(directory + "/brightness").get()).flatMap {
            Int($0.filter { $0 != " " && $0 != "\t" })
        }.flatMap { (0...max).contains($0) ? $0 : nil }
        self.dayPercent = dayPercent
        self.nightPercent = nightPercent
    }

    /// The first backlight under `root` (sorted by name, as the kernel lists them) that can be read; nil when
    /// the board has none.
    public static func find(
        root: String = "/sys/class/backlight", dayPercent: Double = 100, nightPercent: Double = 30
    ) -> Backlight? {
        for name in backlight_listDirectory(root) {
            if let b = try? Backlight(directory: root + "/" + name, dayPercent: dayPercent, nightPercent: nightPercent)
            {
                return b
            }
        }
        return nil
    }

    /// The raw brightness for `percent` of full (clamped to 0…100; a lit panel never goes fully dark above 0 %).
    public func level(percent: Double) -> Int {
        let p = percent.isFinite ? min(max(percent, 0), 100) : 100
        let raw = Int(checkedRounding: p / 100 * Double(maxBrightness)) ?? maxBrightness
        return p > 0 ? max(1, raw) : 0
    }

    /// Sets the level for `lighting`. Returns a line for the log the first time a write fails (nil otherwise):
    /// later failures are not repeated, and a success after one is said once ("backlight … works again").
    @discardableResult
    public func show(_ lighting: Lighting) -> String? {
        let target = level(percent: lighting == .night ? nightPercent : dayPercent)
        guard target != brightness else { return nil }
        if let error = backlight_writeAttribute(directory + "/brightness", String(target)) {
            brightness = nil
            defer { failureReported = true }
            return failureReported ? nil : "backlight: \(error); the screen keeps its brightness"
        }
        brightness = target
        if failureReported {
            failureReported = false
            return "backlight: \(directory) set again (\(target) of \(maxBrightness))"
        }
        return nil
    }

    /// Puts the brightness found at start back, if it was changed. Returns a line for the log when that fails.
    @discardableResult
    public func restore() -> String? {
        guard let original, brightness != nil, brightness != original else { return nil }
        if let error = backlight_writeAttribute(directory + "/brightness", String(original)) {
            return "backlight: \(error); not restored to \(original)"
        }
        brightness = original
        return nil
    }
}
