import Core
import Foundation
import Platform
import Testing

/// The backlight against a directory tree laid out as /sys/class/backlight is (one folder per device with
/// `max_brightness` and `brightness`), in a temporary folder.
@Suite("Backlight through sysfs")
struct BacklightTests {
    /// A fresh `class/backlight`-like root; `devices` maps a name to its `max_brightness` text.
    static func sysfs(_ devices: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("backlight-\(UUID().uuidString)")
        for (name, max) in devices {
            let dir = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try (max + "\n").write(to: dir.appendingPathComponent("max_brightness"), atomically: false, encoding: .utf8)
            try "0\n".write(to: dir.appendingPathComponent("brightness"), atomically: false, encoding: .utf8)
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    static func brightness(_ root: URL, _ name: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent("\(name)/brightness"), encoding: .utf8)
    }

    @Test func aBoardWithoutABacklightHasNone() throws {
        #expect(Backlight.find(root: "/nonexistent/backlight") == nil)
        let root = try Self.sysfs([:])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(Backlight.find(root: root.path) == nil)
    }

    @Test func theFirstReadableDeviceIsUsedAndDayAndNightSetTheirLevels() throws {
        let root = try Self.sysfs(["10-0045": "garbage", "rpi_backlight": "255"])
        defer { try? FileManager.default.removeItem(at: root) }
        let backlight = try #require(Backlight.find(root: root.path, dayPercent: 100, nightPercent: 30))
        #expect(backlight.directory.hasSuffix("/rpi_backlight"))
        #expect(backlight.maxBrightness == 255)
        #expect(backlight.show(.night) == nil)
        #expect(try Self.brightness(root, "rpi_backlight") == "77")
        #expect(backlight.show(.day) == nil)
        #expect(try Self.brightness(root, "rpi_backlight") == "255")
    }

    @Test(arguments: [(0.0, 0), (0.01, 1), (50, 50), (100, 100), (250, 100), (Double.nan, 100)])
    func levelsAreClampedAndALitPanelNeverGoesDark(_ c: (percent: Double, level: Int)) throws {
        let root = try Self.sysfs(["panel": "100"])
        defer { try? FileManager.default.removeItem(at: root) }
        let backlight = try Backlight(directory: root.appendingPathComponent("panel").path)
        #expect(backlight.level(percent: c.percent) == c.level)
    }

    @Test func aFailingWriteIsReportedOnceAndItsRecoveryOnce() throws {
        let root = try Self.sysfs(["panel": "200"])
        defer { try? FileManager.default.removeItem(at: root) }
        let dir = root.appendingPathComponent("panel")
        let backlight = try Backlight(directory: dir.path, dayPercent: 90, nightPercent: 10)
        // A folder where the attribute should be: the write fails even for root, which ignores permissions.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("brightness"))
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("brightness"), withIntermediateDirectories: false)
        let first = backlight.show(.night)
        #expect(first?.contains("brightness") == true, "\(first ?? "nil")")
        #expect(backlight.show(.day) == nil)
        #expect(backlight.show(.night) == nil)
        try FileManager.default.removeItem(at: dir.appendingPathComponent("brightness"))
        try "0\n".write(to: dir.appendingPathComponent("brightness"), atomically: false, encoding: .utf8)
        #expect(backlight.show(.day)?.contains("set again") == true)
        #expect(try Self.brightness(root, "panel") == "180")
    }

    @Test func aDeviceWithoutAMaximumIsRefused() throws {
        let root = try Self.sysfs(["panel": "0"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: BacklightError.self) { try Backlight(directory: root.appendingPathComponent("panel").path) }
        #expect(throws: BacklightError.self) { try Backlight(directory: root.appendingPathComponent("none").path) }
    }

    @Test func stoppingPutsBackTheBrightnessFoundAtStart() throws {
        let root = try Self.sysfs(["panel": "255"])
        defer { try? FileManager.default.removeItem(at: root) }
        let dir = root.appendingPathComponent("panel")
        try "200\n".write(to: dir.appendingPathComponent("brightness"), atomically: false, encoding: .utf8)
        let backlight = try Backlight(directory: dir.path, dayPercent: 100, nightPercent: 30)
        #expect(backlight.original == 200)
        #expect(backlight.restore() == nil)  // nothing changed yet: nothing written
        #expect(try Self.brightness(root, "panel") == "200\n")
        #expect(backlight.show(.night) == nil)
        #expect(try Self.brightness(root, "panel") == "77")
        #expect(backlight.restore() == nil)
        #expect(try Self.brightness(root, "panel") == "200")
    }
}
