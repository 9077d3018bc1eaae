import Core
import Foundation
import Testing

@testable import NavDisplay

/// Every option of every command is a declaration: each parses its own example in every command that declares
/// it, an option two commands share means the same in both, and `--help` is generated from the declarations.
@MainActor
@Suite("Option declarations")
struct OptionTableTests {
    /// Arguments a command needs besides the one under test, so only the option itself is judged.
    static let required: [String: [String]] = [
        "replay": ["ride.navrec"], "record": ["--out", "ride.navrec"], "render": ["--out", "frame.png"],
        "declination": ["--at", "60.17,24.94"], "config": ["check"],
    ]

    /// Options that only make sense with another (`command flag`: what it needs).
    static let companions: [String: [String]] = [
        "calibrate --accel-device": ["--level", "--at", "60.17,24.94"], "calibrate --level": ["--at", "60.17,24.94"],
        "replay --loop": ["--display", "png"],
    ]

    /// Flags that mean different things in different commands, and why that is right.
    static let differentOnPurpose: [String: String] = [
        "--out": "what a command writes: a recording, a calibration, a PNG file or a folder of frames",
        "--from": "replay plays from a time; record and calibrate read from a file",
        "--speed": "render draws a speed in km/h; replay and record play a file at a pace",
        "--zoom": "render draws any zoom a map has (0 to 22); a moving view keeps to 10 to 20",
        "--duration": "calibrate collects for at most 5 to 600 s; record and sensors stop after any time",
    ]

    static func arguments(_ command: CommandEntry, _ option: OptionDescription) -> [String] {
        [option.flag] + (option.example.map { [$0] } ?? []) + (companions["\(command.name) \(option.flag)"] ?? [])
            + (required[command.name] ?? [])
    }

    @Test func everyOptionOfEveryCommandParsesItsOwnExample() throws {
        var count = 0
        for command in commands {
            for option in command.options {
                #expect(option.isSwitch || option.example != nil, "\(command.name) \(option.flag) has no example")
                let arguments = Self.arguments(command, option)
                do {
                    try command.parse(arguments)
                } catch let error as UsageError {
                    Issue.record("navdisplay \(command.name) \(arguments.joined(separator: " ")): \(error.message)")
                }
                count += 1
            }
        }
        #expect(count > 150, "every command's options: \(count)")
    }

    @Test func everySharedOptionIsAcceptedByEveryCommandThatSharesIt() throws {
        var takers: [String: [CommandEntry]] = [:]
        for command in commands {
            for option in command.options where option.group != nil { takers[option.flag, default: []].append(command) }
        }
        let shared = takers.filter { $0.value.count >= 2 }
        #expect(shared.values.map(\.count).reduce(0, +) > 30, "the table is not empty")
        for (flag, list) in shared {
            for command in list {
                let option = try #require(command.options.first { $0.flag == flag })
                #expect(throws: Never.self, "\(command.name) \(flag)") {
                    try command.parse(Self.arguments(command, option))
                }
            }
        }
    }

    @Test func anOptionTwoCommandsTakeMeansTheSameInBoth() throws {
        var first: [String: (command: String, option: OptionDescription)] = [:]
        for command in commands {
            for option in command.options where Self.differentOnPurpose[option.flag] == nil {
                guard let seen = first[option.flag] else {
                    first[option.flag] = (command.name, option)
                    continue
                }
                #expect(
                    option.kind == seen.option.kind && option.placeholder == seen.option.placeholder
                        && option.names == seen.option.names,
                    "\(option.flag): \(seen.command) takes \(seen.option.kind), \(command.name) \(option.kind)")
            }
        }
        // The spellings that differed before are one declaration now.
        let sampleRate = commands.filter { c in c.options.contains { $0.flag == "--sample-rate" } }.map(\.name)
        #expect(Set(sampleRate) == ["run", "record", "sensors", "calibrate"])
        #expect(commands.allSatisfy { c in !c.options.contains { $0.flag == "--rate" } })
    }

    @Test func theOldSpellingOfTheSampleRateStillWorks() throws {
        let sensors = try SensorsCommand(arguments: ["--rate", "20"])
        #expect(sensors.rate == 20)
        let record = try RecordCommand(arguments: ["--out", "x.navrec", "--sample-rate", "40"])
        #expect(record.rate == 40)
    }

    @Test func demoWritesItsFramesWhereEitherFolderOptionSays() throws {
        #expect(try DemoCommand(arguments: ["--png-dir", "a"]).display.pngDirectory == "a")
        #expect(try DemoCommand(arguments: ["--out", "b"]).display.pngDirectory == "b")
        #expect(try DemoCommand(arguments: []).display.pngDirectory == "demo-frames")
    }

    @Test func theBoardOrientationMeansTheSameInEveryLiveCommand() throws {
        for name in ["run", "record", "sensors", "calibrate"] {
            let command = try #require(commands.first { $0.name == name })
            try command.parse(["--board-orientation", "y,x,-z"] + (Self.required[name] ?? []))
            #expect(throws: UsageError.self) {
                try command.parse(["--board-orientation", "x,x,z"] + (Self.required[name] ?? []))
            }
        }
    }

    @Test func helpIsGeneratedFromTheDeclarations() throws {
        for command in commands {
            #expect(command.help.hasPrefix(command.about))
            for option in command.options {
                #expect(
                    command.help.contains("\n  " + option.flag + (option.placeholder.map { " " + $0 } ?? "")),
                    "\(command.name) --help does not show \(option.flag)")
            }
            let flags = command.options.flatMap(\.names)
            #expect(Set(flags).count == flags.count, "\(command.name) declares a flag twice")
            #expect(flags.allSatisfy { $0.hasPrefix("--") && $0.count > 3 })
        }
        #expect(DisplayOptions.help().contains("  --card PATH             the DRM card"))
    }

    @Test func everyOptionOfRunButConfigIsAKeyOfItsSettingsFile() throws {
        let keys = Set(RunCommand.configKeys.map(\.name))
        let options = Set(RunCommand.options.map { String($0.flag.dropFirst(2)) })
        #expect(options.subtracting(keys) == ["config"])
        #expect(keys.isSuperset(of: ["zoom", "map", "no-gps", "sample-rate", "display", "record", "stats"]))
    }
}

