import Core
import Testing

@Suite struct ConfigFileTests {
    @Test func settingsCommentsAndBlankLinesAreReadAsAnEditorNumbersThem() {
        let file = ConfigFile(
            parsing: """
                # navdisplay.conf
                map = /usr/share/navdisplay/maps/helsinki.mbtiles

                  orientation=heading-up   # the arrow points up
                zoom = 16.5\r
                label = "north # 2 "
                path = a#b.mbtiles
                """)
        #expect(file.problems == [])
        #expect(
            file.entries == [
                ConfigEntry(key: "map", value: "/usr/share/navdisplay/maps/helsinki.mbtiles", line: 2),
                ConfigEntry(key: "orientation", value: "heading-up", line: 4),
                ConfigEntry(key: "zoom", value: "16.5", line: 5),
                ConfigEntry(key: "label", value: "north # 2 ", line: 6),
                ConfigEntry(key: "path", value: "a#b.mbtiles", line: 7),
            ])
    }

    @Test func aBadLineIsReportedWithItsLineAndKeyAndTheRestStillCounts() {
        let file = ConfigFile(
            parsing: """
                zoom = 17
                orientation heading-up
                = 5
                Map = x
                style =
                name = "unclosed
                quote = "a" b
                escape = "a\\q"
                fps = 10
                """)
        #expect(file.entries.map(\.key) == ["zoom", "fps"])
        #expect(
            file.problems == [
                ConfigProblem(
                    line: 2, key: "orientation", message: "expected `key = value`, found `orientation heading-up`"),
                ConfigProblem(line: 3, key: nil, message: "no key before `=`"),
                ConfigProblem(line: 4, key: nil, message: "`Map` is not a key (lower case letters, digits and -)"),
                ConfigProblem(line: 5, key: "style", message: "no value (delete the line to use the default)"),
                ConfigProblem(line: 6, key: "name", message: "the quote is not closed"),
                ConfigProblem(line: 7, key: "quote", message: "text after the closing quote: `b`"),
                ConfigProblem(line: 8, key: "escape", message: "only \\\" and \\\\ may follow a backslash in quotes"),
            ])
        #expect(file.problems[0].description.hasPrefix("line 2: orientation: expected"))
    }

    @Test func aKeySetTwiceKeepsTheLaterLineAndReportsTheEarlier() {
        let file = ConfigFile(parsing: "zoom = 15\nfps = 5\nzoom = 18\n")
        #expect(file.entry("zoom") == ConfigEntry(key: "zoom", value: "18", line: 3))
        #expect(file.entries.map(\.key) == ["fps", "zoom"])
        #expect(
            file.problems == [ConfigProblem(line: 1, key: "zoom", message: "set again on line 3; this line is ignored")]
        )
    }

    @Test func binaryOrHugeInputIsReportedNotParsedAndNeverTraps() {
        let long = String(repeating: "x", count: ConfigFile.maximumLineLength + 1)
        let file = ConfigFile(parsing: "zoom = 17\n" + long + "\n\u{0}\u{1}garbage\u{FFFD}\nfps = 9")
        #expect(file.entries.map(\.key) == ["zoom", "fps"])
        #expect(file.problems.map(\.line) == [2, 3])
        #expect(ConfigFile(parsing: "").entries.isEmpty)
        #expect(ConfigFile(parsing: "=\n==\n\"").problems.count == 3)
    }
}

@Suite struct ConfigSettingsTests {
    static let keys = [
        ConfigKey("zoom", .number(10...20, what: "a number from 10 to 20")),
        ConfigKey("orientation", .choice(["north-up", "heading-up", "course-up", "auto"])),
        ConfigKey("map", .text(what: "a map file")),
        ConfigKey("stats", .flag),
        ConfigKey("no-gps", .flag),
    ]

    @Test func goodValuesBecomeSettingsAndTheirCommandLineArguments() {
        let checked = ConfigFile(
            parsing: "zoom = 16.5\norientation = course-up\nmap = /m.pmtiles\nstats = yes\nno-gps = off\n"
        ).settings(for: Self.keys)
        #expect(checked.problems == [])
        #expect(
            checked.settings.map(\.value) == [
                .number(16.5), .choice("course-up"), .text("/m.pmtiles"), .flag(true), .flag(false),
            ])
        #expect(
            checked.settings.flatMap(\.arguments) == [
                "--zoom", "16.5", "--orientation", "course-up", "--map", "/m.pmtiles", "--stats",
            ])
    }

    @Test func unknownKeysAndBadValuesNameTheirLineAndKeyAndTheGoodOnesStay() {
        let checked = ConfigFile(
            parsing: "zoom = 25\norientation = sideways\nmap = /m.mbtiles\ncolour = red\nstats = maybe\nzoom-level\n"
        ).settings(for: Self.keys)
        #expect(checked.settings.map(\.key) == ["map"])
        #expect(
            checked.problems.map(\.description) == [
                "line 1: zoom: `25` is not a number from 10 to 20; the default is used",
                "line 2: orientation: `sideways` is not one of north-up, heading-up, course-up, auto; the default is used",
                "line 4: colour: unknown key; ignored",
                "line 5: stats: `maybe` is not yes or no; the default is used",
                "line 6: zoom-level: expected `key = value`, found `zoom-level`",
            ])
    }

    @Test(arguments: ["nan", "inf", "-inf", "1e400", "0x10", ""])
    func aNumberThatIsNotFiniteOrInRangeIsRefused(text: String) {
        let zoom = ConfigKey("zoom", .number(10...20, what: "a zoom"))
        #expect(zoom.value(of: text) == .failure(ConfigValueError(message: "`\(text)` is not a zoom")))
    }
}
