import Core
import Foundation
import Platform
import Testing

@testable import NavDisplay

/// The rider's options on the command line and in navdisplay.conf.
@Suite("Ride options")
struct RideOptionsTests {
    @Test func theCommandLineSetsInputLightingAutoZoomAndBacklight() throws {
        let run = try RunCommand(arguments: [
            "--config", "none", "--input", "/dev/input/event3", "--lighting", "night", "--auto-zoom",
            "--backlight", "none", "--backlight-day", "80", "--backlight-night", "15", "--record-dir", "/tmp/rides",
            "--orientation", "auto",
        ])
        #expect(run.ride.input == .device("/dev/input/event3"))
        #expect(run.ride.lighting == .night)
        #expect(run.ride.autoZoom)
        #expect(run.ride.backlight == .none)
        #expect(run.ride.backlightDayPercent == 80)
        #expect(run.ride.backlightNightPercent == 15)
        #expect(run.ride.recordDirectory == "/tmp/rides")
        #expect(run.view.orientation == .auto)
        let settings = run.ride.settings(mapStyle: run.map.style)
        #expect(settings.autoZoom && settings.lighting == .night)
    }

    @Test func theDefaultsAreAutoInputAndTheSunAndStyleNightMeansNight() throws {
        let run = try RunCommand(arguments: ["--config", "none"])
        #expect(run.ride.input == .auto)
        #expect(run.ride.settings(mapStyle: run.map.style).lighting == .auto)
        #expect(!run.ride.settings(mapStyle: run.map.style).autoZoom)
        let night = try RunCommand(arguments: ["--config", "none", "--style", "night"])
        #expect(night.ride.settings(mapStyle: night.map.style).lighting == .night)
        let both = try RunCommand(arguments: ["--config", "none", "--style", "night", "--lighting", "auto"])
        #expect(both.ride.settings(mapStyle: both.map.style).lighting == .auto)
        #expect(try ReplayCommand(arguments: ["ride.navrec"]).ride.input == RideOptions.Input.none)
    }

    @Test(arguments: [
        ["--input", "keyboard"], ["--lighting", "dusk"], ["--backlight-night", "0"], ["--backlight-day", "101"],
    ])
    func aBadValueIsAUsageError(_ arguments: [String]) {
        #expect(throws: UsageError.self) { try RunCommand(arguments: ["--config", "none"] + arguments) }
    }

    @Test func theBenchCommandsTakeOnlyTheBenchOptions() throws {
        _ = try DemoCommand(arguments: ["--lighting", "night", "--auto-zoom", "--input", "auto"])
        #expect(throws: UsageError.self) { try DemoCommand(arguments: ["--backlight", "none"]) }
        #expect(throws: UsageError.self) { try ReplayCommand(arguments: ["ride.navrec", "--record-dir", "/tmp"]) }
    }

    @Test func theConfigFileSetsThemAsKeys() throws {
        let path = try RunConfigTests.file(
            """
            lighting = day
            auto-zoom = yes
            input = none
            backlight-night = 20
            key-map = /etc/navdisplay/keys.conf
            """)
        let run = try RunCommand(arguments: ["--config", path])
        #expect(run.configProblems.isEmpty, "\(run.configProblems)")
        #expect(run.ride.lighting == .day)
        #expect(run.ride.autoZoom)
        #expect(run.ride.input == RideOptions.Input.none)
        #expect(run.ride.backlightNightPercent == 20)
        #expect(run.ride.keyMapPath == "/etc/navdisplay/keys.conf")
    }

    @Test func aKeyMapFileReplacesTheStandardMapAndABadLineNamesItself() throws {
        let dir = try NavDisplayBinary.temporaryDirectory()
        let good = dir.appendingPathComponent("keys.conf").path
        try "# two GPIO buttons\nBTN_0 = zoom-in\nBTN_1 = day-night\n".write(
            toFile: good, atomically: true, encoding: .utf8)
        var options = RideOptions(input: .none)
        options.keyMapPath = good
        let map = try options.keyMap()
        #expect(map.bindings.count == 2)
        #expect(map.action(for: KeyCode(name: "BTN_1")!) == .cycleLighting)
        let bad = dir.appendingPathComponent("bad.conf").path
        try "BTN_0 = zoom-in\nBTN_1 = fly\n".write(toFile: bad, atomically: true, encoding: .utf8)
        options.keyMapPath = bad
        #expect {
            try options.keyMap()
        } throws: { error in
            "\(error)".contains("line 2") && "\(error)".contains("fly")
        }
        options.keyMapPath = dir.appendingPathComponent("missing.conf").path
        #expect(throws: UsageError.self) { try options.keyMap() }
    }
}