/// `navdisplay help --json`, which the man page and the bash completion are generated from
/// (scripts/deb/help-pages.py), is the declarations themselves.
@MainActor
@Suite("Option catalog")
struct OptionCatalogTests {
    @Test func theCatalogListsEveryCommandAndOptionAsDeclared() throws {
        let r = try NavDisplayBinary.run(["help", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let listed = try #require(json["commands"] as? [[String: Any]])
        #expect(listed.compactMap { $0["name"] as? String } == commands.map(\.name))
        for (entry, command) in zip(listed, commands) {
            let options = try #require(entry["options"] as? [[String: Any]])
            #expect(options.compactMap { ($0["names"] as? [String])?.first } == command.options.map(\.flag))
            #expect(entry["usage"] as? String == String(command.about.split(separator: "\n")[0].dropFirst(7)))
        }
        let replay = try #require(listed.first { $0["name"] as? String == "replay" }?["options"] as? [[String: Any]])
        func option(_ flag: String) throws -> [String: Any] {
            try #require(replay.first { ($0["names"] as? [String])?.first == flag })
        }
        #expect(try option("--orientation")["choices"] as? [String] == OrientationMode.allCases.map(\.rawValue))
        #expect(try option("--map")["completion"] as? String == "file")
        #expect(try option("--png-dir")["completion"] as? String == "directory")
        #expect(try option("--fps")["minimum"] as? Double == 0.1)
        #expect(try option("--loop")["kind"] as? String == "switch")
        #expect(json["configKeys"] as? [String] == RunCommand.configKeys.map(\.name))
    }

    /// The packaging script turns the catalog into the man page and the completion; both name what is declared.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3"))
    func theManPageAndCompletionAreGeneratedFromTheCatalog() throws {
        let dir = try NavDisplayBinary.temporaryDirectory()
        let script = NavDisplayBinary.repositoryRoot.appendingPathComponent("scripts/deb/help-pages.py").path
        for kind in ["manpage", "completion"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [script, NavDisplayBinary.path, kind, dir.appendingPathComponent(kind).path]
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "help-pages.py \(kind)")
        }
        let completion = try String(contentsOf: dir.appendingPathComponent("completion"), encoding: .utf8)
        #expect(completion.contains(#"--style) COMPREPLY=($(compgen -W "day night" -- "$cur")); return ;;"#))
        #expect(completion.contains(#"--png-dir) COMPREPLY=($(compgen -d -- "$cur")); return ;;"#))
        #expect(completion.contains(#"--map) COMPREPLY=($(compgen -W "none" -- "$cur") $(compgen -f -- "$cur"))"#))
        #expect(completion.contains("--sample-rate|--rate) return ;;"))
        let manpage = try String(contentsOf: dir.appendingPathComponent("manpage"), encoding: .utf8)
        for command in commands { #expect(manpage.contains(".SH NAVDISPLAY \(command.name.uppercased())")) }
        #expect(manpage.contains(#"\fB\-\-board\-orientation\fR \fIA\fR"#))
        #expect(manpage.contains(#"\fBparked\-fps\fR"#), "the settings file's keys are listed")
    }
}
