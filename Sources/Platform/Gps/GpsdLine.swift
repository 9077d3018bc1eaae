import Core

/// gpsd's socket, cut into lines by us instead of by libgps, so that a line reaches libgps's parser only once it
/// has passed `GpsdLine.isWellFormed`.
///
/// Debian's libgps 3.22 spins for more than a minute inside `gps_unpack` on some malformed lines (two are in
/// `Fuzz/Known/libgps-json/`), and `gps_read` hands it every line the socket brings: anything answering on the
/// gpsd port could hang the display. gpsd itself only ever sends one well-formed JSON object per line.
struct GpsdLineBuffer {
    /// gpsd's longest report is a SKY with every satellite listed (a few kilobytes); a longer line is dropped
    /// whole, so a sender that never sends a newline cannot grow our memory.
    static let maximumLineBytes = 16_384
    private var bytes: [UInt8] = []
    /// Set while the line being received has passed the maximum: the rest of it is thrown away up to its newline.
    private var discarding = false
    /// Lines dropped for length since the start.
    private(set) var overlongLines = 0
    /// Bytes held now (a partial line).
    var bufferedBytes: Int { bytes.count }

    /// Adds what the socket delivered (call `nextLine` until nil after each chunk: that bounds the buffer).
    mutating func append(_ chunk: UnsafeRawBufferPointer) { bytes.append(contentsOf: chunk) }

    /// The next complete line without its `\n` (and a `\r` before it), nil until one has arrived.
    mutating func nextLine() -> [UInt8]? {
        while let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
            var line = Array(bytes[..<newline])
            bytes.removeSubrange(...newline)
            if discarding {
                // The end of a line already counted as too long.
                discarding = false
                continue
            }
            if line.count > Self.maximumLineBytes {
                overlongLines += 1
                continue
            }
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            return line
        }
        if bytes.count > Self.maximumLineBytes {
            if !discarding { overlongLines += 1 }
            discarding = true
            bytes.removeAll(keepingCapacity: true)
        }
        return nil
    }
}

/// The check a gpsd line passes before libgps parses it.
enum GpsdLine {
    /// What a line from the gpsd port is.
    enum Kind: Hashable {
        /// One report of a class we read: for libgps's parser.
        case report
        /// A DEVICES report, read here and never by libgps: libgps 3.22's device-list parser spins for minutes
        /// on an unknown key with an array value, a number where a string belongs, a long path, or an entry of
        /// another class (all found by fuzzing), while we need only each receiver's path and driver.
        case deviceList([GpsdDevice])
        /// A well-formed report of a class we do not read (WATCH, POLL, GST, PPS, …): skipped, nothing wrong.
        case otherClass
        /// Not what gpsd sends: skipped, and worth a line in the log (is gpsd what answers there?).
        case malformed
    }

    /// The report classes whose fields we read (`GpsdReading`); gpsd's other classes are of no use here and need
    /// not go through libgps at all.
    static let classesRead: Set<String> = ["TPV", "SKY", "ATT", "DEVICES", "DEVICE", "VERSION", "ERROR"]
    /// gpsd nests at most three deep in these classes (SKY → satellites → one satellite).
    static let maximumDepth = 4

    /// One JSON object with a string `class`, printable bytes only: what gpsd sends. A report of a class we read
    /// must also nest no deeper than gpsd does. The JSON is checked by the parser the gpsd log import uses
    /// (`JSONTree`), strictly: one object, nothing after it.
    static func kind(of line: [UInt8]) -> Kind {
        guard line.count >= 2, line.first == UInt8(ascii: "{"), line.last == UInt8(ascii: "}"),
            line.allSatisfy({ $0 >= 0x20 && $0 != 0x7f }),
            let object = JSONTree.parse(line) as? [String: Any], let reportClass = object["class"] as? String
        else { return .malformed }
        guard classesRead.contains(reportClass) else { return .otherClass }
        guard depth(of: object) <= maximumDepth else { return .malformed }
        guard reportClass == "DEVICES" else {
            // libgps picks its parser by searching the whole line for `"class":"NAME"`, so an object with a
            // class nested anywhere inside another report (gpsd nests none but DEVICES, which libgps never sees)
            // sends the line to that class's parser: a nested DEVICE makes 3.22 spin (found by fuzzing,
            // Fuzz/Known/libgps-json).
            guard !hasNestedClass(object), occurrences(of: Array(#""class""#.utf8), in: line) == 1 else {
                return .malformed
            }
            return .report
        }
        guard let entries = object["devices"] as? [Any] else { return .malformed }
        // As many as libgps keeps (MAXUSERDEVS), with paths and driver names of a sane length.
        let devices = entries.prefix(maximumDevices).compactMap { entry -> GpsdDevice? in
            guard let device = entry as? [String: Any], let path = device["path"] as? String else { return nil }
            return GpsdDevice(
                path: String(path.prefix(maximumNameBytes)),
                driver: String((device["driver"] as? String ?? "").prefix(maximumNameBytes)))
        }
        return .deviceList(devices)
    }

    /// libgps 3.22's MAXUSERDEVS: the receivers a DEVICES report can name.
    static let maximumDevices = 4
    /// Longer than any device path or driver name gpsd reports.
    static let maximumNameBytes = 256

    /// True for a line libgps may parse (`kind(of:)` is `.report`; DEVICES reports are read without it).
    static func isWellFormed(_ line: [UInt8]) -> Bool { kind(of: line) == .report }

    /// True when an object below the top level has a `class` key.
    private static func hasNestedClass(_ top: [String: Any]) -> Bool {
        func nested(_ value: Any) -> Bool {
            if let object = value as? [String: Any] {
                return object["class"] != nil || object.values.contains(where: nested)
            }
            if let array = value as? [Any] { return array.contains(where: nested) }
            return false
        }
        return top.values.contains(where: nested)
    }

    /// How many times `needle` occurs in `bytes` (overlapping ones counted).
    private static func occurrences(of needle: [UInt8], in bytes: [UInt8]) -> Int {
        guard !needle.isEmpty, bytes.count >= needle.count else { return 0 }
        var count = 0
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if bytes[start..<(start + needle.count)].elementsEqual(needle) { count += 1 }
        }
        return count
    }

    private static func depth(of value: Any) -> Int {
        if let object = value as? [String: Any] { return 1 + (object.values.map(depth(of:)).max() ?? 0) }
        if let array = value as? [Any] { return 1 + (array.map(depth(of:)).max() ?? 0) }
        return 0
    }
}
