/// Why a GPX file could not be read; each case names where (the line, counted from 1) and what to do.
public enum GPXError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file ends inside an element or a tag: it was cut short (a copy that did not finish, a full disk).
    case truncated(line: Int, inside: String)
    /// The XML itself is broken at this line.
    case malformed(line: Int, reason: String)
    /// The root element is not `gpx`.
    case notGPX(root: String)
    /// The root is `gpx` but not in the GPX 1.1 (or 1.0) namespace.
    case wrongNamespace(found: String)
    /// A point without its `lat` or `lon` attribute.
    case missingCoordinate(line: Int, element: String, attribute: String)
    /// A `lat` or `lon` that is not a finite number in range (NaN, 91, "abc").
    case badCoordinate(line: Int, element: String, attribute: String, text: String)
    /// An `ele` or `time` that cannot be read.
    case badValue(line: Int, element: String, text: String)
    /// More points than the reader takes (`GPXReader.maximumPoints`).
    case tooManyPoints(limit: Int)
    /// Elements nested deeper than the reader follows (`GPXReader.maximumDepth`).
    case tooDeep(line: Int, limit: Int)

    public var description: String {
        switch self {
        case .truncated(let line, let inside):
            return "GPX file ends early at line \(line), inside \(inside): the file is incomplete"
        case .malformed(let line, let reason):
            return "GPX file is not well-formed XML at line \(line): \(reason)"
        case .notGPX(let root):
            return "not a GPX file: the root element is <\(root)>, not <gpx>"
        case .wrongNamespace(let found):
            let shown = found.isEmpty ? "no namespace" : "namespace \"\(found)\""
            return "not a GPX 1.1 file: <gpx> has \(shown), expected \"\(GPXReader.namespace11)\""
        case .missingCoordinate(let line, let element, let attribute):
            return "GPX line \(line): <\(element)> has no \(attribute) attribute"
        case .badCoordinate(let line, let element, let attribute, let text):
            return "GPX line \(line): <\(element)> \(attribute)=\"\(text)\" is not a valid coordinate"
        case .badValue(let line, let element, let text):
            return "GPX line \(line): <\(element)> \"\(text)\" cannot be read"
        case .tooManyPoints(let limit):
            return "GPX file has more than \(limit) points, the most a route may hold; split it or thin it"
        case .tooDeep(let line, let limit):
            return "GPX line \(line): elements nested more than \(limit) deep"
        }
    }
}
