import Core

/// The option parser (`ArgumentScanner`, compiled in from Sources/NavDisplay/CLI): arguments split at NUL bytes,
/// every flag read the ways commands read them (a value, a number in a range, a choice, a size, host:port).
enum Mode: String, CaseIterable {
    case northUp = "north-up"
    case headingUp = "heading-up"
    case auto
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
    }
    var scanner = ArgumentScanner(command: "fuzz", arguments: arguments)
    var rounds = 0
    while rounds < 256, let argument = try? scanner.next() {
        rounds += 1
        switch argument {
        case .flag(let flag):
            switch flag.utf8.count % 6 {
            case 0: _ = try? scanner.value(for: flag, expecting: "text")
            case 1: _ = try? scanner.number(for: flag, in: 0...22, what: "a zoom")
            case 2: _ = try? scanner.choice(for: flag, Mode.self)
            case 3: _ = try? scanner.value(for: flag, expecting: "WxH", parseSize)
            case 4: _ = try? scanner.value(for: flag, expecting: "host:port", parseHostPort)
            default: _ = scanner.unknown(flag)
            }
        case .positional(let value):
            _ = scanner.unexpected(value)
        }
    }
    return 0
}
