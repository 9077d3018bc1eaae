/// Reads GPX 1.1 (and 1.0) files: waypoints, routes and tracks with their names, elevations and times.
///
/// One pass over the bytes with `XMLScanner`, in time proportional to the file and memory proportional to the
/// points kept. Elements of other namespaces (extensions) and GPX elements a ride does not use (`desc`, `link`,
/// `hdop`, …) are skipped. Anything broken is a `GPXError` naming the line: a cut-off file, a wrong namespace, a
/// coordinate that is NaN or out of range, or more than `maximumPoints` points.
public enum GPXReader {
    /// The GPX 1.1 namespace (the one this project writes).
    public static let namespace11 = "http://www.topografix.com/GPX/1/1"
    /// The GPX 1.0 namespace: its tracks, routes and waypoints have the same shape, so they read the same.
    public static let namespace10 = "http://www.topografix.com/GPX/1/0"
    /// The most points one file may hold: two million is 3.5 years of a 1 Hz track's riding hours, about 100 MB
    /// once loaded with its route index. A larger file is refused with `GPXError.tooManyPoints`.
    public static let maximumPoints = 2_000_000
    /// The deepest element nesting followed (GPX itself needs 4; extensions a few more).
    public static let maximumDepth = 256

    /// Parses a whole GPX file held in memory.
    public static func read(_ bytes: [UInt8], maximumPoints: Int = maximumPoints) throws(GPXError) -> GPXDocument {
        let result: Result<GPXDocument, GPXError> = bytes.withUnsafeBufferPointer { buffer in
            var builder = GPXBuilder(scanner: XMLScanner(buffer), maximumPoints: maximumPoints)
            do throws(GPXError) {
                return .success(try builder.run())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses GPX text.
    public static func read(_ text: String, maximumPoints: Int = maximumPoints) throws(GPXError) -> GPXDocument {
        try read(Array(text.utf8), maximumPoints: maximumPoints)
    }
}

/// The state of one read: the element stack, the namespaces in scope and the point being built.
private struct GPXBuilder {
    enum Kind { case gpx, metadata, trk, trkseg, rte, wpt, trkpt, rtept, name, ele, time, other }

    struct Open {
        var kind: Kind
        var name: Range<Int>
        var bindings: Int
    }

    struct Binding {
        var prefix: [UInt8]
        var isGPX: Bool
    }

    var scanner: XMLScanner
    let maximumPoints: Int
    var stack: [Open] = []
    var bindings: [Binding] = []
    var document = GPXDocument(creator: "")
    var rootSeen = false
    var pointCount = 0
    var text: [UInt8] = []
    var point = GPXPoint(coordinate: GeoCoordinate(latitude: 0, longitude: 0))
    var segment: [GPXPoint] = []
    var track = GPXTrack(segments: [])
    var route = GPXRoute(points: [])

    init(scanner: XMLScanner, maximumPoints: Int) {
        self.scanner = scanner
        self.maximumPoints = maximumPoints
    }

    var bytes: UnsafeBufferPointer<UInt8> { scanner.bytes }

    mutating func run() throws(GPXError) -> GPXDocument {
        while let token = try scanner.next() {
            switch token {
            case .start(let name, let selfClosing):
                let tagStart = scanner.position
                try open(name, at: tagStart)
                if selfClosing { try close(name) }
            case .end(let name):
                try close(name)
            case .text(let range, let cdata):
                try addText(range, cdata: cdata)
            }
        }
        if let top = stack.last {
            throw .truncated(line: scanner.line(at: bytes.count), inside: "<\(string(top.name))>")
        }
        guard rootSeen else { throw .malformed(line: 1, reason: "no root element (is the file empty?)") }
        return document
    }

    // MARK: - Elements

    mutating func open(_ name: Range<Int>, at offset: Int) throws(GPXError) {
        guard stack.count < GPXReader.maximumDepth else {
            throw .tooDeep(line: scanner.line(at: offset), limit: GPXReader.maximumDepth)
        }
        let bindingsBefore = bindings.count
        for a in scanner.attributes where startsWith(a.name, "xmlns") {
            let attribute = slice(a.name)
            guard attribute.count == 5 || attribute[5] == UInt8(ascii: ":") else { continue }
            let uri = string(a.value)
            let prefix = attribute.count == 5 ? [] : Array(attribute[6...])
            bindings.append(
                Binding(prefix: prefix, isGPX: uri == GPXReader.namespace11 || uri == GPXReader.namespace10))
        }
        let (prefix, local) = split(name)
        let inGPX = resolve(prefix)
        if !rootSeen {
            guard stack.isEmpty else { throw .malformed(line: scanner.line(at: offset), reason: "nested root") }
            guard equals(local, "gpx") else { throw .notGPX(root: string(name)) }
            guard inGPX else { throw .wrongNamespace(found: namespace(of: prefix)) }
            rootSeen = true
            document.creator = attributeString("creator") ?? ""
            stack.append(Open(kind: .gpx, name: name, bindings: bindingsBefore))
            return
        }
        guard !stack.isEmpty else {
            throw .malformed(line: scanner.line(at: offset), reason: "an element after the end of <gpx>")
        }
        let parent = stack[stack.count - 1].kind
        let kind = inGPX ? classify(local, parent: parent) : .other
        switch kind {
        case .trkpt, .rtept, .wpt:
            point = try startPoint(element: string(local), at: offset)
        case .trk: track = GPXTrack(segments: [])
        case .trkseg: segment = []
        case .rte: route = GPXRoute(points: [])
        case .name, .ele, .time: text.removeAll(keepingCapacity: true)
        default: break
        }
        stack.append(Open(kind: kind, name: name, bindings: bindingsBefore))
    }

    mutating func close(_ name: Range<Int>) throws(GPXError) {
        guard let top = stack.popLast() else {
            throw .malformed(line: scanner.line(at: scanner.position), reason: "</\(string(name))> closes nothing")
        }
        guard slice(top.name).elementsEqual(slice(name)) else {
            throw .malformed(
                line: scanner.line(at: scanner.position),
                reason: "</\(string(name))> where </\(string(top.name))> was expected")
        }
        bindings.removeSubrange(top.bindings...)
        let parent = stack.last?.kind
        switch top.kind {
        case .trkpt:
            try count()
            segment.append(point)
        case .rtept:
            try count()
            route.points.append(point)
        case .wpt:
            try count()
            document.waypoints.append(point)
        case .trkseg: track.segments.append(segment)
        case .trk: document.tracks.append(track)
        case .rte: document.routes.append(route)
        case .name:
            let value = String(decoding: text, as: UTF8.self)
            switch parent {
            case .trk: track.name = value
            case .rte: route.name = value
            case .trkpt, .rtept, .wpt: point.name = value
            default: break
            }
        case .ele where isBlank(), .time where isBlank():
            break  // `<ele/>` or `<time></time>`: some writers leave them empty; nothing was said
        case .ele:
            guard let metres = parseText(), metres.isFinite else { throw badValue("ele") }
            point.elevationMetres = metres
        case .time:
            guard let seconds = ISO8601Time.parse(Substring(String(decoding: text, as: UTF8.self))) else {
                throw badValue("time")
            }
            if parent == .metadata || parent == .gpx {
                document.utcSeconds = seconds
            } else {
                point.utcSeconds = seconds
            }
        default: break
        }
    }

    func classify(_ local: Range<Int>, parent: Kind) -> Kind {
        switch parent {
        case .gpx:
            if equals(local, "trk") { return .trk }
            if equals(local, "rte") { return .rte }
            if equals(local, "wpt") { return .wpt }
            if equals(local, "metadata") { return .metadata }
            if equals(local, "time") { return .time }  // GPX 1.0 keeps the file's time here
        case .trk:
            if equals(local, "trkseg") { return .trkseg }
            if equals(local, "name") { return .name }
        case .trkseg:
            if equals(local, "trkpt") { return .trkpt }
        case .rte:
            if equals(local, "rtept") { return .rtept }
            if equals(local, "name") { return .name }
        case .trkpt, .rtept, .wpt:
            if equals(local, "ele") { return .ele }
            if equals(local, "time") { return .time }
            if equals(local, "name") { return .name }
        case .metadata:
            if equals(local, "time") { return .time }
        default: break
        }
        return .other
    }

    mutating func count() throws(GPXError) {
        pointCount += 1
        if pointCount > maximumPoints { throw .tooManyPoints(limit: maximumPoints) }
    }

    func startPoint(element: String, at offset: Int) throws(GPXError) -> GPXPoint {
        var lat: Double?
        var lon: Double?
        for a in scanner.attributes {
            let isLat = equals(a.name, "lat")
            guard isLat || equals(a.name, "lon") else { continue }
            let attribute = isLat ? "lat" : "lon"
            guard let v = DecimalText.parse(bytes, a.value), v.isFinite, abs(v) <= (isLat ? 90 : 180) else {
                throw .badCoordinate(
                    line: scanner.line(at: offset), element: element, attribute: attribute, text: string(a.value))
            }
            if isLat { lat = v } else { lon = v }
        }
        guard let lat else {
            throw .missingCoordinate(line: scanner.line(at: offset), element: element, attribute: "lat")
        }
        guard let lon else {
            throw .missingCoordinate(line: scanner.line(at: offset), element: element, attribute: "lon")
        }
        return GPXPoint(coordinate: GeoCoordinate(latitude: lat, longitude: lon))
    }

    // MARK: - Text

    mutating func addText(_ range: Range<Int>, cdata: Bool) throws(GPXError) {
        guard let top = stack.last else {
            // Only white space may stand outside the root.
            for i in range where !(bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x09 || bytes[i] == 0x0D) {
                throw .malformed(line: scanner.line(at: i), reason: "text outside the <gpx> element")
            }
            return
        }
        guard top.kind == .name || top.kind == .ele || top.kind == .time else { return }
        guard text.count + range.count <= 1 << 20 else { throw badValue(string(top.name)) }
        if cdata {
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
        } else {
            appendDecoded(range)
        }
    }

    /// Appends text with the five predefined entities and character references decoded; an unknown entity is
    /// kept as written.
    mutating func appendDecoded(_ range: Range<Int>) {
        var i = range.lowerBound
        while i < range.upperBound {
            guard bytes[i] == UInt8(ascii: "&") else {
                text.append(bytes[i])
                i += 1
                continue
            }
            var end = i + 1
            while end < range.upperBound, end - i < 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
            guard end < range.upperBound, bytes[end] == UInt8(ascii: ";") else {
                text.append(bytes[i])
                i += 1
                continue
            }
            let entity = String(decoding: UnsafeBufferPointer(rebasing: bytes[(i + 1)..<end]), as: UTF8.self)
            if let decoded = Self.decode(entity) {
                text.append(contentsOf: decoded)
            } else {
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i...end]))
            }
            i = end + 1
        }
    }

