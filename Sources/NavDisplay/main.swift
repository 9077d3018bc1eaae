import Glibc
import Platform

// navdisplay: argument dispatch and exit statuses. Every subcommand lives in Commands/; this file only picks one,
// runs it, and turns errors into one line on stderr and an exit status (64 for usage, 1 for failures).

let topHelp = """
    navdisplay \(Version.string): an embedded navigation display (map, heading arrow, HUD) for DRM/KMS screens.

    USAGE: navdisplay <command> [options]

    COMMANDS:
    \(commands.map { "  " + $0.name + String(repeating: " ", count: max(0, 14 - $0.name.count)) + $0.summary }.joined(separator: "\n"))

    Run `navdisplay <command> --help` for a command's options.
      -h, --help      show this help
      help --json     every command and option as JSON (the man page and completion are made from it)
      --version       print the version
    """

func writeError(_ line: String) {
    StandardError.write(line + "\n")
}

@MainActor func runMain(_ argv: [String]) -> Int32 {
    guard let first = argv.first else {
        print(topHelp)
        return UsageError.exitStatus
    }
    switch first {
    case "help" where argv.dropFirst().first == "--json":
        do {
            print(try OptionCatalog(commands: commands, configKeys: RunCommand.configKeys).json())
            return 0
        } catch {
            writeError("navdisplay help: \(error)")
            return 1
        }
    case "-h", "--help", "help":
        if argv.count > 1, let c = commands.first(where: { $0.name == argv[1] }) {
            print(c.help)
        } else {
            print(topHelp)
        }
        return 0
    case "--version", "-V":
        print("navdisplay \(Version.string)")
        return 0
    default:
        break
    }
    guard let type = commands.first(where: { $0.name == first }) else {
        writeError(
            "navdisplay: unknown command \"\(first)\" (commands: \(commands.map(\.name).joined(separator: ", ")); see navdisplay --help)"
        )
        return UsageError.exitStatus
    }
    do {
        return try type.parseAndRun(Array(argv.dropFirst()))
    } catch let help as HelpRequest {
        print(help.text)
        return 0
    } catch let usage as UsageError {
        writeError(usage.message)
        return UsageError.exitStatus
    } catch {
        writeError("navdisplay \(type.name): error: \(error)")
        return 1
    }
}

HeapTuning.keepHeapSmall()
exit(runMain(Array(CommandLine.arguments.dropFirst())))
