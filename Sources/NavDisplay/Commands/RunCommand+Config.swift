import Core
import FoundationEssentials
import Platform

/// `/etc/navdisplay/navdisplay.conf` for `run`: each `key = value` is the long option `--key` (the command line,
/// read after the file, wins), parsed by the same declarations as the command line, one setting at a time, so a
/// bad line is reported with its line and key and every other setting still counts.
extension RunCommand {
    /// Where the kiosk's settings live; `--config FILE` reads another, `--config none` none.
    static let defaultConfigPath = "/etc/navdisplay/navdisplay.conf"

    /// Takes `--config FILE` out of `arguments`; the file to read, or nil (none given and no default file).
    static func takeConfigPath(from arguments: inout [String]) throws -> String? {
        var path: String? = FileManager.default.fileExists(atPath: defaultConfigPath) ? defaultConfigPath : nil
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            let arg = arguments[index]
            if arg == "--config" {
                guard index + 1 < arguments.count else {
                    throw UsageError("navdisplay run: --config expects a file or none, got nothing")
                }
                path = arguments[index + 1] == "none" ? nil : arguments[index + 1]
                index += 2
            } else if arg.hasPrefix("--config=") {
                let value = String(arg.dropFirst("--config=".count))
                path = value == "none" ? nil : value
                index += 1
            } else {
                rest.append(arg)
                index += 1
            }
        }
        arguments = rest
        return path
    }

    /// The keys a settings file may set: every option of `run` but `--config`, from the same declarations.
    static var configKeys: [ConfigKey] { options.filter(\.configurable).map(\.configKey) }

    /// Applies the file's settings; returns what could not be used.
    mutating func applyConfig(_ text: String) -> [ConfigProblem] {
        // The keys' own checks (a number in its range, one of the words, yes or no) come first; a text value is
        // then converted by its option, as on the command line.
        let (settings, found) = ConfigFile(parsing: text).settings(for: Self.configKeys)
        var problems = found
        let parser = OptionParser(command: Self.name, options: Self.options, help: Self.help)
        for setting in settings {
            guard let spec = Self.options.first(where: { $0.configKey.name == setting.key }) else { continue }
            do {
                try parser.apply(spec, flag: spec.flag, text: setting.text, to: &self)
            } catch {
                problems.append(
                    ConfigProblem(
                        line: setting.line, key: setting.key,
                        message: "`\(setting.text)` is not \(spec.expected); the default is used"))
            }
        }
        return problems.sorted { $0.line < $1.line }
    }
}

extension RunCommand {
    /// Reads the settings file at `path` and applies it. A file given with `--config` that does not exist is a
    /// usage error; one that cannot be read is one problem, and the run goes on with the defaults.
    mutating func readConfig(_ path: String) throws -> [ConfigProblem] {
        let text: String?
        do {
            text = try AtomicFile.read(path, maxBytes: 256 * 1024)
        } catch {
            return [ConfigProblem(line: 0, key: nil, message: "\(error); every setting is the default")]
        }
        guard let text else { throw UsageError("navdisplay run: --config \(path): no such file") }
        return applyConfig(text)
    }

    /// HUD lines for what could not be used: one per bad config key (at most three, then a count), and a bad
    /// calibration file.
    func runNotices(calibrationProblem: String?) -> [String] {
        var lines = configProblems.prefix(3).map { problem in
            problem.line == 0
                ? "CONFIG UNREADABLE"
                : "CONFIG LINE \(problem.line)" + (problem.key.map { ": " + $0.uppercased() } ?? "")
        }
        if configProblems.count > 3 { lines.append("CONFIG: \(configProblems.count - 3) MORE (JOURNAL)") }
        if calibrationProblem != nil { lines.append("CALIBRATION FILE UNREADABLE") }
        return lines
    }
}