    static func decode(_ entity: String) -> [UInt8]? {
        switch entity {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default:
            guard entity.hasPrefix("#") else { return nil }
            let digits = entity.dropFirst()
            let hex = digits.hasPrefix("x") || digits.hasPrefix("X")
            guard let code = UInt32(hex ? digits.dropFirst() : digits, radix: hex ? 16 : 10),
                let scalar = Unicode.Scalar(code)
            else { return nil }
            return Array(String(Character(scalar)).utf8)
        }
    }

    func isBlank() -> Bool {
        text.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }
    }

    func parseText() -> Double? {
        text.withUnsafeBufferPointer { DecimalText.parse($0, 0..<$0.count) }
    }

    func badValue(_ element: String) -> GPXError {
        .badValue(
            line: scanner.line(at: scanner.position), element: element, text: String(decoding: text, as: UTF8.self))
    }

    // MARK: - Names and namespaces

    func slice(_ r: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[r]) }

    func string(_ r: Range<Int>) -> String { String(decoding: slice(r), as: UTF8.self) }

    func equals(_ r: Range<Int>, _ s: StaticString) -> Bool {
        guard r.count == s.utf8CodeUnitCount else { return false }
        let p = s.utf8Start
        for k in 0..<r.count where bytes[r.lowerBound + k] != p[k] { return false }
        return true
    }

    func startsWith(_ r: Range<Int>, _ s: StaticString) -> Bool {
        r.count >= s.utf8CodeUnitCount && equals(r.lowerBound..<(r.lowerBound + s.utf8CodeUnitCount), s)
    }

    /// A qualified name split at its colon: (prefix, local name); the prefix is empty without one.
    func split(_ name: Range<Int>) -> (Range<Int>, Range<Int>) {
        for i in name where bytes[i] == UInt8(ascii: ":") {
            return (name.lowerBound..<i, (i + 1)..<name.upperBound)
        }
        return (name.lowerBound..<name.lowerBound, name)
    }

    /// True when `prefix` (empty for the default namespace) is bound to a GPX namespace.
    func resolve(_ prefix: Range<Int>) -> Bool {
        for b in bindings.reversed() where b.prefix.elementsEqual(slice(prefix)) { return b.isGPX }
        return false
    }

    /// The namespace URI `prefix` is bound to, for an error message ("" when none).
    func namespace(of prefix: Range<Int>) -> String {
        let wanted = Array(slice(prefix))
        let name = wanted.isEmpty ? "xmlns" : "xmlns:" + String(decoding: wanted, as: UTF8.self)
        return attributeString(name) ?? ""
    }

    func attributeString(_ name: String) -> String? {
        let wanted = Array(name.utf8)
        for a in scanner.attributes where slice(a.name).elementsEqual(wanted) {
            var copy = self
            copy.text.removeAll()
            copy.appendDecoded(a.value)
            return String(decoding: copy.text, as: UTF8.self)
        }
        return nil
    }
}
