import Testing

@testable import NavDisplay

/// The shared option groups are declared once: every option two commands share is accepted by both, and each
/// command's help shows the declaration's own help line.
@MainActor
@Suite("Shared options")
struct OptionTableTests {
    /// Arguments a command needs besides the one under test, so only the option itself is judged.
    static let required: [String: [String]] = [
        "replay": ["ride.navrec"], "record": ["--out", "ride.navrec"], "render": ["--out", "frame.png"],
    ]

    /// Every (flag, command) pair where two or more commands take the flag from a shared group.
    static func sharedPairs() -> [(flag: String, example: String?, command: CommandEntry)] {
        var takers: [String: [(String?, CommandEntry)]] = [:]
        for command in commands {
            for group in command.shared.groups {
                for flag in group.flags { takers[flag, default: []].append((group.examples[flag] ?? nil, command)) }
            }
        }
        return takers.filter { $0.value.count >= 2 }.sorted { $0.key < $1.key }.flatMap { flag, list in
            list.map { (flag, $0.0, $0.1) }
        }
    }

    @Test func everySharedOptionIsAcceptedByEveryCommandThatSharesIt() throws {
        let pairs = Self.sharedPairs()
        #expect(pairs.count > 30, "the table is not empty: \(pairs.count) pairs")
        for (flag, example, command) in pairs {
            let arguments = [flag] + (example.map { [$0] } ?? []) + (Self.required[command.name] ?? [])
            do {
                try command.parse(arguments)
            } catch let error as UsageError {
                Issue.record("navdisplay \(command.name) \(arguments.joined(separator: " ")): \(error.message)")
            }
        }
    }

    @Test func theBoardOrientationMeansTheSameInEveryLiveCommand() throws {
        for name in ["run", "record", "sensors"] {
            let command = try #require(commands.first { $0.name == name })
            try command.parse(["--board-orientation", "y,x,-z"] + (Self.required[name] ?? []))
            #expect(throws: UsageError.self) {
                try command.parse(["--board-orientation", "x,x,z"] + (Self.required[name] ?? []))
            }
        }
    }

    @Test func helpIsGeneratedFromTheDeclarations() throws {
        for command in commands {
            for group in command.shared.groups {
                for flag in group.flags {
                    let line = "  " + flag
                    #expect(command.help.contains(line), "\(command.name) --help does not show \(flag)")
                }
            }
        }
        #expect(DisplayOptions.help.contains("  --card PATH             the DRM card"))
    }
}
