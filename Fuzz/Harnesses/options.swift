import Core

/// The option parser as commands use it (`OptionParser` over `OptionSpec` declarations and `ArgumentScanner`,
/// compiled in from Sources/NavDisplay/CLI): arguments split at NUL bytes, parsed against one declaration of
/// each kind (a switch, a number in a range, a whole number, a choice, text, a size, host:port), then the same
/// values through the settings-file path (`ConfigKey`), as `run`'s navdisplay.conf is read.
enum Mode: String, CaseIterable, Sendable {
    case northUp = "north-up"
    case headingUp = "heading-up"
    case auto
}

struct Values {
    var stats = false
    var zoom = 16.0
    var samples = 0
    var mode = Mode.auto
    var card = ""
    var size = (width: 800, height: 480)
    var gpsd = (host: "localhost", port: "2947")
    var positionals: [String] = []
}

let options: [OptionSpec<Values>] = [
    .flag("--stats", help: "a switch") { $0.stats = true },
    .number("--zoom", "Z", aliases: ["-z"], in: 0...22, what: "a zoom from 0 to 22", example: "16", help: "zoom") {
        $0.zoom = $1
    },
    .integer("--samples", "N", in: 1...1_000_000, what: "a count", example: "10", help: "samples") { $0.samples = $1 },
    .choice("--orientation", Mode.self, help: "a choice") { $0.mode = $1 },
    .text("--card", "PATH", what: "a device path", example: "/dev/dri/card0", help: "text") { $0.card = $1 },
    .value("--size", "WxH", what: "a size such as 800x480", example: "800x480", help: "size", convert: parseSize) {
        $0.size = $1
    },
    .value("--gpsd", "HOST:PORT", what: "host:port", example: "localhost:2947", help: "gpsd", convert: parseHostPort) {
        $0.gpsd = $1
    },
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).prefix(256).map {
        String(decoding: $0, as: UTF8.self)
    }
    let parser = OptionParser(command: "fuzz", options: options, help: "fuzz help")
    var values = Values()
    _ = try? parser.parse(arguments, into: &values) { v, text in v.positionals.append(text) }
    // The settings file's path: each argument as the value of each key, checked by the same declarations.
    for spec in options {
        for text in arguments.prefix(8) {
            var fromFile = Values()
            _ = try? parser.apply(spec, flag: spec.flag, text: text, to: &fromFile)
        }
    }
    return 0
}
